/**
 * The attention read that the fixed memories are measured against (research/evidence.md §2.2):
 * keep the stream's (k, v) pairs instead of folding them into a D × D state, and read pair i back
 * with its own key as the query, weighing every kept value by a softmax of s·(k_i · k_j). s is
 * the sharpness (an inverse temperature); `hard` is its limit, an argmax over the kept keys.
 * A window keeps only the latest pairs: an eviction policy by age.
 */
import { D } from './memory';
import type { Stream } from './stream';

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
  // The whole cache, softly: each pair's read is a running softmax over the pairs written so far,
  // kept as a largest logit, a denominator and a numerator that rescale when a larger logit comes.
  // Pair p's logit against an earlier pair i is computed once and serves both reads: k_i · k_p and
  // k_p · k_i are the same products summed in the same order, so the same number.
  const { keys, values } = stream;
  const s = spec.s;
  const top = new Float64Array(length).fill(Number.NEGATIVE_INFINITY);
  const den = new Float64Array(length);
  const num = new Float64Array(length * D);
  const logits = new Float64Array(length);
  /** ‖v_i‖², summed as relativeError sums it. */
  const norms = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const v = values[i]!;
    let norm = 0;
    for (let c = 0; c < D; c++) norm += v[c]! ** 2;
    norms[i] = norm;
  }
  const add = (i: number, x: number, v: Float64Array) => {
    const at = i * D;
    if (x > top[i]!) {
      const scale = Math.exp(top[i]! - x);
      den[i]! *= scale;
      for (let c = 0; c < D; c++) num[at + c]! *= scale;
      top[i] = x;
    }
    const w = Math.exp(x - top[i]!);
    den[i]! += w;
    for (let c = 0; c < D; c++) num[at + c]! += w * v[c]!;
  };
  for (let n = 1; n <= length; n++) {
    const p = n - 1;
    const kp = keys[p]!;
    const vp = values[p]!;
    for (let i = 0; i < p; i++) {
      const x = s * dot(keys[i]!, kp);
      logits[i] = x;
      add(i, x, vp);
    }
    for (let j = 0; j < p; j++) add(p, logits[j]!, values[j]!);
    add(p, s * dot(kp, kp), vp);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      const at = i * D;
      let diff = 0;
      for (let c = 0; c < D; c++) diff += (num[at + c]! / den[i]! - v[c]!) ** 2;
      sum += Math.sqrt(diff / norms[i]!);
    }
    errors[p] = sum / n;
  }
  return errors;
}
