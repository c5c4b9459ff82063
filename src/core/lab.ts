/**
 * The lab: the state demo's four write rules at state size d, beside the least-squares bound and
 * an attention read over the whole cache or over a window holding as many numbers as the state
 * (research/capacity.md). One stream is written once; at each checkpoint n every memory is read
 * back with the keys of the facts so far and scored two ways: read error ‖kS − v‖/‖v‖, the
 * essay's metric, and nearest-value accuracy, whether the read lies closer to its own value than
 * to any other stored one.
 */
import { requirePositiveInteger } from './checks';
import { addToGram, leastSquaresFromGram, leastSquaresState } from './leastSquares';
import { factsAt, type LabPairs } from './labStreams';

export type LabRule = 'additive' | 'delta' | 'gatedDelta' | 'perChannelGated';
export type LabMethod = LabRule | 'leastSquares' | 'cache' | 'window';
export const LAB_RULES: readonly LabRule[] = Object.freeze(['additive', 'delta', 'gatedDelta', 'perChannelGated']);
export const LAB_METHODS: readonly LabMethod[] = Object.freeze([...LAB_RULES, 'leastSquares', 'cache', 'window']);

/** The state sizes the lab offers, and how far past d a run goes. */
export const LAB_SIZES: readonly number[] = Object.freeze([4, 8, 16, 32, 64, 128]);
export const MAX_LOAD = 4;

export interface LabGates {
  beta: number;
  alpha: number;
  /** Per-channel decays: the first half of the key channels keep `slow`, the rest `fast`. */
  slow: number;
  fast: number;
  /** The attention read's sharpness s: weights ∝ exp(s · kᵢ·kⱼ). */
  s: number;
}

/** Checkpoints at n = d/4, d/2, … 4d (each a whole number of pairs, each once). */
export function checkpoints(d: number): number[] {
  requirePositiveInteger('d', d);
  const out = new Set<number>();
  for (let q = 1; q <= 4 * MAX_LOAD; q++) out.add(Math.max(1, Math.round((q * d) / 4)));
  return [...out];
}

/** Pairs a window keeps in the numbers of a d × d state: each pair is a key and a value of d. */
export const windowPairs = (d: number) => Math.max(1, Math.floor(d / 2));

/** Scores at one checkpoint, for one stream. */
export interface LabScore {
  /** Mean read error, and mean squared read error (its root is the RMS the theory gives). */
  error: number;
  squared: number;
  accuracy: number;
}

/** One stream's scores: by method, one per checkpoint. */
export type LabResult = Record<LabMethod, LabScore[]>;

function writeRule(rule: LabRule, S: Float64Array, d: number, k: Float64Array, v: Float64Array, g: LabGates, u: Float64Array): void {
  if (rule === 'gatedDelta' && g.alpha !== 1) for (let i = 0; i < S.length; i++) S[i]! *= g.alpha;
  if (rule === 'perChannelGated') {
    for (let r = 0; r < d; r++) {
      const a = r < d / 2 ? g.slow : g.fast;
      if (a !== 1) for (let c = 0; c < d; c++) S[r * d + c]! *= a;
    }
  }
  if (rule === 'additive') u.set(v);
  else {
    u.fill(0);
    for (let r = 0; r < d; r++) {
      const kr = k[r]!;
      if (kr !== 0) for (let c = 0; c < d; c++) u[c]! += kr * S[r * d + c]!;
    }
    for (let c = 0; c < d; c++) u[c] = g.beta * (v[c]! - u[c]!);
  }
  for (let r = 0; r < d; r++) {
    const kr = k[r]!;
    if (kr !== 0) for (let c = 0; c < d; c++) S[r * d + c]! += kr * u[c]!;
  }
}

/** The state `rule` holds after the first n writes of the stream. */
export function labState(rule: LabRule, p: LabPairs, n: number, g: LabGates): Float64Array {
  const S = new Float64Array(p.d * p.d);
  const u = new Float64Array(p.d);
  for (let t = 0; t < n; t++) writeRule(rule, S, p.d, p.keys[t]!, p.values[t]!, g, u);
  return S;
}

/** What key k reads from the d × d state S. */
export function readState(S: Float64Array, d: number, k: Float64Array, out = new Float64Array(d)): Float64Array {
  out.fill(0);
  for (let r = 0; r < d; r++) {
    const kr = k[r]!;
    if (kr !== 0) for (let c = 0; c < d; c++) out[c]! += kr * S[r * d + c]!;
  }
  return out;
}

const dot = (a: Float64Array, b: Float64Array, d: number) => {
  let s = 0;
  for (let c = 0; c < d; c++) s += a[c]! * b[c]!;
  return s;
};

