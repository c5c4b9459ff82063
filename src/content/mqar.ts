/**
 * The recall grid (./mqarGrid.json, made by scripts/mqar-grid.mjs from src/core/mqar/): every
 * memory trained on associative recall at every load, stream and seed, checked whole when the
 * build loads it, and what the page says of it. Every number the page states comes from here.
 */
import { z } from 'zod';
import raw from './mqarGrid.json';
import { GATE_INIT, headInput, MIXERS, type Mixer, shapesOf, stackInput, stateNumbers } from '../core/mqar/params';
import { MQAR_STREAMS, type MqarStream, STEP_RANGE, STREAM_TESTS, streamShape } from '../core/mqar/task';
import { batchFor, type CellSpec } from '../core/mqar/run';
import { parseData } from './validate';
import { type Spread, spreadFrom } from '../core/mqar/stored';

export type { Spread };

export const MQAR_GRID_FILE = 'src/content/mqarGrid.json';

/** The sequences a step of the grid holds at load kv: its queries a step over kv. */
export const gridBatch = (s: { queries: number }, kv: number) => batchFor(s.queries, kv);

const score = z.strictObject({ loss: z.number().nullable(), accuracy: z.number() });
const point = z.strictObject({ step: z.number().int().positive(), loss: z.number(), accuracy: z.number() });
const mixer = z.enum(MIXERS as [Mixer, ...Mixer[]]);
const stream = z.enum(MQAR_STREAMS as [MqarStream, ...MqarStream[]]);
/** The settings every cell shares with the grid. */
const shared = {
  d: z.number().int(),
  candidates: z.number().int(),
  keys: z.number().int(),
  steps: z.number().int(),
  warmup: z.number().int().nonnegative(),
  decay: z.enum(['cosine', 'none']),
  climb: z.number().int().nonnegative(),
  evalSize: z.number().int(),
  every: z.number().int(),
};
const cell = z.strictObject({
  ...shared,
  mixer,
  stream,
  kv: z.number().int().positive(),
  seed: z.number().int().nonnegative(),
  /** Sequences a step: the grid's queries a step over kv. */
  batchSize: z.number().int().positive(),
  conv: z.boolean(),
  lr: z.number().positive(),
  curve: z.array(point),
  validation: score,
  test: score,
  diverged: z.number().int().nullable(),
  seconds: z.number().nonnegative(),
});
const gridSchema = z.strictObject({
  made: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The commit of the trainer and scripts/mqar-grid.mjs the grid was made from. */
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  settings: z.strictObject({
    ...shared,
    /** Supervised queries a step at every load. */
    queries: z.number().int().positive(),
    kv: z.array(z.number().int().positive()),
    streams: z.array(stream),
    seeds: z.array(z.number().int().nonnegative()),
    lrs: z.array(z.number().positive()),
    sweep: z.strictObject({
      stream,
      kv: z.array(z.number().int().positive()).min(1),
      seeds: z.array(z.number().int().nonnegative()).min(3),
    }),
    mixers: z.array(mixer),
  }),
  rates: z.record(mixer, z.number().positive()),
  sweep: z.array(
    z.strictObject({
      mixer,
      lr: z.number().positive(),
      kv: z.number().int().positive(),
      seed: z.number().int().nonnegative(),
      validation: score,
      diverged: z.number().int().nullable(),
      seconds: z.number().nonnegative(),
    }),
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
    const rate = grid.rates[m];
    if (rate === undefined) throw new Error(`${file}: field rates.${m}: missing`);
    const swept = [...new Set(grid.sweep.filter((r) => r.mixer === m).map((r) => r.lr))].sort((a, b) => a - b);
    if (!swept.includes(rate)) throw new Error(`${file}: field rates.${m}: ${rate} is not one of the rates swept`);
    // The rate picked lies inside the range swept, not at its edge, so a better one is not just past it.
    if (rate === swept[0] || rate === swept.at(-1))
      throw new Error(`${file}: field rates.${m}: ${rate} is at the edge of the rates swept (${swept.join(', ')})`);
    for (const lr of swept)
      for (const kv of s.sweep.kv)
        for (const seed of s.sweep.seeds)
          if (grid.sweep.filter((r) => r.mixer === m && r.lr === lr && r.kv === kv && r.seed === seed).length !== 1)
            throw new Error(`${file}: field sweep: ${m} at rate ${lr} needs one run at kv ${kv}, seed ${seed}`);
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
    if (c.batchSize !== gridBatch(s, c.kv))
      throw new Error(`${where}, field batchSize: ${c.batchSize}, not ${s.queries} queries a step over kv = ${c.kv} (${gridBatch(s, c.kv)})`);
    if (c.conv) throw new Error(`${where}, field conv: the grid runs without the short convolution`);
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
  warmup: c.warmup,
  decay: c.decay,
  climb: c.climb,
  conv: c.conv,
  batchSize: c.batchSize,
  lr: c.lr,
  seed: c.seed,
  evalSize: c.evalSize,
  every: c.every,
});

/**
 * A run that never trained: its loss on the test sequences is within PLATEAU_MARGIN nats of
 * ln C, the loss of a uniform guess over the C candidates, or it diverged. Such a run sat on the
 * plateau where recall training starts and never left it in its budget; it is a failed run, not a
 * measure of its memory, so it is named and left out of every mean. The window is never counted
 * as one: past the pairs its d/2 tokens hold, a guess is all it can do.
 */
export const PLATEAU_MARGIN = 0.25;

export function neverTrained(c: Pick<GridCell, 'mixer' | 'diverged' | 'test'>, candidates: number): boolean {
  if (c.mixer === 'window') return false;
  return c.diverged !== null || c.test.loss === null || !Number.isFinite(c.test.loss) || c.test.loss >= Math.log(candidates) - PLATEAU_MARGIN;
}

/** Every cell of the grid that never trained, in the grid's order. */
export const untrainedCells = (g: MqarGrid = mqarGrid) => g.cells.filter((c) => neverTrained(c, g.settings.candidates));

export function spreadOf(g: MqarGrid, stream: MqarStream, kv: number, m: Mixer): Spread {
  const cells = g.cells.filter((c) => c.stream === stream && c.kv === kv && c.mixer === m);
  const ok = cells.filter((c) => !neverTrained(c, g.settings.candidates));
  return spreadFrom(
    ok.map((c) => c.test.accuracy),
    cells.length - ok.length,
  );
}

/** Numbers a memory keeps once it has read a whole sequence of the stream at this load (one head of width d). */
export const numbersKept = (m: Mixer, d: number, stream: MqarStream, kv: number) => stateNumbers(m, d, streamShape(stream, kv).T);

export { GATE_INIT, MIXERS, MQAR_STREAMS, STREAM_TESTS };

/** Where the trainer opens: plain recall, the delta rule at the load where the state has as many rows as pairs, the grid's first seed, width and steps. */
export interface TrainSettings {
  stream: MqarStream;
  mixer: Mixer;
  kv: number;
  seed: number;
  d: number;
  steps: number;
  /** The short convolution on q, k and v of a recurrent head: off in the grid. */
  conv: boolean;
}

export const TRAIN_DEFAULTS: TrainSettings = Object.freeze({
  stream: 'plain',
  mixer: 'delta',
  kv: mqarGrid.settings.d,
  seed: mqarGrid.settings.seeds[0]!,
  d: mqarGrid.settings.d,
  steps: mqarGrid.settings.steps,
  conv: false,
});

/** The memories that keep d² numbers whatever the load: the five write rules and the window. */
export const FIXED_MEMORIES: readonly Mixer[] = Object.freeze(['window', 'linear', 'delta', 'gated', 'perChannel', 'gdn2']);

export const MEMORY_WORDS: Record<Mixer, string> = Object.freeze({
  attention: 'attention over the whole context',
  window: 'attention over a window of d/2 tokens',
  linear: 'linear attention',
  delta: 'the delta rule',
  gated: 'gated delta',
  perChannel: 'per-channel gated delta',
  gdn2: 'Gated DeltaNet-2',
  hybrid: 'the hybrid',
  stack: 'the two-layer stack',
});

/**
 * Each memory's parameters at width d, and what they would be with Zoology's layout, whose heads
 * read the token squeezed to d numbers: every map or gate weight that reads the head's input
 * (2d wide here, 3d for the stack's second layer) would read d, and the norms' gains would hold d.
 */
export function parameterCounts(m: Mixer, d: number): { here: number; zoology: number } {
  let here = 0;
  let zoology = 0;
  for (const t of shapesOf(m, d)) {
    here += t.rows * t.cols;
    const readsHeadInput = t.name !== 'Win' && (t.cols === headInput(d) || t.cols === stackInput(d));
    zoology += t.rows * (readsHeadInput ? d : t.cols);
  }
  return { here, zoology };
}

/** Pairs recalled: the mean test accuracy of a memory's seeds times the pairs asked for. */
export const recalledPairs = (g: MqarGrid, stream: MqarStream, kv: number, m: Mixer) => spreadOf(g, stream, kv, m).mean * kv;
