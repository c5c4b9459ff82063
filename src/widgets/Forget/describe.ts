/**
 * Words for what the state demo shows: names, the live readout, the line that says what to look
 * for, the caption, what the last write did, and the sentence that describes the picture to a
 * screen reader. Pure, and generated from the same frame the figure draws, so the text follows
 * every control; tests read them without a DOM.
 */
import { RECENT_FAST } from '../../core/groups';
import { D, type Rule, RULES, SLOW_CHANNELS } from '../../core/memory';
import { PHASES, type Stream, type StreamKind } from '../../core/stream';
import { countWord, fixed as fmt } from '../../format';
import type { Frame, GroupId, PastScale } from './frame';
import type { Draw, Metric } from './state';

export const RULE_LABELS: Record<Rule, string> = {
  additive: 'Additive',
  delta: 'Delta',
  gatedDelta: 'Gated delta',
  perChannelGated: 'Per-channel gated',
};

export const METRIC_LABELS: Record<Metric, string> = {
  error: 'Read error',
  cosine: 'Cosine similarity',
};

export const STREAM_LABELS: Record<StreamKind, string> = {
  phases: 'Facts, rewrites, a new context',
  capacity: 'Random keys',
  orthogonal: 'Orthogonal keys',
  lifetimes: 'Lifetimes',
};

const FACT_ROWS = `rows 1–${SLOW_CHANNELS}`;
const FAST_ROWS = `rows ${SLOW_CHANNELS + 1}–${D}`;

export const GROUP_LABELS: Record<GroupId, string> = {
  facts: `Facts, ${FACT_ROWS}`,
  once: 'This context, written once',
  rewritten: 'This context, rewritten',
  stale: 'Last context (should read 0)',
  slow: `Slow facts, ${FACT_ROWS}`,
  oldFast: 'Older fast pairs',
  recentFast: `Latest ${RECENT_FAST} fast pairs`,
};

/** The rows a stream gives to each group of keys, for the labels beside the memories; none where every key touches every row. */
export function rowGroups(kind: StreamKind): { rows: [number, number]; label: string }[] {
  if (kind === 'phases')
    return [
      { rows: [0, SLOW_CHANNELS], label: 'facts' },
      { rows: [SLOW_CHANNELS, D], label: 'contexts' },
    ];
  if (kind === 'lifetimes')
    return [
      { rows: [0, SLOW_CHANNELS], label: 'slow' },
      { rows: [SLOW_CHANNELS, D], label: 'fast' },
    ];
  return [];
}

const lower = (r: Rule) => RULE_LABELS[r].toLowerCase();
const pairs = (n: number) => `${n} ${n === 1 ? 'pair' : 'pairs'}`;

/** The live numbers: pairs written and each rule's number over every question asked now. */
export function readout(n: number, metric: Metric, values: Record<Rule, number>): string {
  return `${pairs(n)} written. ${METRIC_LABELS[metric]}: ${RULES.map((r) => `${lower(r)} ${fmt(values[r])}`).join(', ')}.`;
}

/** A group's number as the table shows it: a dash where the group has no pairs yet, or where the metric cannot score it. */
export function cell(x: number | null | undefined): string {
  return x === null || x === undefined ? '–' : fmt(x);
}

/** The gates a reader has set, as the text needs them. */
export interface GateValues {
  beta: number;
  alpha: number;
  slow: number;
  fast: number;
}

function scaled(what: string, by: number, rows: string): string {
  if (by === 0) return `${what} clears ${rows}`;
  if (by === 1) return `${what} keeps ${rows}`;
  return `${what} scales ${rows} by ${fmt(by)}`;
}

/** What the gates did at a write where they fired. */
function gateWords(g: GateValues): string {
  const gated = g.alpha === 0 ? 'gated delta clears every row' : g.alpha === 1 ? 'gated delta’s α stays 1' : `gated delta scales every row by ${fmt(g.alpha)}`;
  const perChannel =
    g.slow === g.fast
      ? scaled('per-channel', g.slow, 'every row')
      : `${scaled('per-channel', g.slow, FACT_ROWS)} and ${g.fast === 0 ? 'clears' : g.fast === 1 ? 'keeps' : `scales by ${fmt(g.fast)}`} ${FAST_ROWS}`;
  return `${gated}; ${perChannel}`;
}

