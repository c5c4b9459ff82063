/**
 * The delta rule and the gated delta rule over a whole sequence, token by token and in chunks
 * (the WY / UT-transform algorithm of research/math.md §2.1), and the FLOP count of that chunked
 * algorithm (§2.2) that the `chunking` figure plots. Row convention of §0: k, q, v are rows,
 * S is d_k × d_v row-major, and o_t = q_t S_t is read from the updated state, unscaled.
 */

export interface DeltaRuleInput {
  /** L rows of length d_k. */
  readonly queries: readonly Float64Array[];
  /** L rows of length d_k; the rules are stable for unit keys (research §1b). */
  readonly keys: readonly Float64Array[];
  /** L rows of length d_v. */
  readonly values: readonly Float64Array[];
  /** L write strengths β_t. */
  readonly betas: ArrayLike<number>;
  /** S_0, d_k × d_v row-major; zeros when absent. Never mutated. */
  readonly initialState?: Float64Array;
}

export interface GatedDeltaRuleInput extends DeltaRuleInput {
  /** L log-decays g_t ≤ 0, so α_t = exp(g_t) ∈ (0, 1]. */
  readonly logDecays: ArrayLike<number>;
}

/** Accumulates FLOPs; the chunked rules add to `flops` and never reset it. */
export interface FlopCounter {
  flops: number;
}

export interface ChunkOptions {
  /** C, a positive integer; the last chunk is shorter when C does not divide L. */
  readonly chunkSize: number;
  readonly counter?: FlopCounter;
}

export interface DeltaRuleResult {
  /** o_t = q_t S_t, L rows of length d_v. */
  readonly outputs: Float64Array[];
  /** S_L, d_k × d_v row-major. */
  readonly state: Float64Array;
}

/**
 * The dense operations of one chunk, named after rows 2–6 of research §2.2, listed in the order
 * the chunked rules add them to a counter; `prefillFlops` adds in that order too, so the two agree
 * to the last bit even though C³/3 is fractional.
 */
export type ChunkOperation = 'kkt' | 'inverse' | 'wu' | 'output' | 'state';

export type ChunkFlops = Readonly<Record<ChunkOperation, number>>;

interface Shape {
  readonly L: number;
  readonly dk: number;
  readonly dv: number;
}

function isPositiveInteger(n: number): boolean {
  return Number.isInteger(n) && n > 0;
}

function requirePositiveInteger(name: string, n: number): void {
  if (!isPositiveInteger(n)) throw new Error(`${name} must be a positive integer, got ${n}`);
}

function requireRows(name: string, rows: readonly Float64Array[], L: number, width: number): void {
  if (rows.length !== L) throw new Error(`${name} has ${rows.length} rows, expected L = ${L}`);
  rows.forEach((row, t) => {
    if (row.length !== width) {
      throw new Error(`${name}[${t}] has length ${row.length}, expected ${width}`);
    }
  });
}

function requireScalars(
  name: string,
  xs: ArrayLike<number>,
  L: number,
  ok: (x: number) => boolean,
): void {
  if (xs.length !== L) throw new Error(`${name} has length ${xs.length}, expected L = ${L}`);
  for (let t = 0; t < L; t++) {
    const x = xs[t] ?? Number.NaN;
    if (!ok(x)) throw new Error(`${name}[${t}] = ${x} is not allowed`);
  }
}

function validate(input: DeltaRuleInput, logDecays?: ArrayLike<number>): Shape {
  const L = input.keys.length;
  if (L === 0) throw new Error('keys must hold at least one token');
  const dk = input.keys[0]?.length ?? 0;
  const dv = input.values[0]?.length ?? 0;
  requirePositiveInteger('d_k (length of keys[0])', dk);
  requirePositiveInteger('d_v (length of values[0])', dv);
  requireRows('keys', input.keys, L, dk);
  requireRows('queries', input.queries, L, dk);
  requireRows('values', input.values, L, dv);
  requireScalars('betas', input.betas, L, Number.isFinite);
  if (logDecays !== undefined) {
    requireScalars('logDecays', logDecays, L, (g) => Number.isFinite(g) && g <= 0);
  }
  const S0 = input.initialState;
  if (S0 !== undefined && S0.length !== dk * dv) {
    throw new Error(`initialState has length ${S0.length}, expected d_k·d_v = ${dk * dv}`);
  }
  return { L, dk, dv };
}

