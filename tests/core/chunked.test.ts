import { randomLcg, randomNormal, randomUniform } from 'd3-random';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkedDeltaRule, chunkedGatedDeltaRule, type FlopCounter } from '../../src/core/chunked';
import { prefillFlops, sequentialSteps } from '../../src/core/flops';
import { recurrentDeltaRule, recurrentGatedDeltaRule } from '../../src/core/reference';
import type { DeltaRuleResult, GatedDeltaRuleInput } from '../../src/core/sequence';

function unit(x: Float64Array): Float64Array {
  const norm = Math.hypot(...x);
  if (norm < 1e-6) {
    const e0 = new Float64Array(x.length);
    e0[0] = 1;
    return e0;
  }
  return x.map((xi) => xi / norm);
}

/** A seeded stream: unit keys, normal queries, values and initial state, β ∈ (0, 1], g ∈ [−1, 0]. */
function problem(seed: number, L: number, dk: number, dv: number): GatedDeltaRuleInput {
  const source = randomLcg(seed);
  const normal = randomNormal.source(source)();
  const uniform = randomUniform.source(source);
  const beta = uniform(1e-3, 1);
  const logDecay = uniform(-1, 0);
  const rows = (width: number): Float64Array[] => Array.from({ length: L }, () => Float64Array.from({ length: width }, normal));
  return {
    queries: rows(dk),
    keys: rows(dk).map(unit),
    values: rows(dv),
    betas: Float64Array.from({ length: L }, beta),
    logDecays: Float64Array.from({ length: L }, logDecay),
    initialState: Float64Array.from({ length: dk * dv }, normal),
  };
}

function maxAbsDiff(a: Float64Array, b: Float64Array): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  a.forEach((ai, i) => {
    m = Math.max(m, Math.abs(ai - (b[i] ?? Number.NaN)));
  });
  return m;
}

function expectSame(actual: DeltaRuleResult, expected: DeltaRuleResult, tolerance = 1e-9): void {
  expect(actual.outputs).toHaveLength(expected.outputs.length);
  actual.outputs.forEach((o, t) => {
    const reference = expected.outputs[t] ?? new Float64Array();
    expect(maxAbsDiff(o, reference)).toBeLessThanOrEqual(tolerance);
  });
  expect(maxAbsDiff(actual.state, expected.state)).toBeLessThanOrEqual(tolerance);
}

const row = (...xs: number[]): Float64Array => Float64Array.from(xs);

describe('recurrent rules, worked by hand', () => {
  it('stores k = e₀ with β = 1 as row 0 of S (row-major, d_k × d_v) and reads it back with q', () => {
    const { outputs, state } = recurrentDeltaRule({
      queries: [row(1, 0), row(0, 1)],
      keys: [row(1, 0), row(1, 0)],
      values: [row(1, 2, 3), row(1, 2, 3)],
      betas: [1, 1],
    });
    expect(Array.from(state)).toEqual([1, 2, 3, 0, 0, 0]);
    expect(Array.from(outputs[0] ?? [])).toEqual([1, 2, 3]);
    expect(Array.from(outputs[1] ?? [])).toEqual([0, 0, 0]);
  });

  it('moves the read a fraction β of the way to v, and reads o_t from the updated state', () => {
    // S₁ = 0 + ½(2 − 0) = 1; S₂ = 1 + 1·(4 − 1) = 4.
    const { outputs, state } = recurrentDeltaRule({
      queries: [row(1), row(3)],
      keys: [row(1), row(1)],
      values: [row(2), row(4)],
      betas: [0.5, 1],
    });
    expect(outputs.map((o) => o[0])).toEqual([1, 12]);
    expect(state[0]).toBe(4);
  });

  it('decays before the delta read', () => {
    // S₀ = 2; α₁ = ½: S = 1, u = 1·(4 − 1) = 3, S = 4. α₂ = ¼: S = 1, u = ½(0 − 1), S = ½.
    const { outputs, state } = recurrentGatedDeltaRule({
      queries: [row(1), row(1)],
      keys: [row(1), row(1)],
      values: [row(4), row(0)],
      betas: [1, 0.5],
      logDecays: [Math.log(0.5), Math.log(0.25)],
      initialState: row(2),
    });
    expect(outputs.map((o) => o[0])).toEqual([4, 0.5]);
    expect(state[0]).toBeCloseTo(0.5, 15);
  });

  it('recalls the most recent pair exactly with β = 1 and a unit key', () => {
    const input = problem(7, 12, 6, 4);
    const { state } = recurrentDeltaRule({ ...input, betas: new Float64Array(12).fill(1) });
    const k = input.keys[11] ?? new Float64Array();
    const read = Float64Array.from({ length: 4 }, (_, j) => k.reduce((s, ki, i) => s + ki * (state[i * 4 + j] ?? 0), 0));
    expect(maxAbsDiff(read, input.values[11] ?? new Float64Array())).toBeLessThan(1e-12);
  });

  it('with α = 1 the gated rule is the plain delta rule', () => {
    const input = problem(3, 9, 4, 5);
    expectSame(recurrentGatedDeltaRule({ ...input, logDecays: new Float64Array(9) }), recurrentDeltaRule(input), 0);
  });

  it('leaves the initial state untouched', () => {
    const input = problem(5, 6, 3, 3);
    const before = Float64Array.from(input.initialState ?? []);
    recurrentGatedDeltaRule(input);
    chunkedGatedDeltaRule({ ...input, chunkSize: 4 });
    expect(input.initialState).toEqual(before);
  });
});

