/**
 * The delta rule and the gated delta rule in chunks of C tokens: the WY / UT-transform algorithm of
 * research/math.md §2.1, which equals the token-by-token recurrence of ./reference up to rounding
 * and can report the §2.2 FLOPs of ./flops as it goes. Row convention of §0.
 */
import { requirePositiveInteger } from './checks';
import { chunkFlops } from './flops';
import {
  at,
  axpy,
  dot,
  initialStateOf,
  readState,
  row,
  scaleState,
  validate,
  writeState,
  type DeltaRuleInput,
  type DeltaRuleResult,
  type GatedDeltaRuleInput,
  type Shape,
} from './sequence';

/** Accumulates FLOPs; the chunked rules add to `flops` and never reset it. */
export interface FlopCounter {
  flops: number;
}

interface ChunkOptions {
  /** C, a positive integer; the last chunk is shorter when C does not divide L. */
  readonly chunkSize: number;
  readonly counter?: FlopCounter;
}

function count(counter: FlopCounter | undefined, flops: number): void {
  if (counter !== undefined) counter.flops += flops;
}

/** Per-token cumulative log-decays G_r = Σ_{s ≤ r} g_s within one chunk (all 0 for plain delta). */
function chunkLogDecays(logDecays: ArrayLike<number> | undefined, start: number, C: number): Float64Array {
  const G = new Float64Array(C);
  let acc = 0;
  for (let r = 0; r < C; r++) {
    acc += logDecays === undefined ? 0 : at(logDecays, start + r);
    G[r] = acc;
  }
  return G;
}

/**
 * T = (I + A)⁻¹ diag(β) with A = tril(diag(β)(K Kᵀ ⊙ Γ), −1), by forward substitution on
 * (I + A) T = diag(β): row i is β_i e_i − Σ_{j<i} A_ij T_j (research §2.1, the UT transform).
 */
function utTransform(K: readonly Float64Array[], betas: Float64Array, G: Float64Array): Float64Array[] {
  const C = K.length;
  const T: Float64Array[] = [];
  for (let i = 0; i < C; i++) {
    const Ti = new Float64Array(C);
    const bi = at(betas, i);
    Ti[i] = bi;
    for (let j = 0; j < i; j++) {
      const Aij = bi * dot(row(K, i), row(K, j)) * Math.exp(at(G, i) - at(G, j));
      axpy(Ti, -Aij, row(T, j));
    }
    T.push(Ti);
  }
  return T;
}

/** Rows of M X for a C × C matrix M (as rows) and rows X, each X_j scaled by weight_j. */
function combineRows(M: readonly Float64Array[], X: readonly Float64Array[], weight: (j: number) => number): Float64Array[] {
  return M.map((Mi) => {
    const out = new Float64Array(row(X, 0).length);
    for (let j = 0; j < X.length; j++) {
      const m = at(Mi, j);
      if (m !== 0) axpy(out, m * weight(j), row(X, j));
    }
    return out;
  });
}

interface Chunk {
  readonly Q: readonly Float64Array[];
  readonly K: readonly Float64Array[];
  readonly V: readonly Float64Array[];
  readonly betas: Float64Array;
  /** Cumulative log-decays within the chunk. */
  readonly G: Float64Array;
}

/**
 * One chunk of research §2.1 (GDN form; plain delta is Γ = causal ones, γ = 1):
 * W = T(diag(γ)K), U = TV, V' = U − WS, O = diag(γ)QS + (QKᵀ ⊙ Γ)V',
 * S_next = γ_C S + (diag(γ_C/γ)K)ᵀ V'. Writes S_next into S and returns O.
 */
function chunkStep(chunk: Chunk, S: Float64Array, shape: Shape, counter: FlopCounter | undefined): Float64Array[] {
  const { Q, K, V, betas, G } = chunk;
  const C = K.length;
  const flops = chunkFlops({ C, dk: shape.dk, dv: shape.dv });
  const gamma = (j: number): number => Math.exp(at(G, j));

  // fla fuses KKᵀ into the solve; so does utTransform, but it is counted as its own step.
  count(counter, flops.kkt);
  const T = utTransform(K, betas, G);
  count(counter, flops.inverse);
  const W = combineRows(T, K, gamma);
  // U = TV, turned into V' = U − WS in place.
  const Vp = combineRows(T, V, () => 1);
  count(counter, flops.wu);

  Vp.forEach((Vi, i) => {
    axpy(Vi, -1, readState(row(W, i), S, shape.dv));
  });
  const O = Q.map((Qi, i) => {
    const Oi = readState(Qi, S, shape.dv);
    for (let r = 0; r < Oi.length; r++) Oi[r] = at(Oi, r) * gamma(i);
    for (let j = 0; j <= i; j++) {
      axpy(Oi, dot(Qi, row(K, j)) * Math.exp(at(G, i) - at(G, j)), row(Vp, j));
    }
    return Oi;
  });
  count(counter, flops.output);

  const GC = at(G, C - 1);
  scaleState(S, Math.exp(GC));
  for (let j = 0; j < C; j++) writeState(S, Math.exp(GC - at(G, j)), row(K, j), row(Vp, j));
  count(counter, flops.state);
  return O;
}

function chunked(input: DeltaRuleInput, options: ChunkOptions, shape: Shape, logDecays?: ArrayLike<number>): DeltaRuleResult {
  requirePositiveInteger('chunkSize', options.chunkSize);
  const S = initialStateOf(input, shape);
  const outputs: Float64Array[] = [];
  for (let start = 0; start < shape.L; start += options.chunkSize) {
    const end = Math.min(start + options.chunkSize, shape.L);
    const betas = Float64Array.from({ length: end - start }, (_, r) => at(input.betas, start + r));
    const chunk: Chunk = {
      Q: input.queries.slice(start, end),
      K: input.keys.slice(start, end),
      V: input.values.slice(start, end),
      betas,
      G: chunkLogDecays(logDecays, start, end - start),
    };
    for (const o of chunkStep(chunk, S, shape, options.counter)) outputs.push(o);
  }
  return { outputs, state: S };
}

/**
 * DeltaNet in chunks of C tokens, the WY / UT-transform algorithm of research §2.1:
 * A = tril(diag(β)KKᵀ, −1), T = (I + A)⁻¹ diag(β), W = TK, U = TV, V' = U − WS,
 * O = QS + (QKᵀ ⊙ M)V', S_next = S + KᵀV'. Equals `recurrentDeltaRule` up to rounding.
 * A counter, if given, receives the §2.2 FLOPs of every dense operation.
 */
export function chunkedDeltaRule(input: DeltaRuleInput & ChunkOptions): DeltaRuleResult {
  return chunked(input, input, validate(input));
}

/**
 * Gated DeltaNet in chunks (research §2.1, GDN): G_r = Σ_{s≤r} g_s, γ_r = e^{G_r},
 * Γ_ij = e^{G_i − G_j} (i ≥ j), A = tril(diag(β)(KKᵀ ⊙ Γ), −1), W = T diag(γ)K, U = TV,
 * V' = U − WS, O = diag(γ)QS + (QKᵀ ⊙ Γ)V', S_next = γ_C S + (diag(γ_C/γ)K)ᵀV'.
 * The O(C²) gate products are elementwise and not counted, as in §2.2.
 */
export function chunkedGatedDeltaRule(input: GatedDeltaRuleInput & ChunkOptions): DeltaRuleResult {
  return chunked(input, input, validate(input, input.logDecays), input.logDecays);
}