/** Every pair of keys' dot product, by index: gram[i * length + j]. Every read of the cache asks with a stored key, so its logits are rows of this. */
function keyGram(p: LabPairs): Float64Array {
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
function readCache(p: LabPairs, gram: Float64Array, from: number, n: number, q: number, s: number, out: Float64Array): Float64Array {
  const d = p.d;
  const row = q * p.keys.length;
  let top = -Infinity;
  for (let j = from; j < n; j++) {
    const x = s * gram[row + j]!;
    if (x > top) top = x;
  }
  out.fill(0);
  let total = 0;
  for (let j = from; j < n; j++) {
    const x = s * gram[row + j]! - top;
    if (x < NEGLIGIBLE) continue;
    const w = Math.exp(x);
    total += w;
    const v = p.values[j]!;
    for (let c = 0; c < d; c++) out[c]! += w * v[c]!;
  }
  for (let c = 0; c < d; c++) out[c]! /= total;
  return out;
}

/**
 * Where a nearest-value search checks whether a rival can still win: after each quarter of the
 * channels. Past a cut, the rest of a dot product is at most the two tails' lengths multiplied
 * (Cauchy–Schwarz), so a rival whose partial sum plus that bound cannot pass the read's own
 * value is dropped without the rest of its channels. The answer is the full search's.
 */
const cutsOf = (d: number) => [...new Set([Math.floor(d / 4), Math.floor(d / 2), Math.floor((3 * d) / 4)])].filter((c) => c > 0 && c < d);

/** Each value's length past each cut, by pair: tails[t * cuts + i]. */
function tailsOf(values: readonly Float64Array[], d: number, cuts: readonly number[]): Float64Array {
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

interface Search {
  cuts: readonly number[];
  tails: Float64Array;
}

/** Whether any other fact's value lies strictly closer to the read than its own (values are unit vectors: the largest dot product). */
function rivalWins(p: LabPairs, facts: readonly number[], t: number, got: Float64Array, own: number, search: Search, readTails: Float64Array): boolean {
  const d = p.d;
  const { cuts, tails } = search;
  const k = cuts.length;
  for (const f of facts) {
    if (f === t) continue;
    const w = p.values[f]!;
    let s = 0;
    let from = 0;
    let dropped = false;
    for (let i = 0; i < k; i++) {
      const to = cuts[i]!;
      for (let c = from; c < to; c++) s += got[c]! * w[c]!;
      from = to;
      if (s + readTails[i]! * tails[f * k + i]! <= own) {
        dropped = true;
        break;
      }
    }
    if (dropped) continue;
    for (let c = from; c < d; c++) s += got[c]! * w[c]!;
    if (s > own) return true;
  }
  return false;
}

/**
 * Scores a memory on every fact at a checkpoint. Every fact is read, not a sample: a sample by
 * age lands on the newest pairs, which are exactly what a decaying memory keeps, and a count of
 * pairs read back is only exact when every pair is asked for.
 */
function score(p: LabPairs, facts: readonly number[], search: Search, readOf: (t: number) => Float64Array): LabScore {
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

/**
 * Writes the stream once with every rule and scores every method at each checkpoint. `methods`
 * picks which to compute (the rest come back empty).
 */
export function labRun(p: LabPairs, at: readonly number[], g: LabGates, methods: readonly LabMethod[] = LAB_METHODS): LabResult {
  const d = p.d;
  const result = Object.fromEntries(LAB_METHODS.map((m) => [m, [] as LabScore[]])) as LabResult;
  const rules = LAB_RULES.filter((r) => methods.includes(r));
  const states = new Map(rules.map((r) => [r, new Float64Array(d * d)]));
  const u = new Float64Array(d);
  const out = new Float64Array(d);
  // Where every pair is a fact, the least-squares normal equations grow a pair at a time.
  const G = new Float64Array(d * d);
  const B = new Float64Array(d * d);
  let gathered = 0;
  let written = 0;
  const cuts = cutsOf(d);
  const search: Search = { cuts, tails: tailsOf(p.values, d, cuts) };
  const gram = methods.includes('cache') || methods.includes('window') ? keyGram(p) : null;
  for (const n of at) {
    if (n > p.keys.length) throw new RangeError(`checkpoint ${n} is past the stream's ${p.keys.length} pairs`);
    for (; written < n; written++) for (const r of rules) writeRule(r, states.get(r)!, d, p.keys[written]!, p.values[written]!, g, u);
    const facts = factsAt(p, n);
    for (const r of rules) result[r].push(score(p, facts, search, (t) => readState(states.get(r)!, d, p.keys[t]!, out)));
    if (methods.includes('leastSquares')) {
      const everyPair = facts.length === n;
      if (everyPair && n >= d) for (; gathered < n; gathered++) addToGram(G, B, p.keys[gathered]!, p.values[gathered]!, d);
      const S =
        everyPair && n >= d
          ? leastSquaresFromGram(G, B, d)
          : leastSquaresState(
              facts.map((t) => p.keys[t]!),
              facts.map((t) => p.values[t]!),
              d,
            );
      result.leastSquares.push(score(p, facts, search, (t) => readState(S, d, p.keys[t]!, out)));
    }
    if (methods.includes('cache')) result.cache.push(score(p, facts, search, (t) => readCache(p, gram!, 0, n, t, g.s, out)));
    if (methods.includes('window')) result.window.push(score(p, facts, search, (t) => readCache(p, gram!, Math.max(0, n - windowPairs(d)), n, t, g.s, out)));
  }
  return result;
}
