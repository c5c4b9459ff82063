import { describe, expect, it } from 'vitest';
import {
  D,
  DEFAULT_GATES,
  RULES,
  channelGates,
  makeStream,
  pairCosine,
  pairError,
  read,
  readCosine,
  readError,
  write,
  zeroState,
  type Gates,
  type Rule,
} from '../../src/core';

/** An 8-vector from its leading entries, zero-padded. */
function vec(...leading: number[]): Float64Array {
  const x = new Float64Array(D);
  x.set(leading);
  return x;
}

/** An 8x8 state from its leading rows (each zero-padded), the remaining rows zero. */
function state(...rows: number[][]): Float64Array {
  const S = zeroState();
  rows.forEach((row, r) => {
    S.set(row, r * D);
  });
  return S;
}

function expectClose(actual: Float64Array, expected: Float64Array, tol = 1e-12): void {
  expect(actual.length).toBe(expected.length);
  const worst = Math.max(...actual.map((x, i) => Math.abs(x - expected[i]!)));
  expect(worst).toBeLessThan(tol);
}

function writeAll(rule: Rule, keys: ArrayLike<number>[], values: ArrayLike<number>[], gates: Gates): Float64Array {
  return keys.reduce<Float64Array>((S, k, i) => write(rule, S, k, values[i]!, gates), zeroState());
}

describe('rules and gates', () => {
  it('lists the four rules in order', () => {
    expect(RULES).toEqual(['additive', 'delta', 'gatedDelta', 'perChannelGated']);
  });

  it('builds channel decays: slow on channels 0..3, fast on 4..7', () => {
    expect(Array.from(channelGates(1, 0.25))).toEqual([1, 1, 1, 1, 0.25, 0.25, 0.25, 0.25]);
  });

  it('opens with β = 1, α = 0.9, slow channels kept and fast ones halved', () => {
    expect(DEFAULT_GATES.beta).toBe(1);
    expect(DEFAULT_GATES.alpha).toBe(0.9);
    expect(Array.from(DEFAULT_GATES.channelAlpha)).toEqual([1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5]);
  });
});

// Two writes worked by hand: k1 = e0, v1 = (1, 2, 0, …); k2 = (0.6, 0.8, 0, …) (a unit 3-4-5
// key), v2 = e2. Gates a rule does not use are set to odd values to show they are ignored.
describe('two writes, worked by hand', () => {
  const k1 = vec(1);
  const v1 = vec(1, 2);
  const k2 = vec(0.6, 0.8);
  const v2 = vec(0, 0, 1);

  it('additive: S = e0ᵀv1 + k2ᵀv2', () => {
    const gates: Gates = { beta: 0.3, alpha: 0.2, channelAlpha: channelGates(0.1, 0.1) };
    // row 0 = v1 + 0.6·v2, row 1 = 0.8·v2
    expectClose(writeAll('additive', [k1, k2], [v1, v2], gates), state([1, 2, 0.6], [0, 0, 0.8]));
  });

  it('delta, β = 0.5', () => {
    const gates: Gates = { beta: 0.5, alpha: 0.2, channelAlpha: channelGates(0.1, 0.1) };
    // S1 row 0 = 0.5·v1 = (0.5, 1, 0). k2 S1 = 0.6·(0.5, 1, 0) = (0.3, 0.6, 0).
    // u = 0.5·(v2 − k2 S1) = (−0.15, −0.3, 0.5). row 0 += 0.6u, row 1 = 0.8u.
    expectClose(writeAll('delta', [k1, k2], [v1, v2], gates), state([0.41, 0.82, 0.3], [-0.12, -0.24, 0.4]));
  });

  it('gatedDelta, α = 0.5, β = 0.5: the delta read sees the decayed state', () => {
    const gates: Gates = { beta: 0.5, alpha: 0.5, channelAlpha: channelGates(0.1, 0.1) };
    // S1 row 0 = (0.5, 1, 0); decayed to (0.25, 0.5, 0). k2 αS1 = (0.15, 0.3, 0).
    // u = 0.5·(v2 − (0.15, 0.3, 0)) = (−0.075, −0.15, 0.5). row 0 = (0.25, 0.5, 0) + 0.6u, row 1 = 0.8u.
    // (Reading before the decay would give row 0 = (0.16, 0.32, 0.3).)
    expectClose(writeAll('gatedDelta', [k1, k2], [v1, v2], gates), state([0.205, 0.41, 0.3], [-0.06, -0.12, 0.4]));
  });

  it('perChannelGated scales rows (key channels), not columns, before the delta read', () => {
    const gates: Gates = { beta: 1, alpha: 0.1, channelAlpha: vec(0.5, 0.25, 1, 1, 1, 1, 1, 1) };
    // k1 = (0.6, 0.8), v1 = 5·e0: S1 row 0 = (3, 0), row 1 = (4, 0).
    // Decay rows by (0.5, 0.25): row 0 = (1.5, 0), row 1 = (1, 0).
    // k2 = e0 reads (1.5, 0); v2 = e1, u = (−1.5, 1). row 0 += u → (0, 1); row 1 stays (1, 0).
    // (Scaling columns instead would leave row 1 = (2, 0).)
    const S = writeAll('perChannelGated', [vec(0.6, 0.8), vec(1)], [vec(5), vec(0, 1)], gates);
    expectClose(S, state([0, 1], [1, 0]));
  });
});

