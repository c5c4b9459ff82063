import { describe, expect, it } from 'vitest';
import { gdn2Write } from '../../src/core/gdn2';
import {
  additiveMean,
  additiveRms,
  addRun,
  cellsOf,
  checkpoints,
  chiMeanFactor,
  emptyTally,
  factsAt,
  LAB_RULES,
  LAB_SIZES,
  LAB_STREAMS,
  type LabGates,
  labPairs,
  labRun,
  labState,
  leastSquaresRms,
  leastSquaresState,
  readState,
} from '../../src/core';

const GATES: LabGates = { beta: 1, alpha: 0.9, slow: 1, fast: 0.5, s: 32, erase: 1, write: 0.5 };
const OPEN: LabGates = { ...GATES, alpha: 1, fast: 1 };
const norm = (x: ArrayLike<number>) => Math.hypot(...Array.from(x));
const diff = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a, (x, i) => x - b[i]!);

describe('the lab’s streams', () => {
  it('keys and values are unit vectors of d channels, the same for the same seed and different for another', () => {
    for (const kind of LAB_STREAMS) {
      const p = labPairs(kind, 16, 40, 7);
      for (const x of [...p.keys, ...p.values]) expect(norm(x)).toBeCloseTo(1, 12);
      expect(labPairs(kind, 16, 40, 7)).toEqual(p);
      expect(labPairs(kind, 16, 40, 8).values[0]).not.toEqual(p.values[0]);
    }
  });

  it('orthonormal keys: each block of d is orthonormal', () => {
    const p = labPairs('orthonormal', 8, 16, 3);
    for (let i = 0; i < 8; i++)
      for (let j = 0; j < 8; j++) {
        const dot = p.keys[i]!.reduce((s, x, c) => s + x * p.keys[j]![c]!, 0);
        expect(Math.abs(dot - (i === j ? 1 : 0))).toBeLessThan(1e-12);
      }
  });

  it('correlated keys sit closer to each other than random ones; repeated keys come back with new values', () => {
    // The mean squared cosine between keys: 1/d for random keys, far more for keys in a few clusters.
    const meanCos2 = (kind: 'random' | 'correlated') => {
      const p = labPairs(kind, 32, 60, 11);
      let s = 0;
      for (let i = 0; i < 60; i++) for (let j = 0; j < i; j++) s += p.keys[i]!.reduce((a, x, c) => a + x * p.keys[j]![c]!, 0) ** 2;
      return s / ((60 * 59) / 2);
    };
    expect(meanCos2('random')).toBeCloseTo(1 / 32, 2);
    expect(meanCos2('correlated')).toBeGreaterThan(2 * meanCos2('random'));
    const p = labPairs('repeated', 8, 40, 5);
    const facts = factsAt(p, 40);
    expect(facts).toHaveLength(4);
    // Each fact is its key's latest write.
    for (const t of facts) for (let u = t + 1; u < 40; u++) expect(p.slot[u]).not.toBe(p.slot[t]);
  });

  it('refuses a size or length it cannot use', () => {
    expect(() => labPairs('random', 0, 4, 1)).toThrow(/d must be a positive integer/);
    expect(() => labPairs('random', 8, -1, 1)).toThrow(/length/);
  });
});

