/**
 * The associative memory of the `forget` figure: an 8x8 state S (row-major Float64Array, rows
 * are key channels), the four write rules that differ only in what they evict, and the reads
 * that score them. A read is v̂ = k S.
 */

/** Key and value dimension: S is D x D. */
export const D = 8;

/** Channels 0..SLOW_CHANNELS-1 carry the slow facts of the lifetimes stream; the rest are fast. */
export const SLOW_CHANNELS = 4;

export type Rule = 'additive' | 'delta' | 'gatedDelta' | 'perChannelGated';

/** Every rule, in the order the figure draws them: each one adds a way to evict. */
export const RULES: readonly Rule[] = Object.freeze(['additive', 'delta', 'gatedDelta', 'perChannelGated']);

export interface Gates {
  /** Write strength β of the three delta rules; stable for unit keys when β ∈ [0, 1]. */
  beta: number;
  /** Scalar decay α of gatedDelta, in [0, 1]. */
  alpha: number;
  /** One decay per key channel (row of S) for perChannelGated, D entries, each in [0, 1]. */
  channelAlpha: ArrayLike<number>;
}

/** Per-channel decays: `slow` on the slow channels 0..3, `fast` on 4..7. */
export function channelGates(slow: number, fast: number): Float64Array {
  return new Float64Array(D).fill(slow, 0, SLOW_CHANNELS).fill(fast, SLOW_CHANNELS);
}

/** The figure's opening gates: β = 1, α = 0.9, slow channels kept (1), fast ones halved (0.5). */
export const DEFAULT_GATES: Readonly<Gates> = Object.freeze({
  beta: 1,
  alpha: 0.9,
  // A frozen array, because a shared Float64Array could be mutated by any caller.
  channelAlpha: Object.freeze(Array.from(channelGates(1, 0.5))),
});

export function zeroState(): Float64Array {
  return new Float64Array(D * D);
}

/**
 * Every rule is one step S ← M S + kᵀu with M = scale · Diag(rows) and u = β(v − k M S), except
 * additive, which skips the read (u = v). Resolving a rule to this shape once lets one kernel
 * serve all four rules, and the trace resolve it outside its loop.
 */
interface Step {
  scale: number;
  rows: ArrayLike<number>;
  beta: number;
  delta: boolean;
}

const ONES: ArrayLike<number> = Object.freeze(Array.from({ length: D }, () => 1));

/** The step shape of `rule` under `gates`, reading only the gates that rule uses. */
export function stepOf(rule: Rule, gates: Gates): Step {
  switch (rule) {
    case 'additive':
      return { scale: 1, rows: ONES, beta: 1, delta: false };
    case 'delta':
      return { scale: 1, rows: ONES, beta: gates.beta, delta: true };
    case 'gatedDelta':
      return { scale: gates.alpha, rows: ONES, beta: gates.beta, delta: true };
    case 'perChannelGated':
      return { scale: 1, rows: gates.channelAlpha, beta: gates.beta, delta: true };
  }
}

/** Throws a RangeError unless channelAlpha has one decay per key channel. */
export function checkGates(gates: Gates): void {
  if (gates.channelAlpha.length !== D) {
    throw new RangeError(`channelAlpha needs ${D} entries, got ${gates.channelAlpha.length}`);
  }
}

function checkVector(name: string, x: ArrayLike<number>): void {
  if (x.length !== D) throw new RangeError(`${name} needs ${D} entries, got ${x.length}`);
}

function checkState(S: Float64Array): void {
  if (S.length !== D * D) throw new RangeError(`S needs ${D * D} entries, got ${S.length}`);
}

/**
 * One write, column by column (each column of S is independent under every rule), into `out`
 * at `o0`; `out` may be `S` itself. Decay comes before the delta read, as in every reference
 * implementation: u = β(v − k(MS)), out = MS + kᵀu.
 */
