/**
 * Gated DeltaNet-2's write against facts that do not come from its code: a 2 × 2 case worked by
 * hand from the published equation, the equation's own matrix form, its reduction to KDA when both
 * gates equal β, the lab's KDA, and its hand-written gradient against central differences.
 */
import { describe, expect, it } from 'vitest';
import { gdn2Backward, gdn2Forward, gdn2Write, type Gdn2Sequence, kdaWrite, labPairs, labState } from '../../src/core';
import { LAB_GATES } from '../../src/content/labRunsFile';

/** A small seeded generator, independent of the core's. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const fill = (n: number, f: () => number) => Float64Array.from({ length: n }, f);

describe('Gated DeltaNet-2’s write', () => {
  it('matches a 2 × 2 case worked by hand from S_t = (I − kᵀ(b ⊙ k)) Diag(α) S + kᵀ(w ⊙ v)', () => {
    // S = [[1, 2], [3, 4]], α = (½, 1): M = [[½, 1], [3, 4]]. k = (1, 1), b = (1, ½): (b ⊙ k) M = (2, 3).
    // v = (2, 4), w = (½, 1): w ⊙ v = (1, 4), so u = (−1, 1) and S + kᵀu = [[−½, 2], [2, 5]].
    const S = Float64Array.from([1, 2, 3, 4]);
    gdn2Write(S, 2, Float64Array.from([1, 1]), Float64Array.from([2, 4]), { alpha: [0.5, 1], b: [1, 0.5], w: [0.5, 1] });
    expect(Array.from(S)).toEqual([-0.5, 2, 2, 5]);
  });

  it('is the equation’s matrix form, multiplied out in full, on random states and gates', () => {
    const r = rng(7);
    for (const d of [3, 8, 16]) {
      const S = fill(d * d, () => r() * 2 - 1);
      const k = fill(d, () => r() * 2 - 1);
      const v = fill(d, () => r() * 2 - 1);
      const g = { alpha: fill(d, r), b: fill(d, r), w: fill(d, r) };
      // (I − kᵀ(b ⊙ k)) Diag(α) S + kᵀ(w ⊙ v), each product spelled out.
      const want = new Float64Array(d * d);
      for (let i = 0; i < d; i++)
        for (let c = 0; c < d; c++) {
          let x = 0;
          for (let j = 0; j < d; j++) x += ((i === j ? 1 : 0) - k[i]! * g.b[j]! * k[j]!) * g.alpha[j]! * S[j * d + c]!;
          want[i * d + c] = x + k[i]! * g.w[c]! * v[c]!;
        }
      const got = gdn2Write(Float64Array.from(S), d, k, v, g);
      for (let i = 0; i < d * d; i++) expect(got[i]).toBeCloseTo(want[i]!, 12);
    }
  });

  it('with b = w = β on every channel is KDA’s write: to the last bit where β is a power of two, to rounding elsewhere', () => {
    const r = rng(11);
    for (const d of [8, 16]) {
      for (const beta of [1, 0.5, 0.25, 0.37, 0.9]) {
        const gdn2 = new Float64Array(d * d);
        const kda = new Float64Array(d * d);
        let most = 0;
        for (let t = 0; t < 40; t++) {
          const k = fill(d, () => r() * 2 - 1);
          const v = fill(d, () => r() * 2 - 1);
          const alpha = fill(d, () => 0.8 + 0.2 * r());
          gdn2Write(gdn2, d, k, v, { alpha, b: fill(d, () => beta), w: fill(d, () => beta) });
          kdaWrite(kda, d, k, v, alpha, beta);
        }
        if (Number.isInteger(Math.log2(beta))) expect(gdn2, `d = ${d}, β = ${beta}`).toEqual(kda);
        else {
          for (let i = 0; i < d * d; i++) most = Math.max(most, Math.abs(gdn2[i]! - kda[i]!) / Math.max(1, Math.abs(kda[i]!)));
          expect(most, `d = ${d}, β = ${beta}`).toBeLessThan(1e-13);
          // And the two do part at some bit: the reassociation is real, not a special case in the code.
          expect(gdn2, `d = ${d}, β = ${beta}`).not.toEqual(kda);
        }
      }
    }
  });

  it('its KDA is the lab’s per-channel rule, to the last bit, on the lab’s own stream and gates', () => {
    const d = 16;
    const p = labPairs('random', d, 2 * d, 3);
    const alpha = Float64Array.from({ length: d }, (_, r) => (r < d / 2 ? LAB_GATES.slow : LAB_GATES.fast));
    const S = new Float64Array(d * d);
    for (let t = 0; t < 2 * d; t++) kdaWrite(S, d, p.keys[t]!, p.values[t]!, alpha, LAB_GATES.beta);
    expect(S).toEqual(labState('perChannelGated', p, 2 * d, { ...LAB_GATES }));
  });

  it('erases nothing with b = 0 and writes nothing with w = 0', () => {
    const r = rng(5);
    const d = 4;
    const S = fill(d * d, () => r() * 2 - 1);
    const k = fill(d, r);
    const v = fill(d, r);
    const ones = fill(d, () => 1);
    const zeros = new Float64Array(d);
    const added = gdn2Write(Float64Array.from(S), d, k, v, { alpha: ones, b: zeros, w: ones });
    for (let i = 0; i < d; i++) for (let c = 0; c < d; c++) expect(added[i * d + c]).toBeCloseTo(S[i * d + c]! + k[i]! * v[c]!, 14);
    const erased = gdn2Write(Float64Array.from(S), d, k, v, { alpha: ones, b: ones, w: zeros });
    // Only the read along k is taken out: a key orthogonal to k reads what it read before, and k itself
    // reads (1 − ‖k‖²) of its old read.
    const ortho = Float64Array.from([k[1]!, -k[0]!, 0, 0]);
    const kk = k.reduce((s, x) => s + x * x, 0);
    const readWith = (key: Float64Array, M: Float64Array, c: number) => key.reduce((s, x, i) => s + x * M[i * d + c]!, 0);
    for (let c = 0; c < d; c++) {
      expect(readWith(ortho, erased, c)).toBeCloseTo(readWith(ortho, S, c), 12);
      expect(readWith(k, erased, c)).toBeCloseTo((1 - kk) * readWith(k, S, c), 12);
    }
  });
});

describe('Gated DeltaNet-2’s gradient', () => {
  it('matches central differences in float64 for every input of a short sequence', () => {
    const r = rng(3);
    const T = 5;
    const dk = 3;
    const dv = 2;
    const x: Gdn2Sequence = {
      T,
      dk,
      dv,
      q: fill(T * dk, () => r() * 2 - 1),
      k: fill(T * dk, () => r() * 2 - 1),
      v: fill(T * dv, () => r() * 2 - 1),
      alpha: fill(T * dk, () => 0.5 + 0.5 * r()),
      b: fill(T * dk, r),
      w: fill(T * dv, r),
    };
    const G = fill(T * dv, () => r() * 2 - 1);
    const loss = (y: Gdn2Sequence) => gdn2Forward(y).o.reduce((s, o, i) => s + o * G[i]!, 0);
    const grad = gdn2Backward(x, G);
    const h = 1e-6;
    let checked = 0;
    for (const name of ['q', 'k', 'v', 'alpha', 'b', 'w'] as const) {
      for (let i = 0; i < x[name].length; i++) {
        const up = { ...x, [name]: Float64Array.from(x[name]) };
        const down = { ...x, [name]: Float64Array.from(x[name]) };
        up[name][i]! += h;
        down[name][i]! -= h;
        const numeric = (loss(up) - loss(down)) / (2 * h);
        expect(grad[name][i], `${name}[${i}]`).toBeCloseTo(numeric, 7);
        checked += 1;
      }
    }
    expect(checked).toBe(T * (3 * dk + 2 * dv + dk));
  });
});