type Stage = 'fact' | 'fresh' | 'rewrite' | 'switch' | 'after';

/** Where pair n falls in the phases stream. */
export function stageOf(stream: Stream, n: number): Stage {
  const phase = stream.phase!;
  const i = n - 1;
  const context = phase.context[i]!;
  if (context < 0) return 'fact';
  if (stream.gateAt?.[i]) return 'switch';
  if (context > 0) return 'after';
  return phase.keyOf[i] === i ? 'fresh' : 'rewrite';
}

/** A group's number for a rule, as text. */
function at(frame: Frame, rule: Rule, group: GroupId): string {
  return cell(frame.groups?.values[rule][group]);
}

function bestOf(values: Record<Rule, number>, metric: Metric): Rule {
  return [...RULES].sort((a, b) => (metric === 'error' ? values[a] - values[b] : values[b] - values[a]))[0]!;
}

/**
 * The facts under the two gated rules, beside plain delta's, which has no gate: whatever the gated
 * rules lose beyond plain delta's number is the gates' doing, and what plain delta misses too
 * (a β below one writes each fact part way) is not.
 */
function factsLine(frame: Frame): string {
  return `Facts read ${at(frame, 'gatedDelta', 'facts')} gated and ${at(frame, 'perChannelGated', 'facts')} per channel, against ${at(frame, 'delta', 'facts')} under plain delta, which has no gate.`;
}

function phasesLine(frame: Frame, stream: Stream, g: GateValues): string {
  switch (stageOf(stream, frame.n)) {
    case 'fact':
      return `Facts on ${FACT_ROWS}, one key channel each: additive reads them back at ${at(frame, 'additive', 'facts')}, delta at ${at(frame, 'delta', 'facts')}.`;
    case 'fresh':
      return `A context of ${countWord(PHASES.contexts[0]!.fresh)} pairs crowds the ${countWord(D - SLOW_CHANNELS)} channels of ${FAST_ROWS}. So far its pairs read back at ${at(frame, 'additive', 'once')} under additive and ${at(frame, 'delta', 'once')} under delta.`;
    case 'rewrite':
      return `Keys come back with new values. Additive blends old and new (${at(frame, 'additive', 'rewritten')}); delta ${g.beta === 1 ? 'replaces the old value' : `moves ${fmt(g.beta)} of the way to the new one`} (${at(frame, 'delta', 'rewritten')}).`;
    case 'switch':
      return `A new context, and the gates fire: ${gateWords(g)}. ${factsLine(frame)} Old keys read ${at(frame, 'delta', 'stale')} under plain delta, ${at(frame, 'gatedDelta', 'stale')} gated.`;
    case 'after':
      return `The new context writes the same ${FAST_ROWS}, so old keys read its values in the gated memory too: ${at(frame, 'gatedDelta', 'stale')} gated, ${at(frame, 'delta', 'stale')} under plain delta. ${factsLine(frame)}`;
  }
}

const ORDINALS = ['first', 'second', 'third', 'fourth'] as const;

/** A rule's place among the four under a metric, counting as ahead only the rules ahead at the precision shown. */
export function placeOf(rule: Rule, values: Record<Rule, number>, metric: Metric): number {
  const shown = (r: Rule) => Number(fmt(values[r]));
  return RULES.filter((r) => (metric === 'error' ? shown(r) < shown(rule) : shown(r) > shown(rule))).length;
}

