/**
 * The recurrent memories' state update over one sequence and its hand-written backward
 * (research/mqar-browser.md §3), in the core's row convention: k, q, v rows of d, S is d × d
 * with rows as key channels, a read is k S. Every state S_0 … S_T is stored in the forward
 * pass; the backward never rebuilds one by dividing by a decay.
 */

export type Recurrence = 'linear' | 'delta' | 'gated' | 'perChannel' | 'gdn2';

/**
 * The inputs of one sequence: q, k, v are T × d; beta has T entries (unused by linear and gdn2);
 * alpha has T entries for gated and T × d for perChannel and gdn2 (one decay per key channel), else
 * unused; erase and write (T × d) are Gated DeltaNet-2's gates on key and value channels, else unused.
 */
export interface RecurrenceInput {
  kind: Recurrence;
  d: number;
  T: number;
  q: Float64Array;
  k: Float64Array;
  v: Float64Array;
  beta: Float64Array;
  alpha: Float64Array;
  erase: Float64Array;
  write: Float64Array;
}

/**
 * The forward pass. linear: S_t = S_{t−1} + k_tᵀ v_t. The delta family, decay before the delta
 * read as in memory.ts's writeAt: S̃ = Diag(α_t) S_{t−1} (gated: α_t S_{t−1}; delta: α = 1),
 * u_t = v_t − k_t S̃, S_t = S̃ + β_t k_tᵀ u_t, i.e. S_t = (I − β kᵀk) Diag(α) S_{t−1} + β kᵀ v.
 * Output o_t = q_t S_t, unscaled, read from the updated state. Writes S_t into states at t d²
 * (S_0 = 0), u_t into U (the pre-β residual the backward needs) and o_t into O.
 */
export function recurrenceForward(input: RecurrenceInput, states: Float64Array, U: Float64Array, O: Float64Array): void {
  const { kind, d, T, q, k, v, beta, alpha, erase, write } = input;
  const dd = d * d;
  states.fill(0, 0, dd);
  for (let t = 0; t < T; t++) {
    const p0 = t * dd;
    const s0 = p0 + dd;
    const t0 = t * d;
    if (kind === 'linear') {
      for (let i = 0; i < d; i++) {
        const ki = k[t0 + i]!;
        for (let j = 0; j < d; j++) states[s0 + i * d + j] = states[p0 + i * d + j]! + ki * v[t0 + j]!;
      }
    } else if (kind === 'gdn2') {
      // Gated DeltaNet-2 (../gdn2.ts): S̃ = Diag(α_t) S_{t−1}, u_t = w_t ⊙ v_t − (b_t ⊙ k_t) S̃, S_t = S̃ + k_tᵀ u_t.
      for (let j = 0; j < d; j++) U[t0 + j] = write[t0 + j]! * v[t0 + j]!;
      for (let i = 0; i < d; i++) {
        const a = alpha[t0 + i]!;
        const bk = erase[t0 + i]! * k[t0 + i]!;
        const r0 = i * d;
        for (let j = 0; j < d; j++) {
          const m = a * states[p0 + r0 + j]!;
          states[s0 + r0 + j] = m;
          U[t0 + j]! -= bk * m;
        }
      }
      for (let i = 0; i < d; i++) {
        const ki = k[t0 + i]!;
        const r0 = s0 + i * d;
        for (let j = 0; j < d; j++) states[r0 + j]! += ki * U[t0 + j]!;
      }
    } else {
      // S̃ into the slot of S_t, then its read k S̃.
      for (let j = 0; j < d; j++) U[t0 + j] = v[t0 + j]!;
      for (let i = 0; i < d; i++) {
        const a = kind === 'gated' ? alpha[t]! : kind === 'perChannel' ? alpha[t0 + i]! : 1;
        const ki = k[t0 + i]!;
        const r0 = i * d;
        for (let j = 0; j < d; j++) {
          const m = a * states[p0 + r0 + j]!;
          states[s0 + r0 + j] = m;
          U[t0 + j]! -= ki * m;
        }
      }
      const b = beta[t]!;
      for (let i = 0; i < d; i++) {
        const ki = k[t0 + i]! * b;
        const r0 = s0 + i * d;
        for (let j = 0; j < d; j++) states[r0 + j]! += ki * U[t0 + j]!;
      }
    }
    for (let j = 0; j < d; j++) O[t0 + j] = 0;
    for (let i = 0; i < d; i++) {
      const qi = q[t0 + i]!;
      const r0 = s0 + i * d;
      for (let j = 0; j < d; j++) O[t0 + j]! += qi * states[r0 + j]!;
    }
  }
}

/** Gradients of the recurrence's inputs; each is overwritten. */
export interface RecurrenceGrads {
  dq: Float64Array;
  dk: Float64Array;
  dv: Float64Array;
  dBeta: Float64Array;
  dAlpha: Float64Array;
  dErase: Float64Array;
  dWrite: Float64Array;
}

