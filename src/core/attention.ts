/**
 * The attention read that the fixed memories are measured against (research/evidence.md §2.2):
 * keep the stream's (k, v) pairs instead of folding them into a D × D state, and read pair i back
 * with its own key as the query, weighing every kept value by a softmax of s·(k_i · k_j). s is
 * the sharpness (an inverse temperature); `hard` is its limit, an argmax over the kept keys.
 * A window keeps only the latest pairs: an eviction policy by age.
 */
import { D as MEMORY_D } from './memory';
import type { Stream } from './stream';

/**
 * The memory's width, held here: a module transform such as the test runner's reads an imported
 * binding through its module at every use, which in these loops cost more than the arithmetic.
 */
const D = MEMORY_D;

/** Numbers the D × D state holds, whatever was written. */
export const STATE_NUMBERS = D * D;

/** Pairs a window can keep in as many numbers as the state: each pair is a key and a value of D. */
export const WINDOW_PAIRS = STATE_NUMBERS / (2 * D);

export interface AttentionSpec {
  /** The softmax's sharpness, s > 0; ignored when `hard`. */
  s: number;
  /** Pairs kept, the latest ones; null keeps every pair (the whole cache). */
  window: number | null;
  /** Read the value of the best-matching key (ties share equally): the limit s → ∞. */
  hard: boolean;
}

/** Numbers an attention memory holds after n pairs: a key and a value per pair it keeps. */
export function attentionNumbers(n: number, window: number | null): number {
  return Math.min(n, window ?? n) * 2 * D;
}

/**
 * How far below the largest logit a weight may stand against one shared shift: e^−700 is still a
 * normal float64 (about 1e−304), so no weight underflows to 0.
 */
const UNDERFLOW_SPAN = 700;

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let c = 0; c < D; c++) s += a[c]! * b[c]!;
  return s;
}

function check(spec: AttentionSpec): void {
  if (!spec.hard && !(spec.s > 0 && Number.isFinite(spec.s))) throw new RangeError(`sharpness s must be a positive number, got ${spec.s}`);
  if (spec.window !== null && !(Number.isInteger(spec.window) && spec.window >= 1)) {
    throw new RangeError(`window must be a whole number of pairs ≥ 1 or null, got ${spec.window}`);
  }
}

/** What `query` reads from the pairs [from, to) of the stream. */
export function attentionRead(stream: Stream, from: number, to: number, query: ArrayLike<number>, spec: AttentionSpec): Float64Array {
  check(spec);
  const out = new Float64Array(D);
  if (to <= from) return out;
  const logits = Array.from({ length: to - from }, (_, j) => dot(query, stream.keys[from + j]!));
  const top = Math.max(...logits);
  // Hard: weight 1 on every key that ties the best (to rounding), 0 elsewhere. Soft: exp(s(x − max)).
  const weights = logits.map((x) => (spec.hard ? (x >= top - 1e-12 ? 1 : 0) : Math.exp(spec.s * (x - top))));
  let total = 0;
  for (let j = 0; j < weights.length; j++) {
    const w = weights[j]!;
    total += w;
    const v = stream.values[from + j]!;
    for (let c = 0; c < D; c++) out[c]! += w * v[c]!;
  }
  for (let c = 0; c < D; c++) out[c]! /= total;
  return out;
}

function relativeError(got: ArrayLike<number>, v: ArrayLike<number>): number {
  let diff = 0;
  let norm = 0;
  for (let c = 0; c < D; c++) {
    diff += (got[c]! - v[c]!) ** 2;
    norm += v[c]! ** 2;
  }
  return Math.sqrt(diff / norm);
}

/** The read error after n pairs: the mean over pairs i < n of ‖read(k_i) − v_i‖ / ‖v_i‖. */
export function attentionErrorAt(stream: Stream, n: number, spec: AttentionSpec): number {
  check(spec);
  if (!(Number.isInteger(n) && n >= 1 && n <= stream.keys.length)) throw new RangeError(`n must be a whole number from 1 to ${stream.keys.length}, got ${n}`);
  const from = spec.window === null ? 0 : Math.max(0, n - spec.window);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += relativeError(attentionRead(stream, from, n, stream.keys[i]!, spec), stream.values[i]!);
  return sum / n;
}

/**
 * The read error after each of n = 1..length pairs (the state demo's measure): the mean over
 * pairs i < n of ‖read(k_i) − v_i‖ / ‖v_i‖, the read taken over the pairs the memory keeps.
 */
export function attentionErrors(stream: Stream, length: number, spec: AttentionSpec): Float64Array {
  check(spec);
  if (!(Number.isInteger(length) && length >= 0 && length <= stream.keys.length)) {
    throw new RangeError(`length must be a whole number from 0 to the stream's ${stream.keys.length} pairs, got ${length}`);
  }
  const errors = new Float64Array(length);
  if (spec.window !== null || spec.hard) {
    for (let n = 1; n <= length; n++) errors[n - 1] = attentionErrorAt(stream, n, spec);
    return errors;
  }
  // The whole cache, softly. A softmax is the same whatever is subtracted from its logits, so
  // every read's weights are taken against one shift, the stream's largest logit: a pair's weight
  // exp(s·k_i·k_j − top) is then the same in both reads it enters, and each pair's logit and
  // weight are computed once. Each read's sums grow as pairs come, and each n's mean error is read
  // off them. Where the logits span so much that a weight would vanish to 0 against that one
  // shift, each read is taken afresh instead, against its own largest logit.
  const { keys, values } = stream;
  const s = spec.s;
  const logits = new Float64Array(length * length);
  let top = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  for (let i = 0; i < length; i++) {
    for (let j = 0; j <= i; j++) {
      const x = s * dot(keys[i]!, keys[j]!);
      logits[i * length + j] = x;
      if (x > top) top = x;
      if (x < low) low = x;
    }
  }
  if (!(top - low <= UNDERFLOW_SPAN)) {
    for (let n = 1; n <= length; n++) errors[n - 1] = attentionErrorAt(stream, n, spec);
    return errors;
  }
  const den = new Float64Array(length);
  const num = new Float64Array(length * D);
  /** ‖v_i‖², summed as relativeError sums it. */
  const norms = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const v = values[i]!;
    let norm = 0;
    for (let c = 0; c < D; c++) norm += v[c]! ** 2;
    norms[i] = norm;
  }
  for (let p = 0; p < length; p++) {
    const vp = values[p]!;
    const at = p * D;
    for (let i = 0; i <= p; i++) {
      const w = Math.exp(logits[p * length + i]! - top);
      const vi = values[i]!;
      den[p]! += w;
      for (let c = 0; c < D; c++) num[at + c]! += w * vi[c]!;
      if (i === p) break;
      den[i]! += w;
      const ai = i * D;
      for (let c = 0; c < D; c++) num[ai + c]! += w * vp[c]!;
    }
    let sum = 0;
    for (let i = 0; i <= p; i++) {
      const v = values[i]!;
      const ai = i * D;
      let diff = 0;
      for (let c = 0; c < D; c++) {
        const e = num[ai + c]! / den[i]! - v[c]!;
        diff += e * e;
      }
      sum += Math.sqrt(diff / norms[i]!);
    }
    errors[p] = sum / (p + 1);
  }
  return errors;
}