/** Whether cosine forgives additive's length here, judges it harder, or ranks it as read error does, said from the two rankings. */
function lengthLine(cosine: Record<Rule, number>, error: Record<Rule, number>, samePairs: boolean): string {
  const c = placeOf('additive', cosine, 'cosine');
  const e = placeOf('additive', error, 'error');
  const both = `${ORDINALS[c]} by cosine (${fmt(cosine.additive)}) and ${ORDINALS[e]} by read error${samePairs ? ' over the same pairs' : ''} (${fmt(error.additive)})`;
  if (c < e) return `Cosine forgives a read’s length: additive places ${both}.`;
  if (c > e) return `Here cosine judges additive harder than read error does: it places ${both}, its reads pointing away from their values.`;
  return `Cosine and read error place additive alike here: ${both}.`;
}

/** Per-channel decay against plain delta on one group of the lifetimes stream, or nothing where the group has no pairs yet. */
function lifetimeGroup(frame: Frame, group: GroupId, what: string): string | null {
  const pc = frame.groups?.values.perChannelGated[group];
  const delta = frame.groups?.values.delta[group];
  if (pc === null || pc === undefined || delta === null || delta === undefined) return null;
  const verb = fmt(pc) === fmt(delta) ? 'ties' : pc < delta ? 'gains' : 'pays';
  return `${verb} on ${what} (${fmt(pc)} against ${fmt(delta)})`;
}

function lifetimesLine(frame: Frame): string {
  const facts = `After ${pairs(frame.n)} the slow facts on ${FACT_ROWS} read back at ${at(frame, 'delta', 'slow')} under plain delta, ${at(frame, 'perChannelGated', 'slow')} under per-channel decay and ${at(frame, 'gatedDelta', 'slow')} under one decay for every row.`;
  const parts = [lifetimeGroup(frame, 'oldFast', 'the older fast pairs'), lifetimeGroup(frame, 'recentFast', `the latest ${countWord(RECENT_FAST)}`)].filter(
    (x): x is string => x !== null,
  );
  return parts.length === 0 ? facts : `${facts} Against plain delta, per-channel decay ${parts.join(' and ')}.`;
}

/**
 * The line above the figure: what to look for in the picture as it stands, with its numbers.
 * `errors` is each rule's read error over the pairs the cosine scores, for the cosine line's contrast.
 */
export function lookForLine(frame: Frame, stream: Stream, kind: StreamKind, metric: Metric, g: GateValues, errors: Record<Rule, number>): string {
  const { n, values } = frame;
  if (metric === 'cosine') {
    const best = bestOf(values, 'cosine');
    // Rules level with the best at the precision shown share first place.
    const level = RULES.filter((r) => fmt(values[r]) === fmt(values[best])).map(lower);
    const first = level.length === 1 ? `${level[0]} ranks` : `${level.slice(0, -1).join(', ')} and ${level.at(-1)} rank`;
    const tail = kind === 'phases' ? ' Keys that should read nothing are left out: cosine cannot score silence.' : '';
    return `By cosine ${first} first after ${pairs(n)} (${fmt(values[best])}). ${lengthLine(values, errors, kind === 'phases')}${tail}`;
  }
  if (kind === 'phases') return phasesLine(frame, stream, g);
  if (kind === 'lifetimes') return lifetimesLine(frame);
  if (kind === 'orthogonal' && n <= D)
    return `One key channel per pair: additive reads every pair back at ${fmt(values.additive)} and delta at ${fmt(values.delta)}, until pair ${D + 1} must reuse a channel.`;
  if (kind === 'orthogonal')
    return `Keys now reuse channels, so no rule reads every pair back: additive ${fmt(values.additive)}, delta ${fmt(values.delta)} after ${pairs(n)}.`;
  const deltas = [values.delta, values.gatedDelta, values.perChannelGated];
  const worse = values.additive > 1 ? 'worse than answering zero' : 'better than answering zero so far';
  return `Random keys crowd ${D} channels. After ${pairs(n)} additive reads back at ${fmt(values.additive)}, ${worse}; the delta rules hold between ${fmt(Math.min(...deltas))} and ${fmt(Math.max(...deltas))}.`;
}

