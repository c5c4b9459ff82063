/**
 * What the page says of the recall grid (./mqar.ts): the look-for line of each stream, the
 * results, the pairs each memory recalls, the seeds and loads that stalled, and what the figure
 * opens on. Every number comes from the grid, and every comparison's word is chosen by the numbers.
 */
import type { Mixer } from '../core/mqar/params';
import { MQAR_STREAMS, type MqarStream } from '../core/mqar/task';
import { loadAt } from '../core/mqar/run';
import { atLeastTwo, countWord, integer, percent, percentAtLeast, percentAtMost } from '../format';
import {
  FIXED_MEMORIES,
  MEMORY_WORDS,
  type MqarGrid,
  mqarGrid,
  neverTrained,
  recalledPairs,
  type Spread,
  spreadOf,
  TRAIN_DEFAULTS,
  type TrainSettings,
} from './mqar';

/** A stored cell as the figure carries it: stream, kv, memory, seed, then test accuracy and loss, validation accuracy and loss (loss null where the run diverged), the step it diverged at or null, and whether it never trained. */
export type StoredCell = [MqarStream, number, Mixer, number, number, number | null, number, number | null, number | null, boolean];

export interface TrainFigureProps {
  defaults: TrainSettings;
  settings: Omit<MqarGrid['settings'], 'sweep' | 'lrs'>;
  rates: Record<Mixer, number>;
  made: string;
  cells: StoredCell[];
  /** The line saying what to look for, on each stream. */
  lookFor: Record<MqarStream, string>;
}

export function trainFigureProps(g: MqarGrid = mqarGrid): TrainFigureProps {
  const { sweep: _s, lrs: _l, ...settings } = g.settings;
  return {
    defaults: TRAIN_DEFAULTS,
    settings,
    rates: g.rates as Record<Mixer, number>,
    made: g.made,
    cells: g.cells.map((c) => [
      c.stream,
      c.kv,
      c.mixer,
      c.seed,
      c.test.accuracy,
      c.test.loss,
      c.validation.accuracy,
      c.validation.loss,
      c.diverged,
      neverTrained(c, g.settings.candidates),
    ]),
    lookFor: Object.fromEntries(MQAR_STREAMS.map((k) => [k, trainSentences(g).lookFor(k)])) as Record<MqarStream, string>,
  };
}

const two = (x: number) => x.toFixed(2);
const one = (x: number) => x.toFixed(1);

/** Two means within this of each other are called level. */
export const LEVEL = 0.05;

/** How one mean stands to another, in a word: above, below, or within LEVEL: level with where both print alike, else about level with. */
export const versus = (a: number, b: number) => (a > b + LEVEL ? 'above' : b > a + LEVEL ? 'below' : two(a) === two(b) ? 'level with' : 'about level with');

/** A memory "keeps up" at a load where its mean test accuracy is at least this. */
export const KEEPS_UP = 0.9;

/** The main path's sentence says "almost all" of the pairs at or above this share, and "all of them" at or above ALL: it carries few numerals. */
export const ALMOST_ALL = 0.95;
export const ALL = 0.995;

/** The five write rules, each a state of d² numbers. */
export const WRITE_RULES: readonly Mixer[] = Object.freeze(['linear', 'delta', 'gated', 'perChannel', 'gdn2']);

/** The two memories each stream's look-for line sets side by side: what the stream tests. */
export const RULE_PAIRS: Record<'rewrite' | 'switch', [Mixer, Mixer]> = Object.freeze({
  rewrite: ['delta', 'linear'],
  switch: ['perChannel', 'delta'],
});

const RULE_WORDS: Partial<Record<Mixer, string>> = { delta: 'which overwrites', linear: 'which only adds', perChannel: 'which can clear row by row' };

/** The best of `memories` by mean test accuracy on a stream at a load, and its spread. */
export function bestOf(memories: readonly Mixer[], stream: MqarStream, kv: number, g: MqarGrid = mqarGrid): { mixer: Mixer; spread: Spread } {
  return memories.map((m) => ({ mixer: m, spread: spreadOf(g, stream, kv, m) })).reduce((a, b) => (b.spread.mean > a.spread.mean ? b : a));
}

/** The mean test accuracy of the seeds of a memory at a load and stream that trained, and how many never did (./mqar.ts, neverTrained). */
export function trained(g: MqarGrid, stream: MqarStream, kv: number, m: Mixer): { mean: number; stalled: number } {
  const s = spreadOf(g, stream, kv, m);
  return { mean: s.mean, stalled: s.untrained };
}

/** The lowest of `memories` by the mean of its seeds that trained, on a stream at a load, and how many seeds of all of them stalled there. */
function lowestTrained(memories: readonly Mixer[], stream: MqarStream, kv: number, g: MqarGrid): { mixer: Mixer; mean: number; stalled: number } {
  const all = memories.map((m) => ({ mixer: m, ...trained(g, stream, kv, m) }));
  const low = all.reduce((a, b) => (b.mean < a.mean ? b : a));
  return { ...low, stalled: all.reduce((n, x) => n + x.stalled, 0) };
}