describe('reads and metrics', () => {
  const S = state([1, 2], [0, 0, 3]);

  it('reads v̂ = k S (row vector times matrix)', () => {
    // k = (2, 1): 2·row 0 + 1·row 1
    expectClose(read(S, vec(2, 1)), vec(2, 4, 3));
  });

  it('scores a pair by relative distance and by cosine', () => {
    // k = e0 reads (1, 2, 0); against v = (1, 0, 0): miss (0, 2, 0), error 2; cos = 1/√5.
    expect(pairError(S, vec(1), vec(1))).toBeCloseTo(2, 12);
    expect(pairCosine(S, vec(1), vec(1))).toBeCloseTo(1 / Math.sqrt(5), 12);
  });

  it('means over the pairs given', () => {
    // pair 1 as above (error 2, cos 1/√5); pair 2: k = e1 reads (0, 0, 3) against v = (0, 0, 2):
    // error ‖(0, 0, 1)‖ / 2 = 0.5, cos 1.
    const keys = [vec(1), vec(0, 1)];
    const values = [vec(1), vec(0, 0, 2)];
    expect(readError(S, keys, values)).toBeCloseTo((2 + 0.5) / 2, 12);
    expect(readCosine(S, keys, values)).toBeCloseTo((1 / Math.sqrt(5) + 1) / 2, 12);
  });

  it('scores silence as error 1 and cosine 0', () => {
    const keys = [vec(1), vec(0, 0, 0, 0, 0, 0, 0, 1)];
    const values = [vec(3, 4), vec(0, -1)];
    expect(readError(zeroState(), keys, values)).toBe(1);
    expect(readCosine(zeroState(), keys, values)).toBe(0);
  });

  it('rejects malformed input', () => {
    expect(() => readError(S, [], [])).toThrow(RangeError);
    expect(() => readError(S, [vec(1)], [])).toThrow(RangeError);
    expect(() => read(S, [1, 2])).toThrow(RangeError);
    expect(() => read(new Float64Array(8), vec(1))).toThrow(RangeError);
    expect(() => write('delta', S, vec(1), vec(1), { beta: 1, alpha: 1, channelAlpha: [1] })).toThrow(RangeError);
  });
});

/** Sylvester's construction: rows of H_8 / √8 are orthonormal and dense (no key is one-hot). */
function hadamardKeys(): Float64Array[] {
  let H = [[1]];
  while (H.length < D) H = [...H.map((row) => [...row, ...row]), ...H.map((row) => [...row, ...row.map((x) => -x)])];
  return H.map((row) => Float64Array.from(row, (x) => x / Math.sqrt(D)));
}

function permutedBasisKeys(): Float64Array[] {
  return [3, 0, 6, 1, 7, 2, 5, 4].map((c) => vec(...new Array<number>(c).fill(0), -1));
}

