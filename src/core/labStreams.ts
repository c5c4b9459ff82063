/**
 * The lab's write streams at any state size d (research/capacity.md): random unit keys,
 * orthonormal keys (a fresh orthonormal basis every d pairs), keys clustered around a few
 * directions, and a small pool of keys written again and again with new values. Values are
 * random unit vectors. A stream also says, after each write, which pairs are the facts a
 * perfect memory would hold: every pair, or for repeated keys each key's latest value.
 */
import { randomLcg, randomNormal } from 'd3-random';
import { requirePositiveInteger } from './checks';

export type LabStream = 'random' | 'orthonormal' | 'correlated' | 'repeated';
export const LAB_STREAMS: readonly LabStream[] = Object.freeze(['random', 'orthonormal', 'correlated', 'repeated']);

/** Directions the correlated stream's keys cluster around, and the share of each key's energy that is its direction. */
export const CLUSTERS = 4;
export const CLUSTER_SHARE = 0.5;

/** Keys in the repeated stream's pool: half the state's key channels, so the pool alone fits. */
export const poolSize = (d: number) => Math.max(2, d / 2);

export interface LabPairs {
  d: number;
  keys: Float64Array[];
  values: Float64Array[];
  /** slot[t]: the fact pair t writes. Pairs with the same slot share a key; the later value is the one to recall. */
  slot: Int32Array;
}

type Draw = () => number;

/** A uniform draw in [0, 1) and a standard normal one, from one seeded LCG. */
function sources(seed: number): { uniform: Draw; normal: Draw } {
  const uniform = randomLcg(seed);
  // As in ./stream.ts: the LCG's first output barely moves with the seed, so it is skipped.
  uniform();
  return { uniform, normal: randomNormal.source(uniform)(0, 1) };
}

function normalise(x: Float64Array): Float64Array {
  let norm = 0;
  for (const c of x) norm += c * c;
  norm = Math.sqrt(norm);
  for (let i = 0; i < x.length; i++) x[i]! /= norm;
  return x;
}

const gaussian = (normal: Draw, d: number) => Float64Array.from({ length: d }, normal);
const unit = (normal: Draw, d: number) => normalise(gaussian(normal, d));

/** d orthonormal vectors: Gram–Schmidt (twice, for rounding) over Gaussian draws. */
function basis(normal: Draw, d: number): Float64Array[] {
  const out: Float64Array[] = [];
  for (let i = 0; i < d; i++) {
    const x = gaussian(normal, d);
    for (let pass = 0; pass < 2; pass++) {
      for (const b of out) {
        let p = 0;
        for (let c = 0; c < d; c++) p += x[c]! * b[c]!;
        for (let c = 0; c < d; c++) x[c]! -= p * b[c]!;
      }
    }
    out.push(normalise(x));
  }
  return out;
}

/** `length` pairs of `kind` at state size d, from `seed` (an integer in [0, 2^32)). */
export function labPairs(kind: LabStream, d: number, length: number, seed: number): LabPairs {
  requirePositiveInteger('d', d);
  if (!(Number.isInteger(length) && length >= 0)) throw new RangeError(`length must be a whole number ≥ 0, got ${length}`);
  const { uniform, normal } = sources(seed);
  const keys: Float64Array[] = [];
  const values: Float64Array[] = [];
  const slot = new Int32Array(length);
  const centres = kind === 'correlated' ? Array.from({ length: CLUSTERS }, () => unit(normal, d)) : [];
  const pool = kind === 'repeated' ? basis(normal, d).slice(0, poolSize(d)) : [];
  let block: Float64Array[] = [];
  for (let t = 0; t < length; t++) {
    let k: Float64Array;
    if (kind === 'orthonormal') {
      if (t % d === 0) block = basis(normal, d);
      k = block[t % d]!;
    } else if (kind === 'correlated') {
      const centre = centres[Math.floor(uniform() * CLUSTERS)]!;
      const noise = unit(normal, d);
      k = normalise(noise.map((x, c) => Math.sqrt(1 - CLUSTER_SHARE) * x + Math.sqrt(CLUSTER_SHARE) * centre[c]!));
    } else if (kind === 'repeated') {
      // Every key of the pool once, then at random: the same keys come back with new values.
      const s = t < pool.length ? t : Math.floor(uniform() * pool.length);
      k = pool[s]!;
      slot[t] = s;
    } else k = unit(normal, d);
    if (kind !== 'repeated') slot[t] = t;
    keys.push(k);
    values.push(unit(normal, d));
  }
  return { d, keys, values, slot };
}

/** The pairs a perfect memory holds after the first n writes: for each fact, its latest write. */
export function factsAt(p: LabPairs, n: number): number[] {
  const latest = new Map<number, number>();
  for (let t = 0; t < n; t++) latest.set(p.slot[t]!, t);
  return [...latest.values()].sort((a, b) => a - b);
}