export function writeAt(
  step: Step,
  S: Float64Array,
  s0: number,
  k: ArrayLike<number>,
  k0: number,
  v: ArrayLike<number>,
  v0: number,
  out: Float64Array,
  o0: number,
): void {
  const { scale, rows, beta, delta } = step;
  for (let c = 0; c < D; c++) {
    let kS = 0;
    for (let r = 0; r < D; r++) {
      const m = scale * rows[r]! * S[s0 + r * D + c]!;
      out[o0 + r * D + c] = m;
      kS += k[k0 + r]! * m;
    }
    const u = delta ? beta * (v[v0 + c]! - kS) : v[v0 + c]!;
    for (let r = 0; r < D; r++) out[o0 + r * D + c]! += k[k0 + r]! * u;
  }
}

/**
 * One write of `rule`, returning a new state; S is left untouched.
 * additive: S + kᵀv. delta: S + β kᵀ(v − kS). gatedDelta: αS, then the delta write.
 * perChannelGated: Diag(α)S (row i scaled by channelAlpha[i]), then the delta write.
 * Each rule ignores the gates it does not use.
 */
export function write(rule: Rule, S: Float64Array, k: ArrayLike<number>, v: ArrayLike<number>, gates: Gates): Float64Array {
  checkGates(gates);
  checkState(S);
  checkVector('k', k);
  checkVector('v', v);
  const out = new Float64Array(D * D);
  writeAt(stepOf(rule, gates), S, 0, k, 0, v, 0, out, 0);
  return out;
}

/** v̂ = k S. */
export function read(S: Float64Array, k: ArrayLike<number>): Float64Array {
  checkState(S);
  checkVector('k', k);
  const out = new Float64Array(D);
  for (let c = 0; c < D; c++) {
    for (let r = 0; r < D; r++) out[c]! += k[r]! * S[r * D + c]!;
  }
  return out;
}

function maxAbs(x: ArrayLike<number>, x0: number): number {
  let m = 0;
  for (let c = 0; c < D; c++) m = Math.max(m, Math.abs(x[x0 + c]!));
  return m;
}

/**
 * Adds the relative error ‖v̂ − v‖ / ‖v‖ of a read v̂ to acc[0] and its cosine cos(v̂, v) to acc[1],
 * with cos = 0 when v̂ = 0 (silence points nowhere); v is the D entries of `v` from `v0` and must be
 * nonzero, as the error is relative. Each vector is scaled by its largest entry before squaring,
 * so a read decayed to 1e-200 still has the cosine of its direction instead of 0/0.
 */
export function scoreRead(got: ArrayLike<number>, v: ArrayLike<number>, v0: number, acc: Float64Array): void {
  const gotMax = maxAbs(got, 0);
  const wantMax = maxAbs(v, v0);
  let missMax = 0;
  for (let c = 0; c < D; c++) missMax = Math.max(missMax, Math.abs(got[c]! - v[v0 + c]!));
  let miss = 0;
  let dot = 0;
  let readSq = 0;
  let valueSq = 0;
  for (let c = 0; c < D; c++) {
    const g = gotMax === 0 ? 0 : got[c]! / gotMax;
    const w = v[v0 + c]! / wantMax;
    const m = missMax === 0 ? 0 : (got[c]! - v[v0 + c]!) / missMax;
    miss += m * m;
    dot += g * w;
    readSq += g * g;
    valueSq += w * w;
  }
  acc[0]! += (missMax * Math.sqrt(miss)) / (wantMax * Math.sqrt(valueSq));
  acc[1]! += gotMax === 0 ? 0 : dot / Math.sqrt(readSq * valueSq);
}

function accumulatePair(S: Float64Array, k: ArrayLike<number>, v: ArrayLike<number>, acc: Float64Array): void {
  checkVector('v', v);
  scoreRead(read(S, k), v, 0, acc);
}

/** ‖k S − v‖ / ‖v‖: 1 means as wrong as answering zero. */
export function pairError(S: Float64Array, k: ArrayLike<number>, v: ArrayLike<number>): number {
  return pairMetrics(S, k, v)[0]!;
}

