/**
 * What the state demo draws after n pairs, all from the core: each rule's number and memory, what
 * the last write changed, the write taken apart (the key, what the delta rules read, the row they
 * wrote), and on the streams with groups of pairs, each group's number.
 */
import { groupCosines, groupErrors, PAIR_GROUPS, type PairGroup } from '../../core/groups';
import { channelGates, D, type Gates, RULES, type Rule, writeParts, zeroState } from '../../core/memory';
import { meanOfGroups, PHASE_GROUPS, type PhaseGroup, type PhaseScores, phaseScores } from '../../core/phases';
import type { Stream, StreamKind } from '../../core/stream';
import { gatesAtWrite, stateAt, type Trace } from '../../core/trace';
import type { Draw, ForgetSettings, Metric } from '../../content/defaults';

/** The colour scale's reach: every memory is drawn against ±1, and a larger entry is drawn at full strength. */
export const SCALE_MAX = 1;

export type GroupId = PhaseGroup | PairGroup;

/** Each group's number for each rule (null: no pairs in it yet, or no answer the metric can score). */
export type GroupTable = { groups: readonly GroupId[]; values: Record<Rule, Record<string, number | null>> };

export interface Frame {
  n: number;
  /** Each rule's number over every question the stream asks now (the chart's value). */
  values: Record<Rule, number>;
  /** Each rule's memory after n writes. */
  states: Float64Array[];
  /** Each rule's memory after n writes less the memory before the write. */
  change: Float64Array[];
  /** The pair just written. */
  key: Float64Array;
  value: Float64Array;
  /** What each delta rule read before writing (null for additive), and the row each wrote along the key. */
  read: (Float64Array | null)[];
  row: Float64Array[];
  /** Whether the gates fired at this write. */
  gateFired: boolean;
  /** How far each memory, and each change, goes past the colour scale (drawn in a darker shade there). */
  past: Record<Draw, PastScale[]>;
  groups: GroupTable | null;
}

export function gatesOf(s: Pick<ForgetSettings, 'beta' | 'alpha' | 'slow' | 'fast'>): Gates {
  return { beta: s.beta, alpha: s.alpha, channelAlpha: channelGates(s.slow, s.fast) };
}

/** Each rule's scores after every n on the phases stream, computed once per trace: a render or a drag only looks them up. */
const scored = new WeakMap<Trace, PhaseScores[][]>();

function scoresAt(t: Trace, stream: Stream, n: number): PhaseScores[] {
  let all = scored.get(t);
  if (!all) {
    all = Array.from({ length: t.n }, (_, i) => RULES.map((r) => phaseScores(stateAt(t, r, i + 1), stream, i + 1)));
    scored.set(t, all);
  }
  return all[n - 1]!;
}

/**
 * Each rule's number after n writes: over every question the phases stream asks (./phases.ts),
 * or over every pair written on the other streams (the trace's own).
 */
export function valueAt(t: Trace, stream: Stream, metric: Metric, rule: Rule, n: number): number {
  if (stream.phase) {
    const all = scoresAt(t, stream, n)[RULES.indexOf(rule)]!.all;
    return metric === 'error' ? all.error : all.cosine;
  }
  return (metric === 'error' ? t.error : t.cosine)[rule][n - 1] ?? 0;
}

/**
 * Each rule's read error over the pairs the cosine scores after n writes, so the two metrics can be
 * set side by side: on the phases stream the groups with a value (cosine cannot score the old keys'
 * silence); elsewhere every pair, as the chart's own.
 */
export function errorsCosineScores(t: Trace, stream: Stream, n: number): Record<Rule, number> {
  if (!stream.phase) return Object.fromEntries(RULES.map((r) => [r, valueAt(t, stream, 'error', r, n)])) as Record<Rule, number>;
  const scores = scoresAt(t, stream, n);
  return Object.fromEntries(RULES.map((r, i) => [r, meanOfGroups({ ...scores[i]!.error, stale: null })])) as Record<Rule, number>;
}

/** The chart's lines: each rule's number after every n. */
export function series(t: Trace, stream: Stream, metric: Metric): Record<Rule, Float64Array> {
  if (!stream.phase) return metric === 'error' ? t.error : t.cosine;
  return Object.fromEntries(RULES.map((r) => [r, Float64Array.from({ length: t.n }, (_, i) => valueAt(t, stream, metric, r, i + 1))])) as Record<
    Rule,
    Float64Array
  >;
}