describe('chunked (WY / UT transform) equals recurrent', () => {
  for (const [L, dk, dv] of [
    [23, 5, 3],
    [16, 4, 4],
    [10, 1, 6],
  ] as const) {
    it(`delta rule, L = ${L}, d_k = ${dk}, d_v = ${dv}, every C from 1 to L + 2`, () => {
      const input = problem(L * 101 + dk, L, dk, dv);
      const reference = recurrentDeltaRule(input);
      for (let C = 1; C <= L + 2; C++) expectSame(chunkedDeltaRule({ ...input, chunkSize: C }), reference);
    });

    it(`gated delta rule, L = ${L}, d_k = ${dk}, d_v = ${dv}, every C from 1 to L + 2`, () => {
      const input = problem(L * 103 + dv, L, dk, dv);
      const reference = recurrentGatedDeltaRule(input);
      for (let C = 1; C <= L + 2; C++) expectSame(chunkedGatedDeltaRule({ ...input, chunkSize: C }), reference);
    });
  }

  it('starts from zeros without an initial state', () => {
    const { initialState: _unused, ...input } = problem(11, 7, 3, 2);
    expectSame(chunkedGatedDeltaRule({ ...input, chunkSize: 3 }), recurrentGatedDeltaRule(input));
  });

  const arbitraryProblem = fc
    .record({
      L: fc.integer({ min: 1, max: 40 }),
      dk: fc.integer({ min: 1, max: 8 }),
      dv: fc.integer({ min: 1, max: 8 }),
    })
    .chain(({ L, dk, dv }) => {
      const entry = fc.double({ min: -1, max: 1, noNaN: true });
      const rows = (width: number) => fc.array(fc.array(entry, { minLength: width, maxLength: width }), { minLength: L, maxLength: L });
      const scalars = (min: number, max: number, minExcluded: boolean) =>
        fc.array(fc.double({ min, max, minExcluded, noNaN: true }), { minLength: L, maxLength: L });
      return fc.record({
        queries: rows(dk),
        keys: rows(dk),
        values: rows(dv),
        initialState: fc.array(entry, { minLength: dk * dv, maxLength: dk * dv }),
        betas: scalars(0, 1, true),
        logDecays: scalars(-1, 0, false),
        chunkSize: fc.integer({ min: 1, max: L + 3 }),
      });
    })
    .map((p) => ({
      queries: p.queries.map((q) => Float64Array.from(q)),
      keys: p.keys.map((k) => unit(Float64Array.from(k))),
      values: p.values.map((v) => Float64Array.from(v)),
      initialState: Float64Array.from(p.initialState),
      betas: p.betas,
      logDecays: p.logDecays,
      chunkSize: p.chunkSize,
    }));

  it('for any shape, gates and chunk size (property)', () => {
    fc.assert(
      fc.property(arbitraryProblem, (p) => {
        expectSame(chunkedDeltaRule(p), recurrentDeltaRule(p));
        expectSame(chunkedGatedDeltaRule(p), recurrentGatedDeltaRule(p));
      }),
      { numRuns: 300 },
    );
  });
});

describe('input validation', () => {
  const input = problem(1, 5, 3, 2);

  it.each([0, -1, 1.5, Number.NaN, Infinity])('rejects chunk size %s', (chunkSize) => {
    expect(() => chunkedDeltaRule({ ...input, chunkSize })).toThrow(/chunkSize/);
    expect(() => chunkedGatedDeltaRule({ ...input, chunkSize })).toThrow(/chunkSize/);
  });

  it('rejects inconsistent shapes', () => {
    expect(() => recurrentDeltaRule({ ...input, queries: input.queries.slice(1) })).toThrow(/queries/);
    const wideLast = [...input.values.slice(1), row(1, 2, 3)];
    expect(() => recurrentDeltaRule({ ...input, values: wideLast })).toThrow(/values\[4\]/);
    expect(() => recurrentDeltaRule({ ...input, keys: [row(1, 0), ...input.keys.slice(1)] })).toThrow(/keys\[1\]/);
    expect(() => recurrentDeltaRule({ ...input, betas: [1, 1] })).toThrow(/betas/);
    expect(() => recurrentDeltaRule({ ...input, initialState: new Float64Array(5) })).toThrow(/initialState/);
    expect(() => recurrentGatedDeltaRule({ ...input, logDecays: [0, 0] })).toThrow(/logDecays/);
    expect(() => recurrentDeltaRule({ queries: [], keys: [], values: [], betas: [] })).toThrow(/at least one/);
  });

  it('rejects non-finite gates and growing decays', () => {
    expect(() => recurrentDeltaRule({ ...input, betas: [1, Number.NaN, 1, 1, 1] })).toThrow(/betas\[1\]/);
    const growing = [0, 0, 0.1, 0, 0];
    expect(() => chunkedGatedDeltaRule({ ...input, logDecays: growing, chunkSize: 2 })).toThrow(/logDecays\[2\]/);
  });
});