function initialStateOf(input: DeltaRuleInput, { dk, dv }: Shape): Float64Array {
  return input.initialState === undefined ? new Float64Array(dk * dv) : Float64Array.from(input.initialState);
}

function at(xs: ArrayLike<number>, i: number): number {
  return xs[i] ?? 0;
}

function row<T>(rows: readonly T[], i: number): T {
  const r = rows[i];
  if (r === undefined) throw new Error(`row ${i} is out of range`);
  return r;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += at(a, i) * at(b, i);
  return s;
}

/** y ← y + a·x. */
function axpy(y: Float64Array, a: number, x: Float64Array): void {
  for (let i = 0; i < y.length; i++) y[i] = at(y, i) + a * at(x, i);
}

/** The read x S of a row x (length d_k) against S (d_k × d_v). */
function readState(x: Float64Array, S: Float64Array, dv: number): Float64Array {
  const out = new Float64Array(dv);
  for (let i = 0; i < x.length; i++) {
    const xi = at(x, i);
    if (xi === 0) continue;
    for (let j = 0; j < dv; j++) out[j] = at(out, j) + xi * at(S, i * dv + j);
  }
  return out;
}

/** S ← S + a·kᵀ u, the rank-one write. */
function writeState(S: Float64Array, a: number, k: Float64Array, u: Float64Array): void {
  const dv = u.length;
  for (let i = 0; i < k.length; i++) {
    const ki = a * at(k, i);
    if (ki === 0) continue;
    for (let j = 0; j < dv; j++) S[i * dv + j] = at(S, i * dv + j) + ki * at(u, j);
  }
}

function scaleState(S: Float64Array, a: number): void {
  for (let i = 0; i < S.length; i++) S[i] = at(S, i) * a;
}

/**
 * The recurrence of research §1b/§1c in the order of fla's reference loop: S ← α_t S, then
 * u = β_t (v_t − k_t S), S ← S + k_tᵀ u, o_t = q_t S. Without log-decays α_t = 1 (plain delta).
 */
function recurrent(input: DeltaRuleInput, shape: Shape, logDecays?: ArrayLike<number>): DeltaRuleResult {
  const S = initialStateOf(input, shape);
  const outputs: Float64Array[] = [];
  for (let t = 0; t < shape.L; t++) {
    if (logDecays !== undefined) scaleState(S, Math.exp(at(logDecays, t)));
    const k = row(input.keys, t);
    const u = Float64Array.from(row(input.values, t));
    axpy(u, -1, readState(k, S, shape.dv));
    writeState(S, at(input.betas, t), k, u);
    outputs.push(readState(row(input.queries, t), S, shape.dv));
  }
  return { outputs, state: S };
}

/** DeltaNet, token by token: S_t = S_{t−1} + β_t k_tᵀ (v_t − k_t S_{t−1}), o_t = q_t S_t (research §1b). */
export function recurrentDeltaRule(input: DeltaRuleInput): DeltaRuleResult {
  return recurrent(input, validate(input));
}

/**
 * Gated DeltaNet, token by token: S_t = α_t (I − β_t k_tᵀ k_t) S_{t−1} + β_t k_tᵀ v_t with
 * α_t = exp(g_t), the decay applied before the delta read (research §1c).
 */
export function recurrentGatedDeltaRule(input: GatedDeltaRuleInput): DeltaRuleResult {
  return recurrent(input, validate(input, input.logDecays), input.logDecays);
}