describe('exact cases', () => {
  it('orthonormal keys: delta and the least-squares bound read every pair back to 1e-9, up to n = d, at every size', () => {
    for (const d of LAB_SIZES) {
      const p = labPairs('orthonormal', d, d, d);
      for (const n of [1, Math.ceil(d / 2), d]) {
        const r = labRun(p, [n], OPEN, ['additive', 'delta', 'leastSquares']);
        expect(r.delta[0]!.error).toBeLessThan(1e-9);
        expect(r.leastSquares[0]!.error).toBeLessThan(1e-9);
        // Orthonormal keys do not even need the delta rule's correction.
        expect(r.additive[0]!.error).toBeLessThan(1e-9);
        expect(r.delta[0]!.accuracy).toBe(1);
      }
    }
  });

  it('the delta rule with β = 1 reads the last pair exactly, whatever came before, for every gate', () => {
    for (const d of [4, 32, 128]) {
      const p = labPairs('random', d, 3 * d, 2);
      // Gated DeltaNet-2 is left out: its erase skips the slow half of the key (the next test).
      for (const rule of LAB_RULES.filter((r) => r !== 'additive' && r !== 'gdn2')) {
        const S = labState(rule, p, 3 * d, GATES);
        expect(norm(diff(readState(S, d, p.keys[3 * d - 1]!), p.values[3 * d - 1]!))).toBeLessThan(1e-9);
      }
    }
  });

  it('Gated DeltaNet-2 erasing the fast half in full (b = 1) reads the last pair back as w times its value, plus what the slow half of its key read before the write', () => {
    // By hand: S′ = M + kᵀ(wv − (b ⊙ k)M) with M the decayed state, so with |k| = 1,
    // kS′ = wv + Σ_r (1 − b_r) k_r M[r,:]: the slow rows' read of M, as b is 1 on the fast half and 0 on the slow.
    for (const slow of [1, 0.8]) {
      for (const write of [0, 0.25, 0.5, 0.9]) {
        const d = 32;
        const g = { ...GATES, slow, erase: 1, write };
        const p = labPairs('random', d, 2 * d, 5);
        const before = labState('gdn2', p, 2 * d - 1, g);
        const [k, v] = [p.keys[2 * d - 1]!, p.values[2 * d - 1]!];
        const expected = Array.from(v, (x) => write * x);
        for (let r = 0; r < d / 2; r++) for (let c = 0; c < d; c++) expected[c]! += k[r]! * slow * before[r * d + c]!;
        const read = readState(labState('gdn2', p, 2 * d, g), d, k);
        expect(norm(diff(read, expected))).toBeLessThan(1e-9);
        // The slow half's read is not nothing: without it the pair would read back as w v alone
        // (as it does at w = 0, where nothing is ever written).
        if (write > 0)
          expect(
            norm(
              diff(
                read,
                Array.from(v, (x) => write * x),
              ),
            ),
          ).toBeGreaterThan(0.01);
      }
    }
  });

  it('the lab’s Gated DeltaNet-2 is the core’s write (src/core/gdn2.ts) with the lab’s decays, b = 0 on the slow half and b = erase on the fast, w = write: to the bit', () => {
    for (const d of [4, 8, 32]) {
      const p = labPairs('correlated', d, 2 * d, 9);
      for (const [erase, write] of [
        [1, 0.5],
        [0.7, 0.4],
        [0.3, 1],
      ] as const) {
        const g = { ...GATES, erase, write };
        const alpha = Array.from({ length: d }, (_, r) => (r < d / 2 ? g.slow : g.fast));
        const b = Array.from({ length: d }, (_, r) => (r < d / 2 ? 0 : erase));
        const S = new Float64Array(d * d);
        for (let t = 0; t < 2 * d; t++) gdn2Write(S, d, p.keys[t]!, p.values[t]!, { alpha, b, w: new Array(d).fill(write) });
        expect(labState('gdn2', p, 2 * d, g), `d = ${d}, b = ${erase}, w = ${write}`).toEqual(S);
      }
    }
  });

  it('with b on the fast half only, Gated DeltaNet-2 is not the per-channel rule rescaled: at d = 16 and n = 2d on random keys their accuracies differ', () => {
    const d = 16;
    const mean = (rule: 'gdn2' | 'perChannelGated') => {
      let sum = 0;
      for (let seed = 1; seed <= 10; seed++) sum += labRun(labPairs('random', d, 2 * d, seed), [2 * d], GATES, [rule])[rule][0]!.accuracy;
      return sum / 10;
    };
    expect(Math.abs(mean('gdn2') - mean('perChannelGated'))).toBeGreaterThan(0.02);
  });

  it('the core’s Gated DeltaNet-2 with b = w = β on every channel is the lab’s per-channel rule (KDA), state by state, at every β tried', () => {
    for (const beta of [1, 0.5, 0.37]) {
      const d = 16;
      const p = labPairs('correlated', d, 3 * d, 4);
      const g = { ...GATES, beta };
      const alpha = Array.from({ length: d }, (_, r) => (r < d / 2 ? g.slow : g.fast));
      const S = new Float64Array(d * d);
      for (let n = 1; n <= 3 * d; n++) {
        gdn2Write(S, d, p.keys[n - 1]!, p.values[n - 1]!, { alpha, b: new Array(d).fill(beta), w: new Array(d).fill(beta) });
        if (n === 1 || n === d || n === 3 * d) {
          const kda = labState('perChannelGated', p, n, g);
          expect(norm(diff(S, kda)) / Math.max(norm(kda), 1e-300)).toBeLessThan(1e-12);
        }
      }
    }
  });

  it('why the lab splits b by channel: with one b and one w on every channel, the core’s write only scales the memory, the state being the per-channel rule’s at β = b times w/b', () => {
    const d = 16;
    const p = labPairs('random', d, 3 * d, 7);
    const alpha = Array.from({ length: d }, (_, r) => (r < d / 2 ? GATES.slow : GATES.fast));
    for (const [erase, write] of [
      [1, 0.5],
      [0.5, 1],
      [0.8, 0.3],
    ] as const) {
      const S = new Float64Array(d * d);
      for (let t = 0; t < 3 * d; t++) gdn2Write(S, d, p.keys[t]!, p.values[t]!, { alpha, b: new Array(d).fill(erase), w: new Array(d).fill(write) });
      const kda = labState('perChannelGated', p, 3 * d, { ...GATES, beta: erase });
      expect(
        norm(
          diff(
            S,
            Array.from(kda, (x) => (x * write) / erase),
          ),
        ) / norm(S),
      ).toBeLessThan(1e-12);
    }
  });

  it('the least-squares state reads random keys back exactly below n = d, and no worse than any rule past it', () => {
    const d = 16;
    const p = labPairs('random', d, 64, 9);
    const S = leastSquaresState(p.keys.slice(0, 12), p.values.slice(0, 12), d);
    for (let i = 0; i < 12; i++) expect(norm(diff(readState(S, d, p.keys[i]!), p.values[i]!))).toBeLessThan(1e-9);
    const r = labRun(p, [32, 64], GATES);
    for (const rule of LAB_RULES) for (const i of [0, 1]) expect(r.leastSquares[i]!.squared).toBeLessThanOrEqual(r[rule][i]!.squared + 1e-12);
  });

  it('an attention read over the whole cache holds every pair at sharp logits; a window of d/2 pairs forgets the rest', () => {
    const p = labPairs('random', 32, 128, 4);
    const r = labRun(p, [128], GATES, ['cache', 'window']);
    expect(r.cache[0]!.accuracy).toBe(1);
    expect(r.window[0]!.accuracy).toBeLessThan(0.25);
  });

  it('𝔼χ_d/√d by hand: √(2/π) at d = 1, √π/2 at d = 2, and toward 1', () => {
    expect(chiMeanFactor(1)).toBeCloseTo(Math.sqrt(2 / Math.PI), 15);
    expect(chiMeanFactor(2)).toBeCloseTo(Math.sqrt(Math.PI) / 2, 14);
    expect(chiMeanFactor(8)).toBeCloseTo(0.97, 2);
    expect(chiMeanFactor(128)).toBeGreaterThan(0.99);
  });
});