/** cos(k S, v), defined as 0 when k S is the zero vector. */
export function pairCosine(S: Float64Array, k: ArrayLike<number>, v: ArrayLike<number>): number {
  return pairMetrics(S, k, v)[1]!;
}

function pairMetrics(S: Float64Array, k: ArrayLike<number>, v: ArrayLike<number>): Float64Array {
  const acc = new Float64Array(2);
  accumulatePair(S, k, v, acc);
  return acc;
}

function meanMetrics(S: Float64Array, keys: readonly ArrayLike<number>[], values: readonly ArrayLike<number>[]): Float64Array {
  if (keys.length !== values.length) {
    throw new RangeError(`${keys.length} keys but ${values.length} values`);
  }
  if (keys.length === 0) throw new RangeError('a mean over pairs needs at least one pair');
  const acc = new Float64Array(2);
  keys.forEach((k, i) => {
    accumulatePair(S, k, values[i]!, acc);
  });
  acc[0]! /= keys.length;
  acc[1]! /= keys.length;
  return acc;
}

/** Read error E = (1/n) Σᵢ ‖kᵢS − vᵢ‖ / ‖vᵢ‖ over the given pairs (math.md §5). */
export function readError(S: Float64Array, keys: readonly ArrayLike<number>[], values: readonly ArrayLike<number>[]): number {
  return meanMetrics(S, keys, values)[0]!;
}

/** Mean cosine (1/n) Σᵢ cos(kᵢS, vᵢ), the figure's alternative metric; 1 is perfect recall. */
export function readCosine(S: Float64Array, keys: readonly ArrayLike<number>[], values: readonly ArrayLike<number>[]): number {
  return meanMetrics(S, keys, values)[1]!;
}

/** One write taken apart, so a figure can show it: what the decay leaves, what the key reads from that, and the row written along the key. */
export interface WriteParts {
  /** M S: the state after the rule's decay (S itself for additive and plain delta). */
  decayed: Float64Array;
  /** k (M S), what the delta rules read before they write; null for additive, which does not read. */
  read: Float64Array | null;
  /** u, written along the key (the new state is M S + kᵀu): β(v − k M S) for the delta rules, v for additive. */
  row: Float64Array;
}

/** The parts of `write(rule, S, k, v, gates)`, whose new state is decayed + kᵀ row. */
export function writeParts(rule: Rule, S: Float64Array, k: ArrayLike<number>, v: ArrayLike<number>, gates: Gates): WriteParts {
  checkGates(gates);
  checkState(S);
  checkVector('k', k);
  checkVector('v', v);
  const { scale, rows, beta, delta } = stepOf(rule, gates);
  const decayed = new Float64Array(D * D);
  for (let r = 0; r < D; r++) for (let c = 0; c < D; c++) decayed[r * D + c] = scale * rows[r]! * S[r * D + c]!;
  if (!delta) return { decayed, read: null, row: Float64Array.from(v) };
  const got = read(decayed, k);
  const row = new Float64Array(D);
  for (let c = 0; c < D; c++) row[c] = beta * (v[c]! - got[c]!);
  return { decayed, read: got, row };
}

/**
 * Nearest-value accuracy: the share of the pairs whose read k_i S lies closer (in Euclidean
 * distance) to its own value v_i than to any other value written, the count recall benchmarks
 * make. A tie counts against the read.
 */
export function nearestShare(S: Float64Array, keys: readonly ArrayLike<number>[], values: readonly ArrayLike<number>[]): number {
  if (keys.length !== values.length) throw new RangeError(`${keys.length} keys but ${values.length} values`);
  if (keys.length === 0) throw new RangeError('a share of pairs needs at least one pair');
  let right = 0;
  keys.forEach((k, i) => {
    const got = read(S, k);
    const distance = (v: ArrayLike<number>) => {
      let sq = 0;
      for (let c = 0; c < D; c++) sq += (got[c]! - v[c]!) ** 2;
      return sq;
    };
    const own = distance(values[i]!);
    if (values.every((v, j) => j === i || distance(v) > own)) right += 1;
  });
  return right / keys.length;
}
