/**
 * The short convolution on and off (./mqarConv.json, made by scripts/mqar-grid.mjs --conv-of from
 * the stored grid's settings and rates): the memories it was run for, at the loads it was run at,
 * each with the grid's cells beside it. Checked whole when the build loads it.
 */
import { z } from 'zod';
import raw from './mqarConv.json';
import { MIXERS, type Mixer } from '../core/mqar/params';
import { MQAR_STREAMS, type MqarStream } from '../core/mqar/task';
import { batchFor } from '../core/mqar/run';
import { type MqarGrid, mqarGrid, neverTrained, type Spread, spreadOf } from './mqar';
import { spreadFrom } from '../core/mqar/stored';
import { parseData } from './validate';

export const MQAR_CONV_FILE = 'src/content/mqarConv.json';

const score = z.strictObject({ loss: z.number().nullable(), accuracy: z.number() });
const cell = z.strictObject({
  mixer: z.enum(MIXERS as [Mixer, ...Mixer[]]),
  stream: z.enum(MQAR_STREAMS as [MqarStream, ...MqarStream[]]),
  kv: z.number().int().positive(),
  seed: z.number().int().nonnegative(),
  d: z.number().int(),
  candidates: z.number().int(),
  keys: z.number().int(),
  steps: z.number().int(),
  warmup: z.number().int(),
  decay: z.enum(['cosine', 'none']),
  climb: z.number().int(),
  evalSize: z.number().int(),
  every: z.number().int(),
  conv: z.literal(true),
  batchSize: z.number().int().positive(),
  lr: z.number().positive(),
  curve: z.array(z.strictObject({ step: z.number().int(), loss: z.number(), accuracy: z.number() })),
  validation: score,
  test: score,
  diverged: z.number().int().nullable(),
  seconds: z.number().nonnegative(),
});
const convSchema = z.strictObject({
  made: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  /** The commit of the grid whose settings and rates it ran at. */
  grid: z.string().regex(/^[0-9a-f]{40}$/),
  cells: z.array(cell).min(1),
});

export type MqarConv = z.output<typeof convSchema>;

/** Validates the comparison and checks that each cell ran at the grid's settings and rate, with every seed of the grid. */
export function parseConv(json: unknown, g: MqarGrid = mqarGrid, file = MQAR_CONV_FILE): MqarConv {
  const c = parseData(convSchema, json, file);
  const s = g.settings;
  if (c.grid !== g.commit) throw new Error(`${file}: field grid: ${c.grid}, not the stored grid's commit ${g.commit}; run the comparison again`);
  c.cells.forEach((x, i) => {
    const where = `${file}: entry cells[${i}] (${x.mixer}, kv ${x.kv}, seed ${x.seed})`;
    for (const k of ['d', 'candidates', 'keys', 'steps', 'warmup', 'decay', 'climb', 'evalSize', 'every'] as const)
      if (x[k] !== s[k]) throw new Error(`${where}, field ${k}: ${x[k]}, the grid's settings say ${s[k]}`);
    if (x.lr !== g.rates[x.mixer]) throw new Error(`${where}, field lr: ${x.lr}, not the grid's rate for ${x.mixer}`);
    if (x.batchSize !== batchFor(s.queries, x.kv)) throw new Error(`${where}, field batchSize: ${x.batchSize}, not the grid's batch at kv = ${x.kv}`);
  });
  for (const key of new Set(c.cells.map((x) => `${x.stream} ${x.kv} ${x.mixer}`))) {
    const seeds = c.cells.filter((x) => `${x.stream} ${x.kv} ${x.mixer}` === key).map((x) => x.seed);
    if (seeds.length !== s.seeds.length || !s.seeds.every((x) => seeds.includes(x)))
      throw new Error(`${file}: ${key} needs one cell for each of the grid's seeds`);
  }
  return c;
}

export const mqarConv: MqarConv = parseConv(raw);

export interface ConvRow {
  mixer: Mixer;
  stream: MqarStream;
  kv: number;
  off: Spread;
  on: Spread;
}

/** Each memory and load of the comparison, the grid's seeds (off) beside the same seeds with the convolution (on). */
export function convRows(c: MqarConv = mqarConv, g: MqarGrid = mqarGrid): ConvRow[] {
  const keys = [...new Set(c.cells.map((x) => `${x.mixer}|${x.stream}|${x.kv}`))];
  return keys.map((k) => {
    const [mixer, stream, kv] = k.split('|') as [Mixer, MqarStream, string];
    const these = c.cells.filter((x) => x.mixer === mixer && x.stream === stream && x.kv === Number(kv));
    const ok = these.filter((x) => !neverTrained(x, g.settings.candidates));
    return {
      mixer,
      stream,
      kv: Number(kv),
      off: spreadOf(g, stream, Number(kv), mixer),
      on: spreadFrom(
        ok.map((x) => x.test.accuracy),
        these.length - ok.length,
      ),
    };
  });
}
