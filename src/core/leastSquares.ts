/**
 * The least-squares memory S = K⁺V (research/capacity.md §4.2): the d × d state that reads the
 * given facts back with the smallest summed squared error, the bound no fixed state of that size
 * can beat. Up to d facts with independent keys it reads every one exactly; past d it leaves a
 * residual of √(1 − d/n) on average.
 */

/** Solves G X = B for a symmetric positive definite m × m G (row-major), B m × w; Cholesky, in place on copies. */
function choleskySolve(G: Float64Array, B: Float64Array, m: number, w: number): Float64Array {
  const L = Float64Array.from(G);
  // A whisper of ridge keeps rounding from stopping a factor of keys that are nearly dependent.
  let trace = 0;
  for (let i = 0; i < m; i++) trace += L[i * m + i]!;
  const ridge = 1e-13 * (trace / m || 1);
  for (let j = 0; j < m; j++) {
    let s = L[j * m + j]! + ridge;
    for (let k = 0; k < j; k++) s -= L[j * m + k]! * L[j * m + k]!;
    const djj = Math.sqrt(Math.max(s, Number.MIN_VALUE));
    L[j * m + j] = djj;
    for (let i = j + 1; i < m; i++) {
      let t = L[i * m + j]!;
      for (let k = 0; k < j; k++) t -= L[i * m + k]! * L[j * m + k]!;
      L[i * m + j] = t / djj;
    }
  }
  const X = Float64Array.from(B);
  for (let c = 0; c < w; c++) {
    for (let i = 0; i < m; i++) {
      let t = X[i * w + c]!;
      for (let k = 0; k < i; k++) t -= L[i * m + k]! * X[k * w + c]!;
      X[i * w + c] = t / L[i * m + i]!;
    }
    for (let i = m - 1; i >= 0; i--) {
      let t = X[i * w + c]!;
      for (let k = i + 1; k < m; k++) t -= L[k * m + i]! * X[k * w + c]!;
      X[i * w + c] = t / L[i * m + i]!;
    }
  }
  return X;
}

/**
 * The d × d state (row-major, rows are key channels) that best maps each key to its value.
 * Fewer facts than channels: the smallest such state, Kᵀ(KKᵀ)⁻¹V; otherwise (KᵀK)⁻¹KᵀV.
 */
export function leastSquaresState(keys: readonly Float64Array[], values: readonly Float64Array[], d: number): Float64Array {
  const n = keys.length;
  const S = new Float64Array(d * d);
  if (n === 0) return S;
  if (n < d) {
    const G = new Float64Array(n * n);
    const V = new Float64Array(n * d);
    for (let i = 0; i < n; i++) {
      V.set(values[i]!, i * d);
      for (let j = 0; j <= i; j++) {
        let p = 0;
        for (let c = 0; c < d; c++) p += keys[i]![c]! * keys[j]![c]!;
        G[i * n + j] = p;
        G[j * n + i] = p;
      }
    }
    const X = choleskySolve(G, V, n, d);
    for (let i = 0; i < n; i++) {
      const k = keys[i]!;
      for (let r = 0; r < d; r++) {
        const kr = k[r]!;
        for (let c = 0; c < d; c++) S[r * d + c]! += kr * X[i * d + c]!;
      }
    }
    return S;
  }
  const G = new Float64Array(d * d);
  const B = new Float64Array(d * d);
  for (let i = 0; i < n; i++) addToGram(G, B, keys[i]!, values[i]!, d);
  return choleskySolve(G, B, d, d);
}

/** Adds one fact to the normal equations' KᵀK and KᵀV (d × d each), in place. */
export function addToGram(G: Float64Array, B: Float64Array, k: Float64Array, v: Float64Array, d: number): void {
  for (let r = 0; r < d; r++) {
    const kr = k[r]!;
    if (kr === 0) continue;
    for (let c = 0; c < d; c++) {
      G[r * d + c]! += kr * k[c]!;
      B[r * d + c]! += kr * v[c]!;
    }
  }
}

/** The least-squares state from normal equations gathered with addToGram, for at least d facts. */
export const leastSquaresFromGram = (G: Float64Array, B: Float64Array, d: number) => choleskySolve(G, B, d, d);