/**
 * The largest load up to which every one of `memories` keeps up (KEEPS_UP) at every load, by the
 * mean of its seeds that trained, or null where one falls short at the smallest; and how many
 * seeds stalled up to there.
 */
export function keepsUpTo(memories: readonly Mixer[], stream: MqarStream, g: MqarGrid = mqarGrid): { kv: number; lowest: number; stalled: number } | null {
  let last: { kv: number; lowest: number; stalled: number } | null = null;
  let stalled = 0;
  for (const kv of [...g.settings.kv].sort((a, b) => a - b)) {
    const low = lowestTrained(memories, stream, kv, g);
    if (low.mean < KEEPS_UP) break;
    stalled += low.stalled;
    last = { kv, lowest: low.mean, stalled };
  }
  return last;
}

/** " (one seed never trained, left out)" where seeds of the memory never trained at that load, else nothing: the mean quoted beside it is of the seeds that trained. */
function stalledNote(g: MqarGrid, stream: MqarStream, kv: number, m: Mixer): string {
  const t = trained(g, stream, kv, m);
  if (t.stalled === 0) return '';
  return ` (${countWord(t.stalled)} seed${t.stalled > 1 ? 's' : ''} never trained, left out)`;
}

const aside = (n: number) => (n === 0 ? '' : `, ${countWord(n)} untrained seed${n > 1 ? 's' : ''} aside,`);

/** The load the rewrite and switch lines compare at: half of d, where a state of d rows is half full. */
export const compareLoad = (g: MqarGrid = mqarGrid) => {
  const at = g.settings.d / 2;
  if (!g.settings.kv.includes(at)) throw new Error(`the grid has no load kv = ${at} (d/2) for its look-for lines`);
  return at;
};

/** The load on a stream where attention is compared: the largest. */
const attentionLoad = (g: MqarGrid, _stream: MqarStream): number => Math.max(...g.settings.kv);

/**
 * The pairs a state holds, as the grid shows it: where every write rule's recalled pairs
 * (accuracy × kv) grow up to kv = d and the best of them then stops growing (its last load within
 * a sixth of the load before) at about d pairs (between d/2 and 2d), the page says a state of d²
 * numbers holds about d pairs. Otherwise it says only what the pairs are.
 */
export function pairsFacts(g: MqarGrid = mqarGrid) {
  const s = g.settings;
  const d = s.d;
  const kvs = [...s.kv].sort((a, b) => a - b);
  const pairs = (m: Mixer) => kvs.map((kv) => recalledPairs(g, 'plain', kv, m));
  const upToD = kvs.filter((kv) => kv <= d).length;
  const grows = WRITE_RULES.every((m) => {
    const p = pairs(m).slice(0, upToD);
    return p.every((x, i) => i === 0 || x > p[i - 1]!);
  });
  const most = WRITE_RULES.map((m) => {
    const p = pairs(m);
    const i = p.indexOf(Math.max(...p));
    return { mixer: m, pairs: p[i]!, kv: kvs[i]! };
  }).reduce((a, b) => (b.pairs > a.pairs ? b : a));
  const last = pairs(most.mixer);
  const stops = last.at(-1)! <= (7 / 6) * last.at(-2)!;
  const aboutD = most.pairs >= d / 2 && most.pairs <= 2 * d;
  return { d, kvs, pairs, grows, most, stops, holdsAboutD: grows && stops && aboutD };
}

