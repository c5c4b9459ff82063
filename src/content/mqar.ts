/**
 * The recall grid (./mqarGrid.json, made by scripts/mqar-grid.mjs from src/core/mqar/): every
 * memory trained on associative recall at every load, stream and seed, checked whole when the
 * build loads it, and what the page says of it. Every number the page states comes from here.
 */
import { z } from 'zod';
import raw from './mqarGrid.json';
import { MIXERS, type Mixer, stateNumbers } from '../core/mqar/params';
import { MQAR_STREAMS, type MqarStream, STEP_RANGE, STREAM_TESTS, streamShape } from '../core/mqar/task';
import type { CellSpec } from '../core/mqar/run';
import { parseData } from './validate';
import { countWord, integer, percent } from '../format';

export const MQAR_GRID_FILE = 'src/content/mqarGrid.json';

const score = z.strictObject({ loss: z.number().nullable(), accuracy: z.number() });
const point = z.strictObject({ step: z.number().int().positive(), loss: z.number(), accuracy: z.number() });
const mixer = z.enum(MIXERS as [Mixer, ...Mixer[]]);
const stream = z.enum(MQAR_STREAMS as [MqarStream, ...MqarStream[]]);
/** The settings every cell shares with the grid. */
const shared = {
  d: z.number().int(),
  candidates: z.number().int(),
  keys: z.number().int(),
  batchSize: z.number().int(),
  steps: z.number().int(),
  evalSize: z.number().int(),
  every: z.number().int(),
};
const cell = z.strictObject({
  ...shared,
  mixer,
  stream,
  kv: z.number().int().positive(),
  seed: z.number().int().nonnegative(),
  lr: z.number().positive(),
  curve: z.array(point),
  validation: score,
  test: score,
  diverged: z.number().int().nullable(),
  seconds: z.number().nonnegative(),
});
const gridSchema = z.strictObject({
  made: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  settings: z.strictObject({
    ...shared,
    kv: z.array(z.number().int().positive()),
    streams: z.array(stream),
    seeds: z.array(z.number().int().nonnegative()),
    lrs: z.array(z.number().positive()),
    sweep: z.strictObject({ stream, kv: z.number().int().positive(), seed: z.number().int().nonnegative() }),
    mixers: z.array(mixer),
  }),
  rates: z.record(mixer, z.number().positive()),
  sweep: z.array(
    z.strictObject({ mixer, lr: z.number().positive(), validation: score, diverged: z.number().int().nullable(), seconds: z.number().nonnegative() }),
  ),
  cells: z.array(cell),
});

export type MqarGrid = z.output<typeof gridSchema>;
export type GridCell = MqarGrid['cells'][number];

const SHARED = Object.keys(shared) as (keyof typeof shared)[];

/** Validates the grid, then checks that it is whole: every memory × load × stream × seed once, each at its memory's rate, each with the grid's settings. */
export function parseGrid(json: unknown, file = MQAR_GRID_FILE): MqarGrid {
  const grid = parseData(gridSchema, json, file);
  const s = grid.settings;
  for (const m of MIXERS) {
    if (!s.mixers.includes(m)) throw new Error(`${file}: field settings.mixers: ${m} is missing; run node scripts/mqar-grid.mjs`);
    if (grid.rates[m] === undefined) throw new Error(`${file}: field rates.${m}: missing`);
    if (!s.lrs.includes(grid.rates[m]!)) throw new Error(`${file}: field rates.${m}: ${grid.rates[m]} is not one of the rates swept`);
  }
  // A reader who changes the steps can always come back to the grid's.
  if (s.steps < STEP_RANGE.min || s.steps > STEP_RANGE.max || s.steps % STEP_RANGE.step !== 0)
    throw new Error(
      `${file}: field settings.steps: ${s.steps}, not a number of steps a reader can choose (${STEP_RANGE.min} to ${STEP_RANGE.max} by ${STEP_RANGE.step})`,
    );
  const seen = new Set<string>();
  grid.cells.forEach((c, i) => {
    const where = `${file}: entry cells[${i}] (${c.stream}, kv ${c.kv}, ${c.mixer}, seed ${c.seed})`;
    for (const k of SHARED) if (c[k] !== s[k]) throw new Error(`${where}, field ${k}: ${c[k]}, the grid's settings say ${s[k]}`);
    if (c.lr !== grid.rates[c.mixer]) throw new Error(`${where}, field lr: ${c.lr}, not the rate picked for ${c.mixer} (${grid.rates[c.mixer]})`);
    if (!s.kv.includes(c.kv) || !s.streams.includes(c.stream) || !s.seeds.includes(c.seed)) throw new Error(`${where}: not a cell of the grid's settings`);
    const key = `${c.stream} ${c.kv} ${c.mixer} ${c.seed}`;
    if (seen.has(key)) throw new Error(`${where}: appears twice`);
    seen.add(key);
  });
  const expected = s.streams.length * s.kv.length * s.mixers.length * s.seeds.length;
  if (seen.size !== expected) throw new Error(`${file}: ${seen.size} cells, the grid's settings make ${expected}; run node scripts/mqar-grid.mjs`);
  return grid;
}

