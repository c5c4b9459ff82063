/**
 * The lifetimes stream's pairs in three groups, so a reader can see where a rule's read error
 * comes from (math.md §5.3): the slow facts; the fast pairs written before the latest few,
 * which later writes have overwritten; and the latest fast pairs.
 */
import { pairCosine, pairError } from './memory';

export type PairGroup = 'slow' | 'oldFast' | 'recentFast';
export const PAIR_GROUPS: readonly PairGroup[] = Object.freeze(['slow', 'oldFast', 'recentFast']);

/** How many of the latest fast pairs count as recent: as many as the fast channels that hold them. */
export const RECENT_FAST = 4;

interface Written {
  keys: readonly ArrayLike<number>[];
  values: readonly ArrayLike<number>[];
  slow: readonly boolean[];
}

/** Which group pair i (0-based) of the first n pairs falls in. */
export function pairGroup(slow: readonly boolean[], i: number, n: number): PairGroup {
  if (slow[i]) return 'slow';
  return i >= n - RECENT_FAST ? 'recentFast' : 'oldFast';
}

/**
 * The mean read error ‖k S − v‖ / ‖v‖ of each group over the first n pairs, read from state S;
 * null for a group with no pairs yet.
 */
export function groupErrors(S: Float64Array, stream: Written, n: number): Record<PairGroup, number | null> {
  return groupMeans(S, stream, n, pairError);
}

/** The mean cosine cos(k S, v) of each group over the first n pairs, read from state S; null for a group with no pairs yet. */
export function groupCosines(S: Float64Array, stream: Written, n: number): Record<PairGroup, number | null> {
  return groupMeans(S, stream, n, pairCosine);
}

function groupMeans(
  S: Float64Array,
  stream: Written,
  n: number,
  score: (S: Float64Array, k: ArrayLike<number>, v: ArrayLike<number>) => number,
): Record<PairGroup, number | null> {
  if (!Number.isInteger(n) || n < 1 || n > stream.keys.length) throw new RangeError(`n must be an integer in [1, ${stream.keys.length}], got ${n}`);
  const sum: Record<PairGroup, number> = { slow: 0, oldFast: 0, recentFast: 0 };
  const count: Record<PairGroup, number> = { slow: 0, oldFast: 0, recentFast: 0 };
  for (let i = 0; i < n; i++) {
    const g = pairGroup(stream.slow, i, n);
    sum[g] += score(S, stream.keys[i]!, stream.values[i]!);
    count[g] += 1;
  }
  const mean = (g: PairGroup) => (count[g] === 0 ? null : sum[g] / count[g]);
  return { slow: mean('slow'), oldFast: mean('oldFast'), recentFast: mean('recentFast') };
}
