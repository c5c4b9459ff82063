/**
 * The lab's reads (src/core/lab.ts): what a key reads from a state, the attention read of the
 * cache, and the scores of a memory's reads, the nearest-value search among them. Each sum adds
 * its terms in one fixed order, so a run is the same to the last bit wherever it is computed.
 */
import type { LabPairs } from './labStreams';

/** Scores at one checkpoint, for one stream. */
export interface LabScore {
  /** Mean read error, and mean squared read error (its root is the RMS the theory gives). */
  error: number;
  squared: number;
  accuracy: number;
}

/**
 * What key k reads from the d × d state S: each channel c the sum over rows r, in row order, of
 * k[r] · S[r][c], rows where k is 0 left out. Eight rows at a time where none of the eight is 0: the
 * same additions in the same order, with an eighth of the reads and writes of the sum.
 */
export function readState(S: Float64Array, d: number, k: Float64Array, out: Float64Array = new Float64Array(d)): Float64Array {
  out.fill(0);
  let r = 0;
  for (; r + 8 <= d; r += 8) {
    const k0 = k[r]!;
    const k1 = k[r + 1]!;
    const k2 = k[r + 2]!;
    const k3 = k[r + 3]!;
    const k4 = k[r + 4]!;
    const k5 = k[r + 5]!;
    const k6 = k[r + 6]!;
    const k7 = k[r + 7]!;
    if (k0 !== 0 && k1 !== 0 && k2 !== 0 && k3 !== 0 && k4 !== 0 && k5 !== 0 && k6 !== 0 && k7 !== 0) {
      const o = r * d;
      for (let c = 0; c < d; c++)
        out[c] =
          out[c]! +
          k0 * S[o + c]! +
          k1 * S[o + d + c]! +
          k2 * S[o + 2 * d + c]! +
          k3 * S[o + 3 * d + c]! +
          k4 * S[o + 4 * d + c]! +
          k5 * S[o + 5 * d + c]! +
          k6 * S[o + 6 * d + c]! +
          k7 * S[o + 7 * d + c]!;
    } else for (let q = r; q < r + 8; q++) addRow(S, d, k[q]!, q, out);
  }
  for (; r < d; r++) addRow(S, d, k[r]!, r, out);
  return out;
}

/** out += kr · row r of S, unless kr is 0. */
function addRow(S: Float64Array, d: number, kr: number, r: number, out: Float64Array): void {
  if (kr === 0) return;
  const o = r * d;
  for (let c = 0; c < d; c++) out[c]! += kr * S[o + c]!;
}

const dot = (a: Float64Array, b: Float64Array, d: number) => {
  let s = 0;
  for (let c = 0; c < d; c++) s += a[c]! * b[c]!;
  return s;
};

/** Every pair of keys' dot product, by index: gram[i * length + j]. Every read of the cache asks with a stored key, so its logits are rows of this. */
export function keyGram(p: LabPairs): Float64Array {
  const L = p.keys.length;
  const g = new Float64Array(L * L);
  for (let i = 0; i < L; i++) {
    for (let j = i; j < L; j++) {
      const x = dot(p.keys[i]!, p.keys[j]!, p.d);
      g[i * L + j] = x;
      g[j * L + i] = x;
    }
  }
  return g;
}

/**
 * A weight this far below the largest is left out of the softmax sum: e^−46 is under 2^−66, so
 * even every pair of a run together moves no read by a digit that float64 keeps.
 */
const NEGLIGIBLE = -46;

/** The softmax read of pairs [from, n) with the key of pair `q`. */
export function readCache(
  p: LabPairs,
  gram: Float64Array,
  from: number,
  n: number,
  q: number,
  s: number,
  out: Float64Array,
  scratch: CacheScratch,
): Float64Array {
  const d = p.d;
  const row = q * p.keys.length;
  let top = -Infinity;
  for (let j = from; j < n; j++) {
    const x = s * gram[row + j]!;
    if (x > top) top = x;
  }
  out.fill(0);
  let total = 0;
  // The weights in pair order, then the values added in that order, four pairs at a time: each
  // channel's additions are the ones a pair at a time makes, in the same order.
  let m = 0;
  for (let j = from; j < n; j++) {
    const x = s * gram[row + j]! - top;
    if (x < NEGLIGIBLE) continue;
    const w = Math.exp(x);
    total += w;
    scratch.weights[m] = w;
    scratch.pairs[m++] = j;
  }
  const { weights, pairs } = scratch;
  let i = 0;
  for (; i + 4 <= m; i += 4) {
    const w0 = weights[i]!;
    const w1 = weights[i + 1]!;
    const w2 = weights[i + 2]!;
    const w3 = weights[i + 3]!;
    const v0 = p.values[pairs[i]!]!;
    const v1 = p.values[pairs[i + 1]!]!;
    const v2 = p.values[pairs[i + 2]!]!;
    const v3 = p.values[pairs[i + 3]!]!;
    for (let c = 0; c < d; c++) out[c] = out[c]! + w0 * v0[c]! + w1 * v1[c]! + w2 * v2[c]! + w3 * v3[c]!;
  }
  for (; i < m; i++) {
    const w = weights[i]!;
    const v = p.values[pairs[i]!]!;
    for (let c = 0; c < d; c++) out[c]! += w * v[c]!;
  }
  for (let c = 0; c < d; c++) out[c]! /= total;
  return out;
}

/** Room for one read's weights and the pairs they weigh, as many as the stream holds. */
export interface CacheScratch {
  weights: Float64Array;
  pairs: Int32Array;
}

