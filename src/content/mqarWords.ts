/**
 * What the page says of the recall grid (./mqar.ts): the look-for line of each stream, the
 * results, the seeds and loads that stalled, and what the figure opens on. Every number comes
 * from the grid, and every comparison's word is chosen by the numbers.
 */
import type { Mixer } from '../core/mqar/params';
import { MQAR_STREAMS, type MqarStream } from '../core/mqar/task';
import { countWord, integer, percent } from '../format';
import { FIXED_MEMORIES, type GridCell, MEMORY_WORDS, type MqarGrid, mqarGrid, type Spread, spreadOf, TRAIN_DEFAULTS, type TrainSettings } from './mqar';

/** A stored cell as the figure carries it: stream, kv, memory, seed, then test accuracy and loss, validation accuracy and loss (loss null where the run diverged), and the step it diverged at or null. */
export type StoredCell = [MqarStream, number, Mixer, number, number, number | null, number, number | null, number | null];

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
    cells: g.cells.map((c) => [c.stream, c.kv, c.mixer, c.seed, c.test.accuracy, c.test.loss, c.validation.accuracy, c.validation.loss, c.diverged]),
    lookFor: Object.fromEntries(MQAR_STREAMS.map((k) => [k, trainSentences(g).lookFor(k)])) as Record<MqarStream, string>,
  };
}

const two = (x: number) => x.toFixed(2);

/** Two means within this of each other are called level. */
export const LEVEL = 0.05;

/** How one mean stands to another, in a word: above, below, or level with (within LEVEL). */
export const versus = (a: number, b: number) => (a > b + LEVEL ? 'above' : b > a + LEVEL ? 'below' : 'level with');

/** The two write rules each stream's look-for line sets side by side, at the smallest load: what the stream tests. */
export const RULE_PAIRS: Record<MqarStream, [Mixer, Mixer]> = Object.freeze({
  plain: ['delta', 'linear'],
  rewrite: ['delta', 'linear'],
  switch: ['gated', 'delta'],
});

const RULE_WORDS: Partial<Record<Mixer, string>> = { delta: 'which overwrites', linear: 'which only adds', gated: 'which can also clear' };

/** The best of `memories` by mean test accuracy on a stream at a load, and its spread. */
export function bestOf(memories: readonly Mixer[], stream: MqarStream, kv: number, g: MqarGrid = mqarGrid): { mixer: Mixer; spread: Spread } {
  return memories.map((m) => ({ mixer: m, spread: spreadOf(g, stream, kv, m) })).reduce((a, b) => (b.spread.mean > a.spread.mean ? b : a));
}

/** What the page says of the grid, every number from it. */
export function trainSentences(g: MqarGrid = mqarGrid) {
  const s = g.settings;
  const top = Math.max(...s.kv);
  const d = s.d;
  const att = spreadOf(g, 'plain', top, 'attention');
  const best = bestOf(FIXED_MEMORIES, 'plain', top, g);
  const atD = bestOf(FIXED_MEMORIES, 'plain', d, g);
  const hyb = spreadOf(g, 'plain', top, 'hybrid');
  // Attention and the hybrid in one clause, and one number where they round alike.
  const withCache =
    percent(att.mean) === percent(hyb.mean)
      ? `attention and the hybrid, whose caches grew with them, each recalled ${percent(att.mean)}`
      : `attention and the hybrid, whose caches grew with them, recalled ${percent(att.mean)} and ${percent(hyb.mean)}`;
  const attD = spreadOf(g, 'plain', d, 'attention');
  const small = Math.min(...s.kv);
  const lookFor = (stream: MqarStream) => {
    // Where attention's training stalled, the memories are set against it at the load before.
    const stall = loadStalls(g).find((l) => l.stream === stream && l.mixer === 'attention');
    const at = stall ? Math.max(...s.kv.filter((kv) => kv < stall.kv)) : top;
    const a = spreadOf(g, stream, at, 'attention').mean;
    const b = bestOf(FIXED_MEMORIES, stream, at, g);
    const trend = a > b.spread.mean + LEVEL ? 'falling behind' : b.spread.mean > a + LEVEL ? 'passing' : 'level with';
    const [x, y] = RULE_PAIRS[stream];
    const rx = spreadOf(g, stream, small, x).mean;
    const ry = spreadOf(g, stream, small, y).mean;
    const h = spreadOf(g, stream, at, 'hybrid').mean;
    // Where either rule's mean counts stalled seeds, the line says so and sets the seeds that trained side by side.
    const stalledOf = (m: Mixer) =>
      stalls(g)
        .filter(({ cell: c }) => c.stream === stream && c.kv === small && c.mixer === m)
        .map(({ cell: c }) => c.seed);
    const trainedMean = (m: Mixer, out: number[]) => {
      const kept = g.cells.filter((c) => c.stream === stream && c.kv === small && c.mixer === m && !out.includes(c.seed)).map((c) => c.test.accuracy);
      return kept.reduce((a, b) => a + b, 0) / kept.length;
    };
    const [sx, sy] = [stalledOf(x), stalledOf(y)];
    const [tx, ty] = [trainedMean(x, sx), trainedMean(y, sy)];
    const which = (
      [
        [x, sx],
        [y, sy],
      ] as const
    )
      .filter(([, l]) => l.length > 0)
      .map(([m, l]) => `${countWord(l.length)} of the ${countWord(s.seeds.length)} seeds of ${MEMORY_WORDS[m]}`)
      .join(' and ');
    const training = which
      ? ` ${capitalise(which)} stalled there; counting only the seeds that trained, ${MEMORY_WORDS[x]} recalls ${two(tx)}, ${versus(tx, ty)} ${MEMORY_WORDS[y]} at ${two(ty)}.`
      : '';
    return (
      `Look for the memories of ${integer(d * d)} numbers ${trend} attention as the pairs grow: at kv = ${at}, the best of them, ${MEMORY_WORDS[b.mixer]}, recalls ${two(b.spread.mean)}, attention ${two(a)} and the hybrid ${two(h)}. ` +
      `At kv = ${small}, ${MEMORY_WORDS[x]} (${RULE_WORDS[x]}) recalls ${two(rx)}, ${versus(rx, ry)} ${MEMORY_WORDS[y]} (${RULE_WORDS[y]}) at ${two(ry)}.${training}` +
      (stall ? ` Attention stalls at kv = ${stall.kv} (${two(stall.mean)}, from ${two(stall.before)}): its training at one load failed, not its cache.` : '')
    );
  };
  return {
    lookFor,
    /** The main path's result, in "What to verify": few numerals, as the main path asks. */
    result: `Trained on associative recall in a toy at its largest load, the best fixed-size memory recalled ${percent(best.spread.mean)} of the pairs; ${withCache}.`,
    /** The trainer's page's fuller result, at kv = d and at the largest load. */
    resultFull: `Trained on associative recall in a one-layer toy, with each fixed memory held to ${integer(d * d)} numbers, the best of them recalled a share of ${two(atD.spread.mean)} of ${d} pairs (${MEMORY_WORDS[atD.mixer]}) and ${two(best.spread.mean)} of ${top} (${MEMORY_WORDS[best.mixer]}); attention recalled ${two(attD.mean)} and ${two(att.mean)}, the hybrid ${two(spreadOf(g, 'plain', d, 'hybrid').mean)} and ${two(hyb.mean)}.`,
    /** What the toy can and cannot show, beside the result. */
    limits: 'It tests recall in one briefly trained layer, the fixed memories matched in size, not language modelling at scale.',
  };
}

