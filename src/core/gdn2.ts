/**
 * Gated DeltaNet-2's write (Hatamizadeh, Choi and Kautz, arXiv 2605.22791), in the page's row
 * convention (keys and values are rows, S is d_k × d_v, a read is k S):
 *
 *   S_t = (I − k_tᵀ(b_t ⊙ k_t)) Diag(α_t) S_{t−1} + k_tᵀ(w_t ⊙ v_t)
 *
 * α decays each key channel, as KDA's gate does; the erase gate b weighs the key channels of the
 * read that is taken out along k, and the write gate w weighs the value channels written in. With
 * b = w = β on every channel it is KDA's write, S_t = M + β k_tᵀ(v_t − k_t M) with M = Diag(α_t) S_{t−1}.
 *
 * Written as the lab writes (./lab.ts): decay the rows, read, then add along the key, so that where
 * b = w = β is a power of two (β·x is then exact) the two writes agree to the last bit, and
 * elsewhere to rounding. The sequence form below carries its hand-written gradient.
 */
import { readState } from './labRead';

/** The three gates of one write: α per key channel, b per key channel, w per value channel. */
export interface Gdn2Gates {
  alpha: ArrayLike<number>;
  b: ArrayLike<number>;
  w: ArrayLike<number>;
}

function decayRows(S: Float64Array, d: number, alpha: ArrayLike<number>): void {
  for (let r = 0; r < d; r++) {
    const a = alpha[r]!;
    if (a !== 1) for (let c = 0; c < d; c++) S[r * d + c]! *= a;
  }
}

function addAlongKey(S: Float64Array, d: number, k: ArrayLike<number>, u: Float64Array): void {
  for (let r = 0; r < d; r++) {
    const kr = k[r]!;
    if (kr !== 0) for (let c = 0; c < d; c++) S[r * d + c]! += kr * u[c]!;
  }
}

/** One Gated DeltaNet-2 write into the d × d state S, in place. */
export function gdn2Write(S: Float64Array, d: number, k: Float64Array, v: Float64Array, g: Gdn2Gates): Float64Array {
  decayRows(S, d, g.alpha);
  const bk = new Float64Array(d);
  for (let r = 0; r < d; r++) bk[r] = g.b[r]! * k[r]!;
  const u = readState(S, d, bk);
  for (let c = 0; c < d; c++) u[c] = g.w[c]! * v[c]! - u[c]!;
  addAlongKey(S, d, k, u);
  return S;
}

/** One KDA write into the d × d state S, in place: the per-channel decay α, then the delta write with strength β. */
export function kdaWrite(S: Float64Array, d: number, k: Float64Array, v: Float64Array, alpha: ArrayLike<number>, beta: number): Float64Array {
  decayRows(S, d, alpha);
  const u = readState(S, d, k);
  for (let c = 0; c < d; c++) u[c] = beta * (v[c]! - u[c]!);
  addAlongKey(S, d, k, u);
  return S;
}

/** A sequence for the gradient: T tokens, keys and queries of d_k numbers, values of d_v, flat and row by row. */
export interface Gdn2Sequence {
  T: number;
  dk: number;
  dv: number;
  q: Float64Array;
  k: Float64Array;
  v: Float64Array;
  alpha: Float64Array;
  b: Float64Array;
  w: Float64Array;
}

/** The outputs o_t = q_t S_t, T × d_v, and every state S_0 … S_T (S_0 zero), for the backward pass. */
export function gdn2Forward(x: Gdn2Sequence): { o: Float64Array; states: Float64Array[] } {
  const { T, dk, dv } = x;
  const states = [new Float64Array(dk * dv)];
  const o = new Float64Array(T * dv);
  for (let t = 0; t < T; t++) {
    const prev = states[t]!;
    const S = new Float64Array(dk * dv);
    for (let r = 0; r < dk; r++) for (let c = 0; c < dv; c++) S[r * dv + c] = x.alpha[t * dk + r]! * prev[r * dv + c]!;
    const u = new Float64Array(dv);
    for (let c = 0; c < dv; c++) {
      let e = 0;
      for (let r = 0; r < dk; r++) e += x.b[t * dk + r]! * x.k[t * dk + r]! * S[r * dv + c]!;
      u[c] = x.w[t * dv + c]! * x.v[t * dv + c]! - e;
    }
    for (let r = 0; r < dk; r++) for (let c = 0; c < dv; c++) S[r * dv + c]! += x.k[t * dk + r]! * u[c]!;
    for (let c = 0; c < dv; c++) {
      let y = 0;
      for (let r = 0; r < dk; r++) y += x.q[t * dk + r]! * S[r * dv + c]!;
      o[t * dv + c] = y;
    }
    states.push(S);
  }
  return { o, states };
}