/**
 * The dense FLOPs of one chunk of length C (research §2.2: 2 FLOPs per multiply-add, full C × C
 * tiles even where masked). The inverse is counted as exactly C³/3, the dense convention of §2.2;
 * forward substitution does (C³ − C)/3. With d_k = d_v = d the sum is 10C²d + 6Cd² + C³/3.
 */
export function chunkFlops({ C, dk, dv }: { C: number; dk: number; dv: number }): ChunkFlops {
  return {
    kkt: 2 * C * C * dk,
    inverse: (C * C * C) / 3,
    wu: 2 * C * C * (dk + dv),
    output: 2 * C * dk * dv + 2 * C * C * dk + 2 * C * C * dv,
    state: 4 * C * dk * dv,
  };
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
function combineRows(
  M: readonly Float64Array[],
  X: readonly Float64Array[],
  weight: (j: number) => number,
): Float64Array[] {
  return M.map((Mi) => {
    const out = new Float64Array(row(X, 0).length);
    for (let j = 0; j < X.length; j++) {
      const m = at(Mi, j);
      if (m !== 0) axpy(out, m * weight(j), row(X, j));
    }
    return out;
  });
}

/**
 * One chunk of research §2.1 (GDN form; plain delta is Γ = causal ones, γ = 1):
 * W = T(diag(γ)K), U = TV, V' = U − WS, O = diag(γ)QS + (QKᵀ ⊙ Γ)V',
 * S_next = γ_C S + (diag(γ_C/γ)K)ᵀ V'. Writes S_next into S and returns O.
 */
interface Chunk {
  readonly Q: readonly Float64Array[];
  readonly K: readonly Float64Array[];
  readonly V: readonly Float64Array[];
  readonly betas: Float64Array;
  /** Cumulative log-decays within the chunk. */
  readonly G: Float64Array;
}

function chunkStep(
  chunk: Chunk,
  S: Float64Array,
  shape: Shape,
  counter: FlopCounter | undefined,
): Float64Array[] {
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

  Vp.forEach((Vi, i) => axpy(Vi, -1, readState(row(W, i), S, shape.dv)));
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

function chunked(
  input: DeltaRuleInput,
  options: ChunkOptions,
  shape: Shape,
  logDecays?: ArrayLike<number>,
): DeltaRuleResult {
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

/**
 * Dense forward FLOPs of the chunked algorithm for one head with d_k = d_v = d: the sum of
 * `chunkFlops` over ⌈L/C⌉ chunks, the last one of length L − C⌊(L−1)/C⌋. For C dividing L this is
 * L(10Cd + 6d² + C²/3), the F(C) of research §2.2. C > L means one chunk of the whole sequence.
 */
export function prefillFlops({ L, d, C }: { L: number; d: number; C: number }): number {
  requirePositiveInteger('L', L);
  requirePositiveInteger('d', d);
  requirePositiveInteger('C', C);
  // Summed chunk by chunk in the counter's order rather than in closed form, so that the two
  // round alike: C³/3 is fractional and floating-point addition is not associative.
  const addChunk = (total: number, f: ChunkFlops): number =>
    total + f.kkt + f.inverse + f.wu + f.output + f.state;
  const full = chunkFlops({ C, dk: d, dv: d });
  const chunks = Math.floor(L / C);
  let total = 0;
  for (let i = 0; i < chunks; i++) total = addChunk(total, full);
  const rest = L - chunks * C;
  return rest > 0 ? addChunk(total, chunkFlops({ C: rest, dk: d, dv: d })) : total;
}

/** ⌈L/C⌉: the iterations the state recurrence must take one after another (research §2.2). */
export function sequentialSteps({ L, C }: { L: number; C: number }): number {
  requirePositiveInteger('L', L);
  requirePositiveInteger('C', C);
  return Math.ceil(L / C);
}
