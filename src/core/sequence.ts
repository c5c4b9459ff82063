/**
 * A whole sequence as the delta rules of research/math.md §1b/§1c and §2.1 take it: the input and
 * result types, their validation, and the row and state arithmetic the token-by-token and chunked
 * algorithms share. Row convention of §0: k, q, v are rows, S is d_k × d_v row-major.
 */
import { requirePositiveInteger } from './checks';

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

export interface DeltaRuleResult {
  /** o_t = q_t S_t, L rows of length d_v. */
  readonly outputs: Float64Array[];
  /** S_L, d_k × d_v row-major. */
  readonly state: Float64Array;
}

export interface Shape {
  readonly L: number;
  readonly dk: number;
  readonly dv: number;
}

function requireRows(name: string, rows: readonly Float64Array[], L: number, width: number): void {
  if (rows.length !== L) throw new Error(`${name} has ${rows.length} rows, expected L = ${L}`);
  rows.forEach((row, t) => {
    if (row.length !== width) {
      throw new Error(`${name}[${t}] has length ${row.length}, expected ${width}`);
    }
  });
}

function requireScalars(name: string, xs: ArrayLike<number>, L: number, ok: (x: number) => boolean): void {
  if (xs.length !== L) throw new Error(`${name} has length ${xs.length}, expected L = ${L}`);
  for (let t = 0; t < L; t++) {
    const x = xs[t] ?? Number.NaN;
    if (!ok(x)) throw new Error(`${name}[${t}] = ${x} is not allowed`);
  }
}

/** Checks every row, scalar and S_0 against the shape keys[0] and values[0] set; returns it. */
export function validate(input: DeltaRuleInput, logDecays?: ArrayLike<number>): Shape {
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

/** A fresh copy of S_0 (zeros when absent), so that the caller's state is never mutated. */
export function initialStateOf(input: DeltaRuleInput, { dk, dv }: Shape): Float64Array {
  return input.initialState === undefined ? new Float64Array(dk * dv) : Float64Array.from(input.initialState);
}

export function at(xs: ArrayLike<number>, i: number): number {
  return xs[i] ?? 0;
}

export function row<T>(rows: readonly T[], i: number): T {
  const r = rows[i];
  if (r === undefined) throw new Error(`row ${i} is out of range`);
  return r;
}

export function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += at(a, i) * at(b, i);
  return s;
}

/** y ← y + a·x. */
export function axpy(y: Float64Array, a: number, x: Float64Array): void {
  for (let i = 0; i < y.length; i++) y[i] = at(y, i) + a * at(x, i);
}

/** The read x S of a row x (length d_k) against S (d_k × d_v). */
export function readState(x: Float64Array, S: Float64Array, dv: number): Float64Array {
  const out = new Float64Array(dv);
  for (let i = 0; i < x.length; i++) {
    const xi = at(x, i);
    if (xi === 0) continue;
    for (let j = 0; j < dv; j++) out[j] = at(out, j) + xi * at(S, i * dv + j);
  }
  return out;
}

/** S ← S + a·kᵀ u, the rank-one write. */
export function writeState(S: Float64Array, a: number, k: Float64Array, u: Float64Array): void {
  const dv = u.length;
  for (let i = 0; i < k.length; i++) {
    const ki = a * at(k, i);
    if (ki === 0) continue;
    for (let j = 0; j < dv; j++) S[i * dv + j] = at(S, i * dv + j) + ki * at(u, j);
  }
}

/** S ← a·S. */
export function scaleState(S: Float64Array, a: number): void {
  for (let i = 0; i < S.length; i++) S[i] = at(S, i) * a;
}