export const mqarGrid: MqarGrid = parseGrid(raw);

/** A stored cell's settings, as run.ts takes them. */
export const specOf = (c: GridCell): CellSpec => ({
  mixer: c.mixer,
  stream: c.stream,
  kv: c.kv,
  d: c.d,
  candidates: c.candidates,
  keys: c.keys,
  steps: c.steps,
  batchSize: c.batchSize,
  lr: c.lr,
  seed: c.seed,
  evalSize: c.evalSize,
  every: c.every,
});

/** Test accuracy over the seeds of one memory at one load on one stream. */
export interface Spread {
  mean: number;
  min: number;
  max: number;
  seeds: number;
  diverged: number;
}

export function spreadOf(g: MqarGrid, stream: MqarStream, kv: number, m: Mixer): Spread {
  const cells = g.cells.filter((c) => c.stream === stream && c.kv === kv && c.mixer === m);
  const acc = cells.map((c) => c.test.accuracy);
  return {
    mean: acc.reduce((a, b) => a + b, 0) / acc.length,
    min: Math.min(...acc),
    max: Math.max(...acc),
    seeds: cells.length,
    diverged: cells.filter((c) => c.diverged !== null).length,
  };
}

/** Numbers a memory keeps once it has read a whole sequence of the stream at this load (one head of width d). */
export const numbersKept = (m: Mixer, d: number, stream: MqarStream, kv: number) => stateNumbers(m, d, streamShape(stream, kv).T);

export { MQAR_STREAMS, STREAM_TESTS };

/** Where the trainer opens: plain recall, the delta rule at the load where the state has as many rows as pairs, the grid's first seed, width and steps. */
export interface TrainSettings {
  stream: MqarStream;
  mixer: Mixer;
  kv: number;
  seed: number;
  d: number;
  steps: number;
}

export const TRAIN_DEFAULTS: TrainSettings = Object.freeze({
  stream: 'plain',
  mixer: 'delta',
  kv: mqarGrid.settings.d,
  seed: mqarGrid.settings.seeds[0]!,
  d: mqarGrid.settings.d,
  steps: mqarGrid.settings.steps,
});

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

/** The memories that keep d² numbers whatever the load: the four write rules and the window. */
export const FIXED_MEMORIES: readonly Mixer[] = Object.freeze(['window', 'linear', 'delta', 'gated', 'perChannel']);

export const MEMORY_WORDS: Record<Mixer, string> = Object.freeze({
  attention: 'attention over the whole context',
  window: 'attention over a window of d/2 tokens',
  linear: 'linear attention',
  delta: 'the delta rule',
  gated: 'gated delta',
  perChannel: 'per-channel gated delta',
  hybrid: 'the hybrid',
});

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
    const a = spreadOf(g, stream, top, 'attention').mean;
    const b = bestOf(FIXED_MEMORIES, stream, top, g);
    const trend = a > b.spread.mean + LEVEL ? 'falling behind' : b.spread.mean > a + LEVEL ? 'passing' : 'level with';
    const [x, y] = RULE_PAIRS[stream];
    const rx = spreadOf(g, stream, small, x).mean;
    const ry = spreadOf(g, stream, small, y).mean;
    return (
      `Look for the memories of ${integer(d * d)} numbers ${trend} attention as the pairs grow: at kv = ${top}, the best of them, ${MEMORY_WORDS[b.mixer]}, recalls ${two(b.spread.mean)} and attention ${two(a)}. ` +
      `At kv = ${small}, ${MEMORY_WORDS[x]} (${RULE_WORDS[x]}) recalls ${two(rx)}, ${versus(rx, ry)} ${MEMORY_WORDS[y]} (${RULE_WORDS[y]}) at ${two(ry)}.`
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

const STREAM_WORDS: Record<MqarStream, string> = { plain: 'plain recall', rewrite: 'rewrites', switch: 'the context switch' };

/** The stalled seeds in a sentence, or that none stalled. */
export function stallSentence(g: MqarGrid = mqarGrid): string {
  const list = stalls(g);
  if (list.length === 0) return 'No seed stalled: each came within half of the best seed of its memory at its load and stream.';
  const each = list.map(
    ({ cell: c, best }) =>
      `${MEMORY_WORDS[c.mixer]} on ${STREAM_WORDS[c.stream]} at kv = ${c.kv}, seed ${c.seed} (${two(c.test.accuracy)} against ${two(best)})`,
  );
  return `${list.length === 1 ? 'One seed' : `${capitalise(countWord(list.length))} seeds`} stalled, under half the accuracy of the best seed of the same memory at the same load and stream, and the means count them as they came out: ${each.join('; ')}.`;
}
