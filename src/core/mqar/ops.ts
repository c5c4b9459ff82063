/**
 * The trainer's small kernels, each with its backward: a linear map over T rows, RMSNorm with a
 * gain, L2 normalisation, and the scalar functions of the gates. Rows are tokens; a matrix W of
 * `rows` × `cols` maps a row x of `cols` entries to y = W x of `rows` entries.
 */

import { exp, log1p } from './elementary';

/** RMSNorm's ε (fla's and Zoology's DeltaNet output norm use 1e-5). */
export const RMS_EPS = 1e-5;
/** L2 normalisation's ε under the root, as fla's l2norm: y = x / √(Σx² + 1e-6). */
export const L2_EPS = 1e-6;

export const sigmoid = (x: number) => (x >= 0 ? 1 / (1 + exp(-x)) : exp(x) / (1 + exp(x)));
export const softplus = (x: number) => (x > 20 ? x : log1p(exp(x)));

/** Y[t] = W X[t] for t < T (X is T × cols, Y is T × rows). */
export function linear(W: Float64Array, rows: number, cols: number, X: Float64Array, T: number, Y: Float64Array): void {
  for (let t = 0; t < T; t++) {
    const x0 = t * cols;
    const y0 = t * rows;
    for (let i = 0; i < rows; i++) {
      const w0 = i * cols;
      let s = 0;
      for (let j = 0; j < cols; j++) s += W[w0 + j]! * X[x0 + j]!;
      Y[y0 + i] = s;
    }
  }
}

/**
 * The backward of `linear`: dW += Σ_t dY[t] ⊗ X[t], and dX[t] += Wᵀ dY[t] when dX is given
 * (added to, not overwritten, so several maps of one input sum their gradients).
 */
export function linearBackward(
  W: Float64Array,
  rows: number,
  cols: number,
  X: Float64Array,
  dY: Float64Array,
  T: number,
  dW: Float64Array,
  dX: Float64Array | null,
): void {
  for (let t = 0; t < T; t++) {
    const x0 = t * cols;
    const y0 = t * rows;
    for (let i = 0; i < rows; i++) {
      const g = dY[y0 + i]!;
      if (g === 0) continue;
      const w0 = i * cols;
      if (dX === null) for (let j = 0; j < cols; j++) dW[w0 + j]! += g * X[x0 + j]!;
      else {
        for (let j = 0; j < cols; j++) {
          dW[w0 + j]! += g * X[x0 + j]!;
          dX[x0 + j]! += g * W[w0 + j]!;
        }
      }
    }
  }
}

/**
 * RMSNorm of row t of X (d entries): n = x r with r = 1/√(mean x² + ε), y = n ⊙ g. Stores n in N
 * and r in R for the backward.
 */
export function rmsRow(
  X: Float64Array,
  x0: number,
  d: number,
  g: Float64Array,
  N: Float64Array,
  R: Float64Array,
  t: number,
  Y: Float64Array,
  y0: number,
): void {
  let sq = 0;
  for (let i = 0; i < d; i++) sq += X[x0 + i]! * X[x0 + i]!;
  const r = 1 / Math.sqrt(sq / d + RMS_EPS);
  R[t] = r;
  for (let i = 0; i < d; i++) {
    const n = X[x0 + i]! * r;
    N[t * d + i] = n;
    Y[y0 + i] = n * g[i]!;
  }
}

/**
 * The backward of `rmsRow`: dg += dy ⊙ n; with dn = dy ⊙ g, dx = r (dn − n (n·dn)/d), added to dX.
 */
export function rmsRowBackward(
  dY: Float64Array,
  y0: number,
  d: number,
  g: Float64Array,
  N: Float64Array,
  R: Float64Array,
  t: number,
  dg: Float64Array,
  dX: Float64Array,
  x0: number,
): void {
  const n0 = t * d;
  let dot = 0;
  for (let i = 0; i < d; i++) {
    const dy = dY[y0 + i]!;
    dg[i]! += dy * N[n0 + i]!;
    dot += dy * g[i]! * N[n0 + i]!;
  }
  const r = R[t]!;
  dot /= d;
  for (let i = 0; i < d; i++) dX[x0 + i]! += r * (dY[y0 + i]! * g[i]! - N[n0 + i]! * dot);
}

/** Each row of X (T × d) divided by √(Σx² + ε), into Y, with that factor 1/√(…) kept in R. */
export function l2Rows(X: Float64Array, T: number, d: number, Y: Float64Array, R: Float64Array): void {
  for (let t = 0; t < T; t++) {
    let sq = 0;
    for (let i = 0; i < d; i++) sq += X[t * d + i]! * X[t * d + i]!;
    const r = 1 / Math.sqrt(sq + L2_EPS);
    R[t] = r;
    for (let i = 0; i < d; i++) Y[t * d + i] = X[t * d + i]! * r;
  }
}

/** The backward of `l2Rows`, in place: dY becomes dX = r (dy − (dy·y) y) (fla/modules/l2norm.py). */
export function l2RowsBackward(dY: Float64Array, Y: Float64Array, R: Float64Array, T: number, d: number): void {
  for (let t = 0; t < T; t++) {
    let dot = 0;
    for (let i = 0; i < d; i++) dot += dY[t * d + i]! * Y[t * d + i]!;
    const r = R[t]!;
    for (let i = 0; i < d; i++) dY[t * d + i] = r * (dY[t * d + i]! - dot * Y[t * d + i]!);
  }
}