/** A seed that stalled: its test accuracy under half that of the best seed of the same memory, load and stream, where that best is at least 0.2. */
export interface Stall {
  cell: GridCell;
  best: number;
}

export function stalls(g: MqarGrid = mqarGrid): Stall[] {
  return g.cells.flatMap((c) => {
    const best = Math.max(...g.cells.filter((x) => x.stream === c.stream && x.kv === c.kv && x.mixer === c.mixer).map((x) => x.test.accuracy));
    return best >= 0.2 && c.test.accuracy < best / 2 ? [{ cell: c, best }] : [];
  });
}

const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** A load where a memory with a cache (attention, the hybrid), which nothing evicts, fell to under half its mean at the load before: its training stalled. */
export interface LoadStall {
  stream: MqarStream;
  mixer: Mixer;
  kv: number;
  mean: number;
  before: number;
}

export function loadStalls(g: MqarGrid = mqarGrid): LoadStall[] {
  const kvs = [...g.settings.kv].sort((a, b) => a - b);
  return MQAR_STREAMS.flatMap((stream) =>
    (['attention', 'hybrid'] as const).flatMap((mixer) =>
      kvs.slice(1).flatMap((kv, i) => {
        const [mean, before] = [spreadOf(g, stream, kv, mixer).mean, spreadOf(g, stream, kvs[i]!, mixer).mean];
        return mean < before / 2 ? [{ stream, mixer, kv, mean, before }] : [];
      }),
    ),
  );
}

const STREAM_WORDS: Record<MqarStream, string> = { plain: 'plain recall', rewrite: 'rewrites', switch: 'the context switch' };

/** The loads and seeds that stalled, in sentences, or that none did. */
export function stallSentence(g: MqarGrid = mqarGrid): string {
  const loads = loadStalls(g).map(
    (l) => `${MEMORY_WORDS[l.mixer]} on ${STREAM_WORDS[l.stream]} fell to ${two(l.mean)} at kv = ${l.kv}, from ${two(l.before)} at the load before`,
  );
  const said = loads.length
    ? `Nothing evicts from a cache, yet ${loads.join('; ')}: training at that one load stalled, as a pilot found attention's can, and the grid keeps it as it came out. `
    : 'No memory with a cache fell to under half its accuracy from one load to the next. ';
  return said + seedSentence(g);
}

function seedSentence(g: MqarGrid): string {
  const list = stalls(g);
  if (list.length === 0) return 'No seed stalled: each came within half of the best seed of its memory at its load and stream.';
  const each = list.map(
    ({ cell: c, best }) =>
      `${MEMORY_WORDS[c.mixer]} on ${STREAM_WORDS[c.stream]} at kv = ${c.kv}, seed ${c.seed} (${two(c.test.accuracy)} against ${two(best)})`,
  );
  return `${list.length === 1 ? 'One seed' : `${capitalise(countWord(list.length))} seeds`} stalled, under half the accuracy of the best seed of the same memory at the same load and stream, and the means count them as they came out: ${each.join('; ')}.`;
}
