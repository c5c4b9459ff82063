/**
 * What the phases stream asks of a memory after n writes, and how well each memory answers,
 * group by group: the slow facts; this context's keys written once; its rewritten keys, at
 * their latest value; and the last context's keys, which should now read back nothing. The
 * last group's number is how much of an old value still comes back. The stream's number is
 * the mean of the groups' numbers: each kind of question weighs the same.
 */
import { D as DIM, scoreRead } from './memory';
import type { Stream } from './stream';

const D = DIM;

export type PhaseGroup = 'facts' | 'once' | 'rewritten' | 'stale';
export const PHASE_GROUPS: readonly PhaseGroup[] = Object.freeze(['facts', 'once', 'rewritten', 'stale']);

/** One question the stream asks: pair i's key, answered by its value, or by nothing (a key of a context that has ended). */
export interface Query {
  pair: number;
  group: PhaseGroup;
  empty: boolean;
}

type Phased = Pick<Stream, 'keys' | 'values'> & { phase?: Stream['phase'] };

function phaseOf(stream: Phased): NonNullable<Stream['phase']> {
  if (!stream.phase) throw new RangeError('only the phases stream has groups of this kind');
  return stream.phase;
}

function checkN(stream: Phased, n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > stream.keys.length) throw new RangeError(`n must be an integer in [1, ${stream.keys.length}], got ${n}`);
}

/**
 * The questions after n writes, one per key written so far, at its latest write: a slow fact
 * and a key of the current context should read back their latest value; a key of an earlier
 * context should read back nothing.
 */
export function queriesAt(stream: Phased, n: number): Query[] {
  checkN(stream, n);
  const { keyOf, context } = phaseOf(stream);
  const current = context[n - 1]!;
  const latest = new Map<number, number>();
  const writes = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    latest.set(keyOf[i]!, i);
    writes.set(keyOf[i]!, (writes.get(keyOf[i]!) ?? 0) + 1);
  }
  const out: Query[] = [];
  for (const [key, pair] of [...latest].sort((a, b) => a[1] - b[1])) {
    const c = context[pair]!;
    if (c < 0) out.push({ pair, group: 'facts', empty: false });
    else if (c !== current) out.push({ pair, group: 'stale', empty: true });
    else out.push({ pair, group: writes.get(key)! > 1 ? 'rewritten' : 'once', empty: false });
  }
  return out;
}

/**
 * Scores one question against state S into acc: acc[0] += ‖k S − target‖ / ‖v‖ (target v, or 0
 * for a key that should read nothing, so 1.00 is its old value read back at full length, and 0
 * is silence); acc[1] += cos(k S, v) for a key with a value, nothing for an empty one.
 */
function scoreQuery(S: ArrayLike<number>, stream: Phased, q: Query, read: Float64Array, acc: Float64Array): void {
  const k = stream.keys[q.pair]!;
  const v = stream.values[q.pair]!;
  for (let c = 0; c < D; c++) {
    let x = 0;
    for (let r = 0; r < D; r++) x += k[r]! * S[r * D + c]!;
    read[c] = x;
  }
  if (!q.empty) {
    scoreRead(read, v, 0, acc);
    return;
  }
  let sq = 0;
  let vSq = 0;
  for (let c = 0; c < D; c++) {
    sq += read[c]! * read[c]!;
    vSq += v[c]! * v[c]!;
  }
  acc[0]! += Math.sqrt(sq / vSq);
}

export interface PhaseScores {
  /** Mean read error of each group; null where the group has no questions yet. */
  error: Record<PhaseGroup, number | null>;
  /** Mean cosine of each group; null where it has none, and always for `stale`, whose answer is nothing. */
  cosine: Record<PhaseGroup, number | null>;
  /**
   * The stream's number, as the read error's equation defines it: the mean over the groups asked
   * so far of each group's mean, so each kind of question weighs the same however many keys it
   * has. The read error counts every group, the last context's keys included (an old value read
   * back is an error); the cosine only the groups with a value, since it cannot score silence.
   */
  all: { error: number; cosine: number };
}

/** How state S answers the stream's questions after n writes, group by group and in all. */
export function phaseScores(S: ArrayLike<number>, stream: Phased, n: number): PhaseScores {
  const sums = new Map<PhaseGroup, { error: number; cosine: number; count: number }>();
  const read = new Float64Array(D);
  const acc = new Float64Array(2);
  for (const q of queriesAt(stream, n)) {
    acc.fill(0);
    scoreQuery(S, stream, q, read, acc);
    const g = sums.get(q.group) ?? { error: 0, cosine: 0, count: 0 };
    g.error += acc[0]!;
    g.cosine += acc[1]!;
    g.count += 1;
    sums.set(q.group, g);
  }
  const mean = (g: PhaseGroup, key: 'error' | 'cosine') => {
    const s = sums.get(g);
    if (!s || (key === 'cosine' && g === 'stale')) return null;
    return s[key] / s.count;
  };
  const byGroup = (key: 'error' | 'cosine') => Object.fromEntries(PHASE_GROUPS.map((g) => [g, mean(g, key)])) as Record<PhaseGroup, number | null>;
  const error = byGroup('error');
  const cosine = byGroup('cosine');
  return { error, cosine, all: { error: meanOfGroups(error), cosine: meanOfGroups(cosine) } };
}

/** The mean of the groups' means, over the groups that have one. */
export function meanOfGroups(byGroup: Readonly<Record<string, number | null>>): number {
  const asked = Object.values(byGroup).filter((x): x is number => x !== null);
  return asked.length === 0 ? 0 : asked.reduce((a, b) => a + b, 0) / asked.length;
}
