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

/** Facts read back at a checkpoint: all of them up to this many, else this many spread evenly by age. */
export const MAX_QUERIES = 64;

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

/** The softmax read of pairs [from, n) with `query`. */
function readCache(p: LabPairs, from: number, n: number, query: Float64Array, s: number, out: Float64Array): Float64Array {
  const d = p.d;
  let top = -Infinity;
  const logits = new Float64Array(n - from);
  for (let j = from; j < n; j++) {
    const x = s * dot(query, p.keys[j]!, d);
    logits[j - from] = x;
    if (x > top) top = x;
  }
  out.fill(0);
  let total = 0;
  for (let j = from; j < n; j++) {
    const w = Math.exp(logits[j - from]! - top);
    total += w;
    const v = p.values[j]!;
    for (let c = 0; c < d; c++) out[c]! += w * v[c]!;
  }
  for (let c = 0; c < d; c++) out[c]! /= total;
  return out;
}

/**
 * The facts read back at a checkpoint: every one, or MAX_QUERIES of them, one from the middle of
 * each of MAX_QUERIES equal runs of facts by age, so that the oldest and the newest are sampled
 * alike (a memory that forgets with age is neither flattered nor wronged).
 */
export function queriesOf(facts: readonly number[]): number[] {
  if (facts.length <= MAX_QUERIES) return [...facts];
  return Array.from({ length: MAX_QUERIES }, (_, i) => facts[Math.floor(((i + 0.5) * facts.length) / MAX_QUERIES)]!);
}

function score(p: LabPairs, facts: readonly number[], queries: readonly number[], readOf: (t: number) => Float64Array): LabScore {
  const d = p.d;
  let error = 0;
  let squared = 0;
  let hits = 0;
  for (const t of queries) {
    const got = readOf(t);
    const v = p.values[t]!;
    let e = 0;
    // Products, not \`** 2\`: an engine may compute a power differently as its code warms up,
    // and the worker's numbers must equal the build's to the last bit.
    for (let c = 0; c < d; c++) {
      const x = got[c]! - v[c]!;
      e += x * x;
    }
    // Values are unit vectors, so the nearest stored value is the one with the largest dot product.
    const own = dot(got, v, d);
    let nearest = true;
    for (const f of facts) {
      if (f !== t && dot(got, p.values[f]!, d) > own) {
        nearest = false;
        break;
      }
    }
    error += Math.sqrt(e);
    squared += e;
    if (nearest) hits++;
  }
  const q = queries.length;
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
  for (const n of at) {
    if (n > p.keys.length) throw new RangeError(`checkpoint ${n} is past the stream's ${p.keys.length} pairs`);
    for (; written < n; written++) for (const r of rules) writeRule(r, states.get(r)!, d, p.keys[written]!, p.values[written]!, g, u);
    const facts = factsAt(p, n);
    const queries = queriesOf(facts);
    for (const r of rules) result[r].push(score(p, facts, queries, (t) => readState(states.get(r)!, d, p.keys[t]!, out)));
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
      result.leastSquares.push(score(p, facts, queries, (t) => readState(S, d, p.keys[t]!, out)));
    }
    if (methods.includes('cache')) result.cache.push(score(p, facts, queries, (t) => readCache(p, 0, n, p.keys[t]!, g.s, out)));
    if (methods.includes('window')) result.window.push(score(p, facts, queries, (t) => readCache(p, Math.max(0, n - windowPairs(d)), n, p.keys[t]!, g.s, out)));
  }
  return result;
}