/**
 * The backward pass, t = T … 1, with G = ∂L/∂S_t (zero after S_T, kept in the d² scratch G):
 *   G += q_tᵀ do_t, dq_t = do_t S_tᵀ; with w = β u: dw = k_t G, dk_t = w Gᵀ.
 *   linear (w = v, no read): dv_t = dw, and G passes on unchanged.
 *   delta family: dβ_t = dw·u, du = β dw, dv_t = du, dS̃ = G − k_tᵀ du, dk_t −= du S̃ᵀ,
 *   dα_t[i] = Σ_j dS̃[i,j] S_{t−1}[i,j] (gated: summed over i too), G ← Diag(α_t) dS̃.
 *   gdn2 (w = u, β = 1): du = k_t G, dw_t = du ⊙ v_t, dv_t = du ⊙ w_t, dS̃ = G − (b ⊙ k)ᵀ du,
 *   with r_i = S̃[i,:]·du: db_i = −r_i k_i, dk_i −= r_i b_i; dα and G as above.
 */
export function recurrenceBackward(
  input: RecurrenceInput,
  states: Float64Array,
  U: Float64Array,
  dO: Float64Array,
  grads: RecurrenceGrads,
  G: Float64Array,
): void {
  const { kind, d, T, q, k, v, beta, alpha, erase, write } = input;
  const { dq, dk, dv, dBeta, dAlpha, dErase, dWrite } = grads;
  const dd = d * d;
  G.fill(0, 0, dd);
  for (let t = T - 1; t >= 0; t--) {
    const p0 = t * dd;
    const s0 = p0 + dd;
    const t0 = t * d;
    const b = kind === 'linear' || kind === 'gdn2' ? 1 : beta[t]!;
    const w = kind === 'linear' ? v : U;
    for (let i = 0; i < d; i++) {
      const qi = q[t0 + i]!;
      const r0 = i * d;
      let dqi = 0;
      let dki = 0;
      for (let j = 0; j < d; j++) {
        const doj = dO[t0 + j]!;
        dqi += states[s0 + r0 + j]! * doj;
        const g = G[r0 + j]! + qi * doj;
        G[r0 + j] = g;
        dki += g * w[t0 + j]!;
      }
      dq[t0 + i] = dqi;
      dk[t0 + i] = dki * b;
    }
    // dw = k G, into dv (linear: that is dv; the delta family turns it into du = β dw below).
    for (let j = 0; j < d; j++) dv[t0 + j] = 0;
    for (let i = 0; i < d; i++) {
      const ki = k[t0 + i]!;
      const r0 = i * d;
      for (let j = 0; j < d; j++) dv[t0 + j]! += ki * G[r0 + j]!;
    }
    if (kind === 'linear') continue;
    if (kind === 'gdn2') {
      // dv holds du = k G here.
      for (let i = 0; i < d; i++) {
        const a = alpha[t0 + i]!;
        const ki = k[t0 + i]!;
        const bi = erase[t0 + i]!;
        const r0 = i * d;
        let readBack = 0;
        let da = 0;
        for (let j = 0; j < d; j++) {
          const du = dv[t0 + j]!;
          const sPrev = states[p0 + r0 + j]!;
          readBack += a * sPrev * du;
          const dm = G[r0 + j]! - bi * ki * du;
          da += dm * sPrev;
          G[r0 + j] = a * dm;
        }
        dErase[t0 + i] = -readBack * ki;
        dk[t0 + i]! -= readBack * bi;
        dAlpha[t0 + i] = da;
      }
      for (let j = 0; j < d; j++) {
        const du = dv[t0 + j]!;
        dWrite[t0 + j] = du * v[t0 + j]!;
        dv[t0 + j] = du * write[t0 + j]!;
      }
      continue;
    }
    let db = 0;
    for (let j = 0; j < d; j++) {
      db += dv[t0 + j]! * U[t0 + j]!;
      dv[t0 + j]! *= b;
    }
    dBeta[t] = db;
    let dAlphaScalar = 0;
    for (let i = 0; i < d; i++) {
      const a = kind === 'gated' ? alpha[t]! : kind === 'perChannel' ? alpha[t0 + i]! : 1;
      const ki = k[t0 + i]!;
      const r0 = i * d;
      let readBack = 0;
      let da = 0;
      for (let j = 0; j < d; j++) {
        const du = dv[t0 + j]!;
        const sPrev = states[p0 + r0 + j]!;
        readBack += sPrev * du;
        const dm = G[r0 + j]! - ki * du;
        da += dm * sPrev;
        G[r0 + j] = a * dm;
      }
      dk[t0 + i]! -= a * readBack;
      if (kind === 'perChannel') dAlpha[t0 + i] = da;
      else dAlphaScalar += da;
    }
    if (kind === 'gated') dAlpha[t] = dAlphaScalar;
  }
}
