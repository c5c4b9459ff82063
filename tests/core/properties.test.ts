import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  D,
  MAX_SEED,
  RULES,
  makeStream,
  read,
  readCosine,
  readError,
  stateAt,
  trace,
  write,
  zeroState,
  type Gates,
  type Rule,
  type StreamKind,
} from '../../src/core';

const normSq = (x: ArrayLike<number>): number => Array.from(x).reduce((sum, xi) => sum + xi * xi, 0);

const vector = (bound: number): fc.Arbitrary<Float64Array> =>
  fc.array(fc.double({ min: -bound, max: bound, noNaN: true }), { minLength: D, maxLength: D }).map((x) => Float64Array.from(x));

// The error is relative to ‖v‖, so a value must be nonzero for it to exist at all.
const value = vector(10).filter((v) => normSq(v) > 1e-6);

// Unit keys, as the model's L2 norm makes them: the delta rules are only stable for β‖k‖² ≤ 2
// (the transition I − βkᵀk has eigenvalue 1 − β‖k‖² along k), so arbitrary keys in [−10, 10]
// would rightly blow up and say nothing about the implementation.
const unitKey = vector(1)
  .filter((k) => normSq(k) > 1e-6)
  .map((k) => {
    const n = Math.sqrt(normSq(k));
    return k.map((x) => x / n);
  });

const unit = fc.double({ min: 0, max: 1, noNaN: true });

const gates: fc.Arbitrary<Gates> = fc.record({
  beta: unit,
  alpha: unit,
  channelAlpha: fc.array(unit, { minLength: D, maxLength: D }),
});

interface Pairs {
  keys: Float64Array[];
  values: Float64Array[];
}

const pairs = (key: fc.Arbitrary<Float64Array>, maxLength: number): fc.Arbitrary<Pairs> =>
  fc.array(fc.tuple(key, value), { minLength: 1, maxLength, size: 'max' }).map((list) => ({ keys: list.map(([k]) => k), values: list.map(([, v]) => v) }));

const finite = (x: ArrayLike<number>): boolean => Array.from(x).every(Number.isFinite);

/** Writes every pair, checking `each(S_{t−1}, S_t, t)` after each write; returns the final state. */
function fold(rule: Rule, { keys, values }: Pairs, g: Gates, each: (before: Float64Array, after: Float64Array, t: number) => void): Float64Array {
  let S = zeroState();
  keys.forEach((k, t) => {
    const next = write(rule, S, k, values[t]!, g);
    each(S, next, t);
    S = next;
  });
  return S;
}

const DELTA_RULES = ['delta', 'gatedDelta', 'perChannelGated'] as const;