export type Gdn2Gradient = Record<'q' | 'k' | 'v' | 'alpha' | 'b' | 'w', Float64Array>;

/**
 * The gradient of L = Σ_t ⟨o_t, G_t⟩ with respect to every input, by the chain rule run backwards
 * through the writes: G is the upstream gradient of the outputs, T × d_v.
 */
export function gdn2Backward(x: Gdn2Sequence, G: Float64Array): Gdn2Gradient {
  const { T, dk, dv } = x;
  const { states } = gdn2Forward(x);
  const grad: Gdn2Gradient = {
    q: new Float64Array(T * dk),
    k: new Float64Array(T * dk),
    v: new Float64Array(T * dv),
    alpha: new Float64Array(T * dk),
    b: new Float64Array(T * dk),
    w: new Float64Array(T * dv),
  };
  let dS = new Float64Array(dk * dv);
  for (let t = T - 1; t >= 0; t--) {
    const S = states[t + 1]!;
    const prev = states[t]!;
    // o_t = q_t S_t.
    for (let r = 0; r < dk; r++) {
      let dq = 0;
      for (let c = 0; c < dv; c++) {
        dq += G[t * dv + c]! * S[r * dv + c]!;
        dS[r * dv + c]! += x.q[t * dk + r]! * G[t * dv + c]!;
      }
      grad.q[t * dk + r] = dq;
    }
    // S_t = M + k_tᵀ u, with M = Diag(α_t) S_{t−1} and u = w ⊙ v − (b ⊙ k) M.
    const M = new Float64Array(dk * dv);
    for (let r = 0; r < dk; r++) for (let c = 0; c < dv; c++) M[r * dv + c] = x.alpha[t * dk + r]! * prev[r * dv + c]!;
    const u = new Float64Array(dv);
    const du = new Float64Array(dv);
    for (let c = 0; c < dv; c++) {
      let e = 0;
      for (let r = 0; r < dk; r++) e += x.b[t * dk + r]! * x.k[t * dk + r]! * M[r * dv + c]!;
      u[c] = x.w[t * dv + c]! * x.v[t * dv + c]! - e;
      for (let r = 0; r < dk; r++) du[c]! += x.k[t * dk + r]! * dS[r * dv + c]!;
    }
    const dM = Float64Array.from(dS);
    for (let r = 0; r < dk; r++) {
      const kr = x.k[t * dk + r]!;
      const br = x.b[t * dk + r]!;
      let dkWrite = 0;
      let dbk = 0;
      for (let c = 0; c < dv; c++) {
        dkWrite += dS[r * dv + c]! * u[c]!;
        // de = −du, and e = (b ⊙ k) M.
        dbk -= du[c]! * M[r * dv + c]!;
        dM[r * dv + c]! -= br * kr * du[c]!;
      }
      grad.k[t * dk + r] = dkWrite + dbk * br;
      grad.b[t * dk + r] = dbk * kr;
    }
    for (let c = 0; c < dv; c++) {
      grad.w[t * dv + c] = du[c]! * x.v[t * dv + c]!;
      grad.v[t * dv + c] = du[c]! * x.w[t * dv + c]!;
    }
    const before = new Float64Array(dk * dv);
    for (let r = 0; r < dk; r++) {
      let da = 0;
      for (let c = 0; c < dv; c++) {
        da += dM[r * dv + c]! * prev[r * dv + c]!;
        before[r * dv + c] = x.alpha[t * dk + r]! * dM[r * dv + c]!;
      }
      grad.alpha[t * dk + r] = da;
    }
    dS = before;
  }
  return grad;
}
