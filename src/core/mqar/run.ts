/**
 * One cell of the recall grid, from its settings alone: a memory trained on one stream at one
 * load with one seed, then scored on fresh sequences. Every random draw comes from the cell's
 * seed (the embeddings, the parameters, each training batch, the validation and test batches),
 * so a stored cell is reproduced bit for bit by running it again, in Node or in a browser.
 */
import { adamState, cloneParams, evaluate, initParams, type Mixer, type Params, trainStep } from './index';
import { halfCosine } from './elementary';
import { batch, batchSeed, embeddings, type MqarStream, partSeed, streamShape } from './task';

export interface CellSpec {
  mixer: Mixer;
  stream: MqarStream;
  kv: number;
  d: number;
  /** Size of the candidate set the loss scores against. */
  candidates: number;
  /** Distinct key embeddings drawn. */
  keys: number;
  steps: number;
  /** Sequences a step; the grid gives every load the same queries a step (batchFor). */
  batchSize: number;
  /** The peak learning rate. */
  lr: number;
  /** Steps over which the rate climbs linearly to lr (0: none). */
  warmup: number;
  /** After the warm-up, the rate falls to 0 along half a cosine ('cosine') or stays at lr ('none'). */
  decay: 'cosine' | 'none';
  /**
   * Steps over which the load climbs to kv: the first `climb` steps train at the loads 4, 8, …
   * below kv, doubling, an equal share of them each, with as many queries a step as at kv; the rest
   * at kv. 0: every step at kv.
   */
  climb: number;
  /** A causal depthwise convolution of width 4 on q, k and v, as fla's and Zoology's recurrent layers carry (recurrent memories only). */
  conv: boolean;
  seed: number;
  /** Sequences scored at the end, on validation and on test. */
  evalSize: number;
  /** A point of the loss curve every this many steps. */
  every: number;
}

export interface CellResult {
  /** Training loss and accuracy, each a mean over the steps since the previous point. */
  curve: { step: number; loss: number; accuracy: number }[];
  validation: { loss: number; accuracy: number };
  test: { loss: number; accuracy: number };
  /** The first step whose loss was not finite, or null. */
  diverged: number | null;
}

export { partSeed };

export { batchFor, climbFor, warmupFor } from './budget';

/** The smallest load a climb starts from. */
export const CLIMB_FROM = 4;

/** The load a step trains at, and its batch: kv itself past the climb, else a smaller load with the same queries a step. */
export function loadAt(spec: Pick<CellSpec, 'kv' | 'climb' | 'batchSize'>, step: number): { kv: number; batchSize: number } {
  const below: number[] = [];
  for (let kv = CLIMB_FROM; kv < spec.kv; kv *= 2) below.push(kv);
  if (step > spec.climb || below.length === 0) return { kv: spec.kv, batchSize: spec.batchSize };
  const kv = below[Math.floor(((step - 1) * below.length) / spec.climb)]!;
  return { kv, batchSize: Math.max(1, Math.round((spec.batchSize * spec.kv) / kv)) };
}

/** The rate at step `step` (1 to spec.steps): a linear warm-up to lr, then half a cosine down to 0, or flat. */
export function rateAt(spec: Pick<CellSpec, 'lr' | 'warmup' | 'decay' | 'steps'>, step: number): number {
  const { lr, warmup, decay, steps } = spec;
  if (step <= warmup) return (lr * step) / warmup;
  if (decay === 'none' || steps === warmup) return lr;
  return lr * halfCosine((step - warmup) / (steps - warmup));
}

/** A cell being trained, a step at a time, so a worker can share its time (pause, report) between steps. */
export interface CellRun {
  readonly spec: CellSpec;
  /** Steps taken so far, 0 to spec.steps. */
  readonly step: number;
  /** True once every step is taken or the loss stopped being finite. */
  readonly done: boolean;
  /** Takes up to `count` steps; returns the points of the curve those steps made. */
  advance(count: number): CellResult['curve'];
  /** Scores the trained memory on validation and test sequences; call it once `done` is true. */
  finish(): CellResult;
  /** A copy of the parameters as they stand after the steps taken so far: reading them changes nothing in the run. */
  params(): Params;
}

/** Starts one cell: its embeddings, parameters and optimiser, each from the cell's seed. */
export function startCell(spec: CellSpec): CellRun {
  if (!(Number.isInteger(spec.climb) && spec.climb >= 0 && spec.climb <= spec.steps))
    throw new RangeError(`climb: ${spec.climb}, not a whole number of steps from 0 to ${spec.steps}`);
  if (!(Number.isInteger(spec.warmup) && spec.warmup >= 0 && spec.warmup <= spec.steps))
    throw new RangeError(`warmup: ${spec.warmup}, not a whole number of steps from 0 to ${spec.steps}`);
  const shape = streamShape(spec.stream, spec.kv);
  if (spec.candidates < shape.values) throw new Error(`candidates: ${spec.stream} at kv = ${spec.kv} needs ${shape.values}`);
  const e = embeddings(spec.d, spec.keys, spec.candidates, partSeed(spec.seed, 'embeddings'));
  const p = initParams(spec.mixer, spec.d, partSeed(spec.seed, 'params'), spec.conv);
  const adam = adamState(p);
  const curve: CellResult['curve'] = [];
  let [sumLoss, sumAcc, n] = [0, 0, 0];
  let diverged: number | null = null;
  let step = 0;
  const run: CellRun = {
    spec,
    get step() {
      return step;
    },
    get done() {
      return diverged !== null || step >= spec.steps;
    },
    advance(count) {
      const made: CellResult['curve'] = [];
      for (let i = 0; i < count && !run.done; i++) {
        const at = step + 1;
        const load = loadAt(spec, at);
        const b = batch(e, spec.stream, load.kv, load.batchSize, batchSeed(partSeed(spec.seed, 'train'), at));
        const r = trainStep(p, adam, b, e.values, rateAt(spec, at));
        if (!Number.isFinite(r.loss)) {
          diverged = at;
          break;
        }
        step = at;
        sumLoss += r.loss;
        sumAcc += r.accuracy;
        n++;
        if (step % spec.every === 0 || step === spec.steps) {
          const point = { step, loss: sumLoss / n, accuracy: sumAcc / n };
          curve.push(point);
          made.push(point);
          [sumLoss, sumAcc, n] = [0, 0, 0];
        }
      }
      return made;
    },
    finish() {
      if (!run.done) throw new Error(`the cell has taken ${step} of ${spec.steps} steps`);
      const score = (part: 'validation' | 'test') =>
        diverged === null ? evaluate(p, batch(e, spec.stream, spec.kv, spec.evalSize, partSeed(spec.seed, part)), e.values) : { loss: Number.NaN, accuracy: 0 };
      return { curve: [...curve], validation: score('validation'), test: score('test'), diverged };
    },
    params: () => cloneParams(p),
  };
  return run;
}

/** Runs one cell to its end; `onPoint` hears each point of the curve as it is made. */
export function runCell(spec: CellSpec, onPoint?: (p: CellResult['curve'][number]) => void): CellResult {
  const run = startCell(spec);
  while (!run.done) for (const point of run.advance(spec.every)) onPoint?.(point);
  return run.finish();
}