const STREAM_CAPTIONS: Record<StreamKind, string> = {
  phases: `Facts on ${FACT_ROWS}, two contexts on ${FAST_ROWS}.`,
  capacity: 'Random keys: each touches every row.',
  orthogonal: 'Each key is one row, in turn.',
  lifetimes: `Slow facts on ${FACT_ROWS}, fast pairs on ${FAST_ROWS}.`,
};

/** What the chart's number is, stream by stream: on the phases stream each group weighs the same, and old keys count. */
function metricCaption(kind: StreamKind, metric: Metric): string {
  if (metric === 'cosine')
    return kind === 'phases'
      ? 'Below, mean cosine of read and value, groups with a value weighing alike; 0 is chance.'
      : 'Below, mean cosine of read and value; 0 is chance.';
  return kind === 'phases'
    ? 'Below, read error, the groups weighing alike; dashed, an empty memory’s score.'
    : 'Below, read error; 1.00 is as wrong as answering zero.';
}

/** The caption under the figure, for its stream, metric, and what the pictures draw. */
export function caption(kind: StreamKind, metric: Metric, draw: Draw = 'memory'): string {
  const pictures =
    draw === 'change'
      ? `Each memory’s change at the last write; rows as key channels, gold positive, blue negative, one fixed scale.`
      : `Four ${D}×${D} memories, one rule each, rows as key channels; gold positive, blue negative, one fixed scale.`;
  return `${pictures} ${STREAM_CAPTIONS[kind]} ${metricCaption(kind, metric)}`;
}

const ruleList = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * The scale's note: which pictures go past ±max now (drawn in the darker shade) and how far, or the
 * largest entry where none does. `draw` says whether they are the memories or the last write's change.
 */
export function scaleNote(past: readonly PastScale[], draw: Draw, max = 1): string {
  const where = draw === 'change' ? 'in the last change' : 'now';
  const over = RULES.flatMap((r, i) => (past[i]!.count === 0 ? [] : [`${lower(r)} to ${fmt(past[i]!.largest)}`]));
  if (over.length > 0) return `Past ±${max} ${where}: ${ruleList(over)}.`;
  const top = Math.max(...past.map((p) => p.largest));
  return `Nothing past ±${max} ${where}; the largest entry is ${fmt(top)}.`;
}

function rowsOf(k: ArrayLike<number>): string {
  const rows: number[] = [];
  for (let r = 0; r < D; r++) if (k[r] !== 0) rows.push(r + 1);
  if (rows.length === 1) return `row ${rows[0]}`;
  const contiguous = rows.every((r, i) => i === 0 || r === rows[i - 1]! + 1);
  return contiguous ? `rows ${rows[0]}–${rows[rows.length - 1]}` : `rows ${rows.join(', ')}`;
}

/** What the last write did, in one line under the memories. */
export function writeLine(frame: Frame, stream: Stream, kind: StreamKind): string {
  const what =
    kind === 'phases'
      ? {
          fact: 'a fact',
          fresh: 'a new key',
          rewrite: 'a key written before, with a new value',
          switch: 'the first pair of a new context',
          after: 'a pair of the new context',
        }[stageOf(stream, frame.n)]
      : null;
  const gate = frame.gateFired && stream.gateAt ? ' The gates fire first.' : '';
  return `Pair ${frame.n}${what ? `, ${what},` : ''} writes along ${rowsOf(frame.key)}.${gate} Each delta rule reads k S after its decay, then adds β(v − k S) along k; additive adds v.`;
}

/** What the picture shows now, for a screen reader: the best rule's number, and how far the pictures go past the scale. */
export function describePicture(frame: Frame, kind: StreamKind, seed: number, metric: Metric, note: string): string {
  const head = `After ${pairs(frame.n)} of the ${STREAM_LABELS[kind].toLowerCase()} stream (seed ${seed}),`;
  const best = bestOf(frame.values, metric);
  return `${head} ${lower(best)} scores best, ${METRIC_LABELS[metric].toLowerCase()} ${fmt(frame.values[best])}. ${note}`;
}