/**
 * The chart's reference on the phases stream's read error: an empty memory's own score after
 * every n. It answers zero to every key, which is right for an ended context's keys, so once a
 * context has ended it scores below 1.00. Null where the reference is a flat line (1.00 for the
 * read error of the other streams, 0 for a cosine).
 */
export function emptyMemorySeries(t: Trace, stream: Stream, metric: Metric): Float64Array | null {
  if (!stream.phase || metric !== 'error') return null;
  const empty = zeroState();
  return Float64Array.from({ length: t.n }, (_, i) => phaseScores(empty, stream, i + 1).all.error);
}

/** The groups of pairs a stream reads out, in order; none on the streams whose keys touch every channel. */
export function groupsOf(kind: StreamKind): readonly GroupId[] {
  if (kind === 'phases') return PHASE_GROUPS;
  if (kind === 'lifetimes') return PAIR_GROUPS;
  return [];
}

function groupTable(t: Trace, stream: Stream, kind: StreamKind, metric: Metric, n: number, scores: PhaseScores[] | null): GroupTable | null {
  const groups = groupsOf(kind);
  if (groups.length === 0) return null;
  const values = Object.fromEntries(
    RULES.map((r, i) => {
      if (scores) return [r, metric === 'error' ? scores[i]!.error : scores[i]!.cosine];
      return [r, (metric === 'error' ? groupErrors : groupCosines)(stateAt(t, r, n), stream, n)];
    }),
  ) as GroupTable['values'];
  return { groups, values };
}

/** Everything drawn for n pairs that changes with n, computed once for the render and the drag. */
export function frameAt(t: Trace, stream: Stream, kind: StreamKind, metric: Metric, gates: Gates, n: number): Frame {
  const i = n - 1;
  const key = stream.keys[i]! as Float64Array;
  const value = stream.values[i]! as Float64Array;
  const at = gatesAtWrite(stream, gates, i);
  const states: Float64Array[] = [];
  const change: Float64Array[] = [];
  const read: (Float64Array | null)[] = [];
  const row: Float64Array[] = [];
  for (const r of RULES) {
    const before = n > 1 ? stateAt(t, r, n - 1) : zeroState();
    const after = stateAt(t, r, n);
    const parts = writeParts(r, before, key, value, at);
    states.push(after);
    const d = new Float64Array(D * D);
    for (let j = 0; j < D * D; j++) d[j] = after[j]! - before[j]!;
    change.push(d);
    read.push(parts.read);
    row.push(parts.row);
  }
  const gateFired = stream.gateAt ? stream.gateAt[i] === true : true;
  // On the phases stream one scoring of each memory serves the table and the number over every question.
  const scores = stream.phase ? scoresAt(t, stream, n) : null;
  const numberOf = (r: Rule, k: number) => (scores ? (metric === 'error' ? scores[k]!.all.error : scores[k]!.all.cosine) : valueAt(t, stream, metric, r, n));
  return {
    n,
    values: Object.fromEntries(RULES.map((r, k) => [r, numberOf(r, k)])) as Record<Rule, number>,
    states,
    change,
    key,
    value,
    read,
    row,
    gateFired,
    past: { memory: states.map((S) => pastScale(S)), change: change.map((S) => pastScale(S)) },
    groups: groupTable(t, stream, kind, metric, n, scores),
  };
}

/** How far one picture goes past the colour scale: its cells beyond ±max, and its largest entry in magnitude. */
export interface PastScale {
  count: number;
  largest: number;
}

export function pastScale(picture: ArrayLike<number>, max = SCALE_MAX): PastScale {
  let count = 0;
  let top = 0;
  for (let i = 0; i < picture.length; i++) {
    const x = Math.abs(picture[i]!);
    if (x > max) count += 1;
    top = Math.max(top, x);
  }
  return { count, largest: top };
}

/** The rows a key touches, as a band [first, last + 1) to outline; null where it touches every row. */
export function keyBand(k: ArrayLike<number>): [number, number] | null {
  let first = -1;
  let lastRow = -1;
  for (let r = 0; r < D; r++) {
    if (k[r] === 0) continue;
    if (first < 0) first = r;
    lastRow = r;
  }
  if (first < 0 || (first === 0 && lastRow === D - 1)) return null;
  return [first, lastRow + 1];
}
