/**
 * The lab: the state demo's four write rules and Gated DeltaNet-2 at state size d, beside the least-squares bound and
 * an attention read over the whole cache or over a window holding as many numbers as the state
 * (research/capacity.md). One stream is written once; at each checkpoint n every memory is read
 * back with the keys of the facts so far and scored two ways: read error ‖kS − v‖/‖v‖, the
 * essay's metric, and nearest-value accuracy, whether the read lies closer to its own value than
 * to any other stored one.
 */
import { requirePositiveInteger } from './checks';
import { addToGram, leastSquaresFromGram, leastSquaresState } from './leastSquares';
import { factsAt, type LabPairs } from './labStreams';
import { type CacheScratch, cutsOf, keyGram, type LabScore, readCache, readState, type Search, score, tailsOf } from './labRead';

export { readState } from './labRead';
export type { LabScore } from './labRead';

export type LabRule = 'additive' | 'delta' | 'gatedDelta' | 'perChannelGated' | 'gdn2';
export type LabMethod = LabRule | 'leastSquares' | 'cache' | 'window';
export const LAB_RULES: readonly LabRule[] = Object.freeze(['additive', 'delta', 'gatedDelta', 'perChannelGated', 'gdn2']);
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
  /**
   * Gated DeltaNet-2's two strengths (./gdn2.ts). Its erase gate b is per key channel: `erase` on
   * the fast half (the channels that decay by `fast`), 0 on the slow half, so the read it takes out
   * along k comes only from the fast half. `write` (w) weighs the value written in, the same on
   * every value channel. Its decay is the per-channel rule's. With one b on every channel, the state
   * would be that rule's at β = b, times w/b, and its accuracy that rule's.
   */
  erase: number;
  write: number;
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

/** One stream's scores: by method, one per checkpoint. */
export type LabResult = Record<LabMethod, LabScore[]>;

/** Scratch for one write: the update u, and Gated DeltaNet-2's b ⊙ k. */
interface WriteScratch {
  u: Float64Array;
  bk: Float64Array;
}

const writeScratch = (d: number): WriteScratch => ({ u: new Float64Array(d), bk: new Float64Array(d) });

function writeRule(rule: LabRule, S: Float64Array, d: number, k: Float64Array, v: Float64Array, g: LabGates, { u, bk }: WriteScratch): void {
  if (rule === 'gatedDelta' && g.alpha !== 1) for (let i = 0; i < S.length; i++) S[i]! *= g.alpha;
  if (rule === 'perChannelGated' || rule === 'gdn2') {
    for (let r = 0; r < d; r++) {
      const a = r < d / 2 ? g.slow : g.fast;
      if (a !== 1) for (let c = 0; c < d; c++) S[r * d + c]! *= a;
    }
  }
  if (rule === 'additive') u.set(v);
  else if (rule === 'gdn2') {
    // S ← (I − kᵀ(b ⊙ k)) S + kᵀ(w ⊙ v), b = erase on the fast half of the key channels and 0 on
    // the slow half: the read taken out comes from the fast rows alone. As gdn2Write computes it.
    for (let r = 0; r < d; r++) bk[r] = (r < d / 2 ? 0 : g.erase) * k[r]!;
    readState(S, d, bk, u);
    for (let c = 0; c < d; c++) u[c] = g.write * v[c]! - u[c]!;
  } else {
    readState(S, d, k, u);
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
  const scratch = writeScratch(p.d);
  for (let t = 0; t < n; t++) writeRule(rule, S, p.d, p.keys[t]!, p.values[t]!, g, scratch);
  return S;
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
  const w = writeScratch(d);
  const out = new Float64Array(d);
  // Where every pair is a fact, the least-squares normal equations grow a pair at a time.
  const G = new Float64Array(d * d);
  const B = new Float64Array(d * d);
  let gathered = 0;
  let written = 0;
  const cuts = cutsOf(d);
  const search: Search = { cuts, tails: tailsOf(p.values, d, cuts) };
  const gram = methods.includes('cache') || methods.includes('window') ? keyGram(p) : null;
  const scratch: CacheScratch = { weights: new Float64Array(p.keys.length), pairs: new Int32Array(p.keys.length) };
  for (const n of at) {
    if (n > p.keys.length) throw new RangeError(`checkpoint ${n} is past the stream's ${p.keys.length} pairs`);
    for (; written < n; written++) for (const r of rules) writeRule(r, states.get(r)!, d, p.keys[written]!, p.values[written]!, g, w);
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
    if (methods.includes('cache')) result.cache.push(score(p, facts, search, (t) => readCache(p, gram!, 0, n, t, g.s, out, scratch)));
    if (methods.includes('window'))
      result.window.push(score(p, facts, search, (t) => readCache(p, gram!, Math.max(0, n - windowPairs(d)), n, t, g.s, out, scratch)));
  }
  return result;
}
