/**
 * Causal softmax attention over one sequence, optionally within a window, and its backward:
 * a_t = Σ_s P_ts v_s with P_t = softmax_s(scale · q_t·k_s) over s ∈ [t − w + 1, t].
 */
import { exp } from './elementary';

/** The attention weights P are kept T × T (row t, column s), only s in the window written. */
export function attentionForward(
  q: Float64Array,
  k: Float64Array,
  v: Float64Array,
  T: number,
  d: number,
  window: number,
  scale: number,
  P: Float64Array,
  A: Float64Array,
): void {
  for (let t = 0; t < T; t++) {
    const lo = Math.max(0, t - window + 1);
    const row = t * T;
    let max = -Infinity;
    for (let s = lo; s <= t; s++) {
      let dot = 0;
      for (let i = 0; i < d; i++) dot += q[t * d + i]! * k[s * d + i]!;
      const z = dot * scale;
      P[row + s] = z;
      if (z > max) max = z;
    }
    let sum = 0;
    for (let s = lo; s <= t; s++) {
      const e = exp(P[row + s]! - max);
      P[row + s] = e;
      sum += e;
    }
    for (let i = 0; i < d; i++) A[t * d + i] = 0;
    for (let s = lo; s <= t; s++) {
      const p = P[row + s]! / sum;
      P[row + s] = p;
      for (let i = 0; i < d; i++) A[t * d + i]! += p * v[s * d + i]!;
    }
  }
}

/**
 * The backward: dP_ts = da_t·v_s, dv_s += P_ts da_t, dz_ts = P_ts (dP_ts − Σ_s' P_ts' dP_ts'),
 * dq_t += scale Σ_s dz_ts k_s, dk_s += scale dz_ts q_t. dq, dk and dv are overwritten; dP is a
 * scratch row of T entries.
 */
export function attentionBackward(
  q: Float64Array,
  k: Float64Array,
  v: Float64Array,
  T: number,
  d: number,
  window: number,
  scale: number,
  P: Float64Array,
  dA: Float64Array,
  dq: Float64Array,
  dk: Float64Array,
  dv: Float64Array,
  dP: Float64Array,
): void {
  dq.fill(0, 0, T * d);
  dk.fill(0, 0, T * d);
  dv.fill(0, 0, T * d);
  for (let t = 0; t < T; t++) {
    const lo = Math.max(0, t - window + 1);
    const row = t * T;
    let mean = 0;
    for (let s = lo; s <= t; s++) {
      let dot = 0;
      const p = P[row + s]!;
      for (let i = 0; i < d; i++) {
        const da = dA[t * d + i]!;
        dot += da * v[s * d + i]!;
        dv[s * d + i]! += p * da;
      }
      dP[s] = dot;
      mean += p * dot;
    }
    for (let s = lo; s <= t; s++) {
      const dz = P[row + s]! * (dP[s]! - mean) * scale;
      for (let i = 0; i < d; i++) {
        dq[t * d + i]! += dz * k[s * d + i]!;
        dk[s * d + i]! += dz * q[t * d + i]!;
      }
    }
  }
}