describe('invariants', () => {
  const gates: Gates = { beta: 1, alpha: 0.7, channelAlpha: channelGates(1, 0.5) };

  it('delta-family writes with β = 1 and unit keys recall the last pair exactly', () => {
    const { keys, values } = makeStream({ kind: 'capacity', seed: 11, length: 40 });
    for (const rule of ['delta', 'gatedDelta', 'perChannelGated'] as const) {
      let S = zeroState();
      keys.forEach((k, i) => {
        S = write(rule, S, k, values[i]!, gates);
        expect(pairError(S, k, values[i]!)).toBeLessThan(1e-12);
      });
    }
  });

  it.each([
    ['Hadamard / √8', hadamardKeys()],
    ['a signed permutation of the basis', permutedBasisKeys()],
  ])('additive and delta recall all eight pairs with orthonormal keys (%s)', (_, keys) => {
    const { values } = makeStream({ kind: 'capacity', seed: 5, length: D });
    for (const rule of ['additive', 'delta'] as const) {
      expect(readError(writeAll(rule, keys, values, gates), keys, values)).toBeLessThan(1e-12);
    }
  });

  it('gatedDelta with α = 1 is delta; perChannelGated with every decay α is gatedDelta', () => {
    const { keys, values } = makeStream({ kind: 'capacity', seed: 3, length: 30 });
    const beta = 0.6;
    const delta = writeAll('delta', keys, values, { beta, alpha: 0.3, channelAlpha: channelGates(0.2, 0.2) });
    const gatedOne = writeAll('gatedDelta', keys, values, { beta, alpha: 1, channelAlpha: channelGates(0.2, 0.2) });
    expectClose(gatedOne, delta, 1e-14);
    const gated = writeAll('gatedDelta', keys, values, { beta, alpha: 0.8, channelAlpha: channelGates(0.2, 0.2) });
    const perChannel = writeAll('perChannelGated', keys, values, { beta, alpha: 0.3, channelAlpha: channelGates(0.8, 0.8) });
    expectClose(perChannel, gated, 1e-14);
  });

  it('write returns a new state and leaves its inputs untouched', () => {
    const { keys, values } = makeStream({ kind: 'capacity', seed: 2, length: 3 });
    const S = writeAll('additive', keys.slice(0, 2), values.slice(0, 2), gates);
    const k = keys[2]!;
    const v = values[2]!;
    const before = [S.slice(), k.slice(), v.slice()];
    for (const rule of RULES) {
      const next = write(rule, S, k, v, gates);
      expect(next).not.toBe(S);
      expect([S, k, v]).toEqual(before);
    }
  });
});

describe('the delta write as gradient descent', () => {
  /** ½‖kS − v‖², in float64. */
  const loss = (S: Float64Array, k: number[], v: number[]) => {
    let sum = 0;
    for (let j = 0; j < D; j++) {
      let r = -v[j]!;
      for (let i = 0; i < D; i++) r += k[i]! * S[i * D + j]!;
      sum += r * r;
    }
    return sum / 2;
  };

  it('is one step of gradient descent on ½‖kS − v‖² with step β, the gradient taken by finite differences', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648 - 0.5;
    };
    for (const beta of [0.3, 0.7, 1]) {
      const S = Float64Array.from({ length: D * D }, rand);
      const k = Array.from({ length: D }, rand);
      const v = Array.from({ length: D }, rand);
      const got = write('delta', S, k, v, { beta, alpha: 1, channelAlpha: new Float64Array(D).fill(1) });
      const h = 1e-6;
      for (let e = 0; e < D * D; e++) {
        const up = Float64Array.from(S);
        const down = Float64Array.from(S);
        up[e]! += h;
        down[e]! -= h;
        const grad = (loss(up, k, v) - loss(down, k, v)) / (2 * h);
        expect(got[e]!).toBeCloseTo(S[e]! - beta * grad, 7);
      }
    }
  });

  it('leaves no miss for the pair it writes when β is one and the key a unit vector', () => {
    const k = Array.from({ length: D }, (_, i) => (i === 2 ? 0.6 : i === 5 ? 0.8 : 0));
    const v = Array.from({ length: D }, (_, i) => i - 3);
    const S = Float64Array.from({ length: D * D }, (_, e) => Math.sin(e));
    const after = write('delta', S, k, v, { beta: 1, alpha: 1, channelAlpha: new Float64Array(D).fill(1) });
    expect(loss(S, k, v)).toBeGreaterThan(1);
    expect(loss(after, k, v)).toBeLessThan(1e-20);
  });
});
