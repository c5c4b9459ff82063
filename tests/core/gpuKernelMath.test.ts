import { describe, expect, it } from 'vitest';
import { chunkedGatedDeltaRule } from '../../src/core/chunked';
import { emulateChunked, emulateRecurrent, flatProblem, relativeMaxError, type FlatProblem } from '../../src/core/gpuKernelMath';
import { recurrentDeltaRule, recurrentGatedDeltaRule } from '../../src/core/reference';

/** The reference recurrence of src/core/reference.ts, head by head, laid out flat as the kernels write. */
function reference(p: FlatProblem): Float64Array {
  const out = new Float64Array(p.H * p.L * p.d);
  for (let h = 0; h < p.H; h++) {
    const rows = (x: Float64Array) => Array.from({ length: p.L }, (_, t) => x.slice((h * p.L + t) * p.d, (h * p.L + t + 1) * p.d));
    const input = {
      queries: rows(p.q),
      keys: rows(p.k),
      values: rows(p.v),
      betas: p.betas.slice(h * p.L, (h + 1) * p.L),
      logDecays: p.logDecays.slice(h * p.L, (h + 1) * p.L),
    };
    const gated = p.logDecays.some((g) => g !== 0);
    const { outputs } = gated ? recurrentGatedDeltaRule(input) : recurrentDeltaRule(input);
    outputs.forEach((o, t) => {
      out.set(o, (h * p.L + t) * p.d);
    });
  }
  return out;
}

describe('the kernels’ algorithm in float64', () => {
  for (const gated of [false, true]) {
    const p = flatProblem({ H: 2, L: 96, d: 8, gated, seed: gated ? 7 : 3 });
    const ref = reference(p);
    it(`token by token equals the reference recurrence (${gated ? 'gated' : 'delta'})`, () => {
      expect(relativeMaxError(emulateRecurrent(p), ref)).toBeLessThan(1e-12);
    });
    for (const C of [1, 2, 4, 8, 16, 32, 64, 128, 256, 5, 96]) {
      it(`chunked at C = ${C} equals the reference recurrence (${gated ? 'gated' : 'delta'})`, () => {
        expect(relativeMaxError(emulateChunked(p, C), ref)).toBeLessThan(1e-10);
      });
    }
  }

  it('agrees with the core’s own chunked algorithm, which shares no code with it', () => {
    const p = flatProblem({ H: 1, L: 40, d: 6, gated: true, seed: 11 });
    const rows = (x: Float64Array) => Array.from({ length: p.L }, (_, t) => x.slice(t * p.d, (t + 1) * p.d));
    const { outputs } = chunkedGatedDeltaRule({
      queries: rows(p.q),
      keys: rows(p.k),
      values: rows(p.v),
      betas: p.betas,
      logDecays: p.logDecays,
      chunkSize: 16,
    });
    const flat = new Float64Array(p.L * p.d);
    outputs.forEach((o, t) => {
      flat.set(o, t * p.d);
    });
    expect(relativeMaxError(emulateChunked(p, 16), flat)).toBeLessThan(1e-12);
  });

  it('sees a wrong answer: a chunk that drops its carried state is far from the reference', () => {
    const p = flatProblem({ H: 1, L: 32, d: 4, gated: false, seed: 5 });
    const ref = reference(p);
    const first = emulateChunked({ ...p, L: 16, q: p.q.slice(0, 64), k: p.k.slice(0, 64), v: p.v.slice(0, 64) }, 16);
    const second = emulateChunked(
      { ...p, L: 16, q: p.q.slice(64), k: p.k.slice(64), v: p.v.slice(64), betas: p.betas.slice(16), logDecays: p.logDecays.slice(16) },
      16,
    );
    const joined = new Float64Array(128);
    joined.set(first, 0);
    joined.set(second, 64);
    expect(relativeMaxError(joined, ref)).toBeGreaterThan(1e-2);
  });

  it('draws unit keys, β within (0, 1) and decays g ≤ 0, the same for the same seed', () => {
    const a = flatProblem({ H: 1, L: 10, d: 5, gated: true, seed: 1 });
    const b = flatProblem({ H: 1, L: 10, d: 5, gated: true, seed: 1 });
    expect(a.k).toEqual(b.k);
    for (let t = 0; t < 10; t++) expect(Math.hypot(...a.k.slice(t * 5, t * 5 + 5))).toBeCloseTo(1, 12);
    expect(a.betas.every((x) => x > 0 && x < 1)).toBe(true);
    expect(a.logDecays.every((g) => g < 0 && g >= -0.1)).toBe(true);
  });

  it('measures error relative to the largest reference entry, and a NaN as infinitely wrong', () => {
    expect(relativeMaxError([1, 2.5], [1, 2])).toBeCloseTo(0.25, 15);
    expect(relativeMaxError([Number.NaN, 2], [1, 2])).toBe(Number.POSITIVE_INFINITY);
  });
});