describe('the lab’s reads and searches, against plain loops written here', () => {
  /** Each number's 64 bits: equal arrays of these are equal to the last bit, zeros' signs included. */
  const bits = (x: Float64Array) => Array.from(new BigUint64Array(x.buffer, x.byteOffset, x.length));
  /** A generator of its own (an LCG), numbers in [−½, ½). */
  const numbers = (seed: number) => {
    let x = seed >>> 0;
    return () => {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      return x / 2 ** 32 - 0.5;
    };
  };

  it('a state read is its rows added one at a time in row order, rows the key leaves at 0 skipped: to the bit, at any size', () => {
    for (const d of [1, 3, 8, 13, 24, 64]) {
      for (const zeros of [false, true]) {
        const next = numbers(d * 2 + Number(zeros));
        const S = Float64Array.from({ length: d * d }, next);
        const k = Float64Array.from({ length: d }, (_, r) => (zeros && r % 5 === 2 ? 0 : next()));
        const expected = new Float64Array(d);
        for (let r = 0; r < d; r++) if (k[r] !== 0) for (let c = 0; c < d; c++) expected[c]! += k[r]! * S[r * d + c]!;
        expect(bits(readState(S, d, k)), `d = ${d}${zeros ? ', zeros in the key' : ''}`).toEqual(bits(expected));
      }
    }
  });

  it('nearest-value accuracy: the search that drops rivals early counts what a search through every channel of every rival counts', () => {
    for (const stream of LAB_STREAMS) {
      for (const d of [8, 24]) {
        const p = labPairs(stream, d, 3 * d, 5);
        for (const n of [d, 3 * d]) {
          const facts = factsAt(p, n);
          const dot = (a: Float64Array, b: Float64Array) => {
            let s = 0;
            for (let c = 0; c < d; c++) s += a[c]! * b[c]!;
            return s;
          };
          for (const rule of LAB_RULES) {
            const S = labState(rule, p, n, GATES);
            let hits = 0;
            for (const t of facts) {
              const got = readState(S, d, p.keys[t]!);
              const own = dot(got, p.values[t]!);
              if (!facts.some((f) => f !== t && dot(got, p.values[f]!) > own)) hits++;
            }
            expect(labRun(p, [n], GATES, [rule])[rule][0]!.accuracy, `${stream}, d = ${d}, n = ${n}, ${rule}`).toBe(hits / facts.length);
          }
        }
      }
    }
  });
});