/** Research §2.2, written out here: 10c²d + 6cd² + c³/3 per chunk of length c, summed over chunks. */
function researchFlops(L: number, d: number, C: number): number {
  let total = 0;
  for (let start = 0; start < L; start += C) {
    const c = Math.min(C, L - start);
    total += 10 * c * c * d + 6 * c * d * d + (c * c * c) / 3;
  }
  return total;
}

describe('FLOP count of the chunked algorithm', () => {
  const cases = [
    [1, 1, 1],
    [37, 4, 5],
    [64, 8, 16],
    [50, 3, 64],
    [200, 16, 7],
    [96, 12, 32],
  ] as const;

  it.each(cases)('the counter equals prefillFlops exactly (L = %i, d = %i, C = %i)', (L, d, C) => {
    const { queries, keys, values, betas, logDecays } = problem(L + d + C, L, d, d);
    const delta: FlopCounter = { flops: 0 };
    chunkedDeltaRule({ queries, keys, values, betas, chunkSize: C, counter: delta });
    expect(delta.flops).toBe(prefillFlops({ L, d, C }));
    const gated: FlopCounter = { flops: 0 };
    chunkedGatedDeltaRule({ queries, keys, values, betas, logDecays, chunkSize: C, counter: gated });
    expect(gated.flops).toBe(delta.flops);
    expect(Math.abs(delta.flops / researchFlops(L, d, C) - 1)).toBeLessThan(1e-12);
  });

  it('counts d_k ≠ d_v by the shapes of the products: c²(6d_k + 4d_v) + 6c·d_k·d_v + c³/3 per chunk', () => {
    const [L, dk, dv, C] = [11, 3, 5, 4];
    const counter: FlopCounter = { flops: 0 };
    chunkedDeltaRule({ ...problem(2, L, dk, dv), chunkSize: C, counter });
    const chunk = (c: number): number => c * c * (6 * dk + 4 * dv) + 6 * c * dk * dv + (c * c * c) / 3;
    expect(counter.flops).toBeCloseTo(2 * chunk(4) + chunk(3), 9);
  });

  it('adds to a counter rather than resetting it', () => {
    const counter: FlopCounter = { flops: 0 };
    const input = problem(4, 9, 2, 2);
    chunkedDeltaRule({ ...input, chunkSize: 4, counter });
    const once = counter.flops;
    chunkedDeltaRule({ ...input, chunkSize: 4, counter });
    expect(counter.flops).toBe(2 * once);
  });

  it('reproduces the per-token F(C) of the research §2.2 table at d = 128', () => {
    const table: [number, number][] = [
      [16, 118_869],
      [32, 139_605],
      [64, 181_589],
      [128, 267_605],
      [256, 447_829],
      [512, 841_045],
      [1024, 1_758_549],
      [4096, 10_933_589],
    ];
    for (const [C, perToken] of table) {
      expect(Math.round(prefillFlops({ L: 4096, d: 128, C }) / 4096)).toBe(perToken);
    }
  });

  it('reproduces the research §2.2 FLOPs per head at L = 4096 and 32768 (three figures)', () => {
    const table: [number, number, number][] = [
      [16, 4.87e8, 3.9e9],
      [32, 5.72e8, 4.57e9],
      [64, 7.44e8, 5.95e9],
      [128, 1.1e9, 8.77e9],
      [256, 1.83e9, 1.47e10],
      [1024, 7.2e9, 5.76e10],
    ];
    for (const [C, short, long] of table) {
      expect(Number(prefillFlops({ L: 4096, d: 128, C }).toPrecision(3))).toBe(short);
      expect(Number(prefillFlops({ L: 32768, d: 128, C }).toPrecision(3))).toBe(long);
    }
  });

  it('treats a chunk longer than the sequence as one chunk of the whole sequence', () => {
    expect(prefillFlops({ L: 100, d: 8, C: 1000 })).toBe(prefillFlops({ L: 100, d: 8, C: 100 }));
  });

  it('counts the sequential steps as ⌈L/C⌉', () => {
    expect(sequentialSteps({ L: 4096, C: 64 })).toBe(64);
    expect(sequentialSteps({ L: 32768, C: 64 })).toBe(512);
    expect(sequentialSteps({ L: 100, C: 30 })).toBe(4);
    expect(sequentialSteps({ L: 5, C: 64 })).toBe(1);
  });

  it('rejects non-integer sizes', () => {
    expect(() => prefillFlops({ L: 10, d: 8, C: 0 })).toThrow(/C/);
    expect(() => prefillFlops({ L: 10.5, d: 8, C: 2 })).toThrow(/L/);
    expect(() => sequentialSteps({ L: 10, C: -2 })).toThrow(/C/);
  });
});