/** What the page says of the grid, every number from it. */
export function trainSentences(g: MqarGrid = mqarGrid) {
  const s = g.settings;
  const top = Math.max(...s.kv);
  const small = Math.min(...s.kv);
  const d = s.d;
  const numbers = integer(d * d);
  const lookFor = (stream: MqarStream) => {
    if (stream === 'plain') {
      const at = attentionLoad(g, stream);
      const a = spreadOf(g, stream, at, 'attention').mean;
      const b = bestOf(WRITE_RULES, stream, at, g);
      const upTo = keepsUpTo(WRITE_RULES, stream, g);
      const trend =
        a > b.spread.mean + LEVEL
          ? 'falling behind'
          : b.spread.mean > a + LEVEL
            ? 'passing'
            : two(a) === two(b.spread.mean)
              ? 'level with'
              : 'about level with';
      if (upTo === null) {
        const w = lowestTrained(WRITE_RULES, stream, small, g);
        return `Look for the write rules of ${numbers} numbers: at kv = ${small}, ${MEMORY_WORDS[w.mixer]} recalls only ${two(w.mean)}${aside(w.stalled)}; at kv = ${at}, the best recalls ${two(b.spread.mean)}, attention ${two(a)}.`;
      }
      return `Look for the write rules of ${numbers} numbers recalling at least ${atLeastTwo(upTo.lowest)} up to kv = ${upTo.kv}${aside(upTo.stalled) || ','} then ${trend} attention: at kv = ${at}, the best recalls ${two(b.spread.mean)}, attention ${two(a)}.`;
    }
    const at = compareLoad(g);
    const [x, y] = RULE_PAIRS[stream];
    // Each mean of the seeds that trained, so the word between them compares memories, not a stall.
    const rx = trained(g, stream, at, x).mean;
    const ry = trained(g, stream, at, y).mean;
    const a = spreadOf(g, stream, at, 'attention').mean;
    const [nx, ny] = [stalledNote(g, stream, at, x), stalledNote(g, stream, at, y)];
    if (stream === 'rewrite')
      return `Look for the latest write winning: at kv = ${at}, ${MEMORY_WORDS[x]}, ${RULE_WORDS[x]}, recalls ${two(rx)}${nx}, ${versus(rx, ry)} ${MEMORY_WORDS[y]}, ${RULE_WORDS[y]}, at ${two(ry)}${ny}; attention (no position signal, by design) ${two(a)}.`;
    const gated = trained(g, stream, at, 'gated').mean;
    return `Look for the gates clearing the old context: at kv = ${at}, ${MEMORY_WORDS[x]} recalls ${two(rx)}${nx}, ${versus(rx, ry)} ${MEMORY_WORDS[y]} at ${two(ry)}${ny}; gated delta ${two(gated)}${stalledNote(g, stream, at, 'gated')}; attention (no position signal, by design) ${two(a)}.`;
  };
  const fixedSmall = lowestTrained(FIXED_MEMORIES, 'plain', small, g);
  const fixedTop = bestOf(FIXED_MEMORIES, 'plain', top, g).spread.mean;
  const att = spreadOf(g, 'plain', attentionLoad(g, 'plain'), 'attention').mean;
  const p = pairsFacts(g);
  // Attention and the hybrid recall at least KEEPS_UP at every load of plain recall.
  const cachesHold = s.kv.every((kv) => (['attention', 'hybrid'] as const).every((m) => spreadOf(g, 'plain', kv, m).mean >= KEEPS_UP));
  return {
    lookFor,
    /** The main path's result, in "What to verify": few numerals, as the main path asks. */
    result: `In a one-layer toy trained on associative recall, every fixed-size memory recalled ${fixedSmall.mean >= ALMOST_ALL ? 'almost all' : `at least ${percentAtLeast(fixedSmall.mean)}`} of ${small} pairs${fixedSmall.stalled ? (fixedSmall.stalled > 1 ? ', untrained runs aside,' : ', an untrained run aside,') : ''} but no more than ${percentAtMost(fixedTop)} of ${top} on average; attention, whose cache grew, recalled ${att >= ALL ? 'all of them' : percent(att)}.`,
    /** The trainer's page's result, its numbers in the figure's table. */
    resultFull:
      keepsUpTo(WRITE_RULES, 'plain', g) === null
        ? `With each fixed memory held to ${numbers} numbers, not every write rule keeps up with attention even at the smallest load; the table has every mean.`
        : `With each fixed memory held to ${numbers} numbers, the write rules keep up with attention at small loads and fall behind as the pairs grow${cachesHold ? ', while attention and the hybrid do not fall' : ''}; the table has every mean.`,
    /** The pairs a state holds: the d² sentence where the grid supports it. */
    pairs: p.holdsAboutD
      ? `Counted as pairs recalled, every write rule holds more as the load grows up to kv = ${d}, and none holds more than about ${Math.round(p.most.pairs)}: about d pairs in a state of ${numbers} numbers.`
      : `Counted as pairs recalled, the most any write rule holds is ${one(p.most.pairs)}, at kv = ${p.most.kv}.`,
    /** What the toy can and cannot show, beside the result. */
    limits: 'It tests recall in one briefly trained layer, the fixed memories matched in size, not language modelling at scale.',
  };
}

/**
 * Whether the trained grid has the delta rule ahead of linear attention on plain recall at twice as
 * many pairs as channels, kv = 2d, the lab's load (by more than LEVEL), as the main path says beside
 * the lab's untrained result; null where not.
 */
export function trainedDeltaAhead(g: MqarGrid = mqarGrid): { kv: number; delta: number; linear: number } | null {
  const kv = 2 * g.settings.d;
  if (!g.settings.kv.includes(kv)) return null;
  const delta = spreadOf(g, 'plain', kv, 'delta').mean;
  const linear = spreadOf(g, 'plain', kv, 'linear').mean;
  return versus(delta, linear) === 'above' ? { kv, delta, linear } : null;
}

/** The loads a run at kv passes through on its climb, in order, as run.ts's loadAt trains them, its own last. */
export function climbLoads(g: MqarGrid, kv: number): number[] {
  const seen: number[] = [];
  for (let step = 1; step <= g.settings.steps; step++) {
    const at = loadAt({ kv, climb: g.settings.climb, batchSize: 1 }, step).kv;
    if (seen.at(-1) !== at) seen.push(at);
  }
  return seen;
}