describe('means over 200 streams against the analytic curves (random keys, capacity.md §4.2)', () => {
  const STREAMS = 200;
  const d = 16;
  const at = checkpoints(d);
  const tally = emptyTally(at.length);
  /** Each stream's mean squared read error at each checkpoint, by method: the spread the standard errors come from. */
  const per = { additive: at.map(() => [] as number[]), leastSquares: at.map(() => [] as number[]) };
  for (let seed = 1; seed <= STREAMS; seed++) {
    const r = labRun(labPairs('random', d, 4 * d, seed), at, GATES, ['additive', 'delta', 'leastSquares']);
    addRun(tally, r);
    for (const m of ['additive', 'leastSquares'] as const) for (const [i, x] of r[m].entries()) per[m][i]!.push(x.squared);
  }
  /** Mean over streams of the mean squared error at checkpoint i, and its standard error. */
  const meanSquared = (m: keyof typeof per, i: number) => {
    const xs = per[m][i]!;
    const mean = xs.reduce((a, b) => a + b, 0) / STREAMS;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (STREAMS - 1));
    // The tally's running sum holds the same mean.
    expect(tally.sums[m][i]![2]! / STREAMS).toBeCloseTo(mean, 12);
    return { mean, se: sd / Math.sqrt(STREAMS) };
  };

  it('additive: the mean squared read error is (n − 1)/d within 3 standard errors at every checkpoint', () => {
    at.forEach((n, i) => {
      const { mean, se } = meanSquared('additive', i);
      expect(Math.abs(mean - additiveRms(d, n) ** 2)).toBeLessThan(3 * se + 1e-12);
    });
  });

  it('least squares: exact to n = d, then a mean squared residual of 1 − d/n within 3 standard errors', () => {
    at.forEach((n, i) => {
      const { mean, se } = meanSquared('leastSquares', i);
      if (n <= d) expect(mean).toBeLessThan(1e-12);
      else expect(Math.abs(mean - leastSquaresRms(d, n) ** 2)).toBeLessThan(3 * se);
    });
  });

  it('the tally’s means and standard errors are those of the streams; the additive mean error follows c_d √((n − 1)/d) to within 2%', () => {
    const cells = cellsOf(tally, 'additive', at);
    expect(cells.map((c) => c.n)).toEqual(at);
    for (const c of cells.filter((c) => c.n >= d)) {
      expect(c.errorSe).toBeGreaterThan(0);
      expect(Math.abs(c.error / additiveMean(d, c.n) - 1)).toBeLessThan(0.02);
    }
    expect(tally.streams).toBe(STREAMS);
  });
});

describe('what the lab says, over many streams', () => {
  it('by read error the delta rule beats additive writes past n = d; by nearest-value accuracy additive writes win there at d = 128', () => {
    const d = 128;
    const at = [2 * d, 4 * d];
    const tally = emptyTally(at.length);
    for (let seed = 1; seed <= 3; seed++) addRun(tally, labRun(labPairs('random', d, 4 * d, seed), at, GATES, ['additive', 'delta']));
    const [add, del] = [cellsOf(tally, 'additive', at), cellsOf(tally, 'delta', at)];
    for (const i of [0, 1]) {
      expect(del[i]!.error).toBeLessThan(add[i]!.error);
      expect(add[i]!.accuracy).toBeGreaterThan(del[i]!.accuracy + 0.3);
    }
  });

  it('a scalar gate α = 0.9 caps the memory near 1/(1 − α) writes: quadrupling d less than doubles what it recalls, while plain delta more than quadruples', () => {
    const recalled = (d: number) => {
      const at = [4 * d];
      const tally = emptyTally(1);
      for (let seed = 1; seed <= 3; seed++) addRun(tally, labRun(labPairs('random', d, 4 * d, seed), at, GATES, ['gatedDelta', 'delta']));
      // Pairs read back nearest their own value, of the 4d written (64 read, spread by age).
      return { gated: cellsOf(tally, 'gatedDelta', at)[0]!.accuracy * 4 * d, plain: cellsOf(tally, 'delta', at)[0]!.accuracy * 4 * d };
    };
    const [small, big] = [recalled(32), recalled(128)];
    expect(big.gated).toBeLessThan(3 / (1 - GATES.alpha));
    expect(big.gated / small.gated).toBeLessThan(2.5);
    expect(big.plain / small.plain).toBeGreaterThan(4);
  });
});