/**
 * Where a nearest-value search checks whether a rival can still win: after each quarter of the
 * channels. Past a cut, the rest of a dot product is at most the two tails' lengths multiplied
 * (Cauchy–Schwarz), so a rival whose partial sum plus that bound cannot pass the read's own
 * value is dropped without the rest of its channels. The answer is the full search's.
 */
export const cutsOf = (d: number) => [...new Set([Math.floor(d / 4), Math.floor(d / 2), Math.floor((3 * d) / 4)])].filter((c) => c > 0 && c < d);

/** Each value's length past each cut, by pair: tails[t * cuts + i]. */
export function tailsOf(values: readonly Float64Array[], d: number, cuts: readonly number[]): Float64Array {
  const out = new Float64Array(values.length * cuts.length);
  values.forEach((v, t) => {
    cuts.forEach((c, i) => {
      let s = 0;
      for (let j = c; j < d; j++) s += v[j]! * v[j]!;
      out[t * cuts.length + i] = Math.sqrt(s);
    });
  });
  return out;
}

export interface Search {
  cuts: readonly number[];
  tails: Float64Array;
}

/**
 * Whether any other fact's value lies strictly closer to the read than its own (values are unit
 * vectors: the largest dot product). Past each cut the rest of a dot product is bounded by the two
 * tails' lengths multiplied (Cauchy–Schwarz): a rival that cannot pass the read's own value even so
 * is dropped without the rest of its channels. Rivals are taken four at a time up to the second
 * cut, four sums side by side; each rival's sum is still its own channels added in order, and is
 * judged at each cut as if taken alone.
 */
function rivalWins(p: LabPairs, facts: readonly number[], t: number, got: Float64Array, own: number, search: Search, readTails: Float64Array): boolean {
  const { cuts } = search;
  const n = facts.length;
  let i = 0;
  if (cuts.length >= 2) {
    const a = cuts[0]!;
    const b = cuts[1]!;
    for (; i + 4 <= n; i += 4) {
      const f0 = facts[i]!;
      const f1 = facts[i + 1]!;
      const f2 = facts[i + 2]!;
      const f3 = facts[i + 3]!;
      const w0 = p.values[f0]!;
      const w1 = p.values[f1]!;
      const w2 = p.values[f2]!;
      const w3 = p.values[f3]!;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let c = 0; c < a; c++) {
        const x = got[c]!;
        s0 += x * w0[c]!;
        s1 += x * w1[c]!;
        s2 += x * w2[c]!;
        s3 += x * w3[c]!;
      }
      const h0 = s0;
      const h1 = s1;
      const h2 = s2;
      const h3 = s3;
      for (let c = a; c < b; c++) {
        const x = got[c]!;
        s0 += x * w0[c]!;
        s1 += x * w1[c]!;
        s2 += x * w2[c]!;
        s3 += x * w3[c]!;
      }
      if (
        (f0 !== t && beats(p, f0, got, h0, s0, own, search, readTails)) ||
        (f1 !== t && beats(p, f1, got, h1, s1, own, search, readTails)) ||
        (f2 !== t && beats(p, f2, got, h2, s2, own, search, readTails)) ||
        (f3 !== t && beats(p, f3, got, h3, s3, own, search, readTails))
      )
        return true;
    }
  }
  for (; i < n; i++) if (facts[i] !== t && beats(p, facts[i]!, got, null, 0, own, search, readTails)) return true;
  return false;
}

/**
 * Whether fact f's value lies strictly closer to the read than the read's own. `first` and
 * `second`, where given, are the read's dot product with it up to the first and the second cut.
 */
function beats(p: LabPairs, f: number, got: Float64Array, first: number | null, second: number, own: number, search: Search, readTails: Float64Array): boolean {
  const d = p.d;
  const { cuts, tails } = search;
  const k = cuts.length;
  const w = p.values[f]!;
  let s = 0;
  let from = 0;
  for (let i = 0; i < k; i++) {
    const to = cuts[i]!;
    if (first !== null && i < 2) s = i === 0 ? first : second;
    else for (let c = from; c < to; c++) s += got[c]! * w[c]!;
    from = to;
    if (s + readTails[i]! * tails[f * k + i]! <= own) return false;
  }
  for (let c = from; c < d; c++) s += got[c]! * w[c]!;
  return s > own;
}

/**
 * Scores a memory on every fact at a checkpoint. Every fact is read, not a sample: a sample by
 * age lands on the newest pairs, which are exactly what a decaying memory keeps, and a count of
 * pairs read back is only exact when every pair is asked for.
 */
export function score(p: LabPairs, facts: readonly number[], search: Search, readOf: (t: number) => Float64Array): LabScore {
  const d = p.d;
  let error = 0;
  let squared = 0;
  let hits = 0;
  const readTails = new Float64Array(search.cuts.length);
  for (const t of facts) {
    const got = readOf(t);
    const v = p.values[t]!;
    let e = 0;
    // Products, not \`** 2\`: an engine may compute a power differently as its code warms up,
    // and the worker's numbers must equal the build's to the last bit.
    for (let c = 0; c < d; c++) {
      const x = got[c]! - v[c]!;
      e += x * x;
    }
    search.cuts.forEach((cut, i) => {
      let r = 0;
      for (let c = cut; c < d; c++) r += got[c]! * got[c]!;
      readTails[i] = Math.sqrt(r);
    });
    const own = dot(got, v, d);
    error += Math.sqrt(e);
    squared += e;
    if (!rivalWins(p, facts, t, got, own, search, readTails)) hits++;
  }
  const q = facts.length;
  return { error: error / q, squared: squared / q, accuracy: hits / q };
}