describe('properties', () => {
  it('additive: any finite stream of up to 1,000 pairs, any gates, stays finite', () => {
    fc.assert(
      fc.property(pairs(vector(10), 1000), gates, (stream, g) => {
        const S = fold('additive', stream, g, (_, after) => expect(finite(after)).toBe(true));
        expect(Number.isFinite(readError(S, stream.keys, stream.values))).toBe(true);
        expect(Number.isFinite(readCosine(S, stream.keys, stream.values))).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('every rule: unit keys, any finite values, any gates in range, up to 1,000 pairs, stays finite', () => {
    fc.assert(
      fc.property(pairs(unitKey, 1000), gates, (stream, g) => {
        for (const rule of RULES) {
          const S = fold(rule, stream, g, (_, after) => expect(finite(after)).toBe(true));
          expect(Number.isFinite(readError(S, stream.keys, stream.values))).toBe(true);
          const cosine = readCosine(S, stream.keys, stream.values);
          expect(Math.abs(cosine)).toBeLessThanOrEqual(1 + 1e-12);
        }
      }),
      { numRuns: 50 },
    );
  });

  // With unit k, β ∈ [0, 1] and decays in [0, 1], write S' = M S (M shrinks: ‖S'‖_F ≤ ‖S‖_F) and
  // P = kᵀk. The new state is (I − P)S' + kᵀ((1 − β)kS' + βv); its two parts are orthogonal in the
  // Frobenius inner product since (I − P)kᵀ = 0, and ‖(1 − β)a + βb‖² ≤ (1 − β)‖a‖² + β‖b‖² by convexity.
  // So ‖S_t‖² ≤ ‖S'‖² − β‖kS'‖² + β‖v‖² ≤ ‖S_{t−1}‖² + β‖v_t‖², hence ‖S_n‖_F² ≤ β Σ ‖v_t‖².
  // (No bound independent of n holds: keys chosen orthogonal to each current read grow ‖S‖² by ‖v‖² a step.)
  it('delta rules: each write grows ‖S‖_F² by at most β‖v‖²', () => {
    fc.assert(
      fc.property(pairs(unitKey, 300), gates, (stream, g) => {
        for (const rule of DELTA_RULES) {
          fold(rule, stream, g, (before, after, t) => {
            const grown = normSq(before) + g.beta * normSq(stream.values[t]!);
            expect(normSq(after)).toBeLessThanOrEqual(grown * (1 + 1e-9) + 1e-300);
          });
        }
      }),
      { numRuns: 50 },
    );
  });

  // β = 1 and unit k make the write a projection: ‖S_t‖² = ‖S_{t−1}‖² − ‖k S_{t−1}‖² + ‖v‖² (math.md §5.2).
  it('delta with β = 1: the Frobenius energy balance of a projection holds exactly', () => {
    fc.assert(
      fc.property(pairs(unitKey, 300), (stream) => {
        const g: Gates = { beta: 1, alpha: 1, channelAlpha: new Float64Array(D).fill(1) };
        fold('delta', stream, g, (before, after, t) => {
          const expected = normSq(before) - normSq(read(before, stream.keys[t]!)) + normSq(stream.values[t]!);
          expect(Math.abs(normSq(after) - expected)).toBeLessThanOrEqual(1e-9 * (normSq(before) + normSq(stream.values[t]!)));
        });
      }),
      { numRuns: 50 },
    );
  });

  it('the trace equals writing one pair at a time and scoring all pairs so far', () => {
    fc.assert(
      fc.property(pairs(unitKey, 40), gates, (stream, g) => {
        const n = stream.keys.length;
        const t = trace({ stream, gates: g, n });
        expect(t.n).toBe(n);
        for (const rule of RULES) {
          expect(t.states[rule]).toHaveLength(n * D * D);
          expect(finite(t.states[rule]) && finite(t.error[rule]) && finite(t.cosine[rule])).toBe(true);
          fold(rule, stream, g, (_, after, i) => {
            const traced = stateAt(t, rule, i + 1);
            const scale = Math.max(1, Math.sqrt(normSq(after)));
            expect(Math.max(...traced.map((x, e) => Math.abs(x - after[e]!)))).toBeLessThanOrEqual(1e-12 * scale);
            const keys = stream.keys.slice(0, i + 1);
            const values = stream.values.slice(0, i + 1);
            expect(t.error[rule][i]).toBeCloseTo(readError(after, keys, values), 9);
            expect(t.cosine[rule][i]).toBeCloseTo(readCosine(after, keys, values), 9);
          });
        }
      }),
      { numRuns: 50 },
    );
  });

  it('streams: any seed, the prefix of a longer stream is the shorter stream', () => {
    const kind = fc.constantFrom<StreamKind>('capacity', 'lifetimes');
    fc.assert(
      fc.property(kind, fc.integer({ min: 0, max: MAX_SEED }), fc.nat(30), fc.nat(30), (k, seed, a, b) => {
        const long = makeStream({ kind: k, seed, length: Math.max(a, b) });
        const short = makeStream({ kind: k, seed, length: Math.min(a, b) });
        expect(long.keys.slice(0, short.keys.length)).toEqual(short.keys);
        expect(long.values.slice(0, short.values.length)).toEqual(short.values);
        expect(long.slow.slice(0, short.slow.length)).toEqual(short.slow);
      }),
      { numRuns: 100 },
    );
  });
});
