/**
 * One cell of the recall grid, from its settings alone: a memory trained on one stream at one
 * load with one seed, then scored on fresh sequences. Every random draw comes from the cell's
 * seed (the embeddings, the parameters, each training batch, the validation and test batches),
 * so a stored cell is reproduced bit for bit by running it again, in Node or in a browser.
 */
import { adamState, evaluate, initParams, type Mixer, trainStep } from './index';
import { batch, batchSeed, embeddings, type MqarStream, streamShape } from './task';

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
  batchSize: number;
  lr: number;
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

/** Distinct streams of seeds for the parts of one cell, so none shares a draw with another. */
const PART = { embeddings: 0, params: 1, train: 2, validation: 3, test: 4 } as const;
export const partSeed = (seed: number, part: keyof typeof PART) => batchSeed(seed, 0x10000 + PART[part]);

/** Runs one cell to its end; `onPoint` hears each point of the curve as it is made (a worker posts it on). */
export function runCell(spec: CellSpec, onPoint?: (p: CellResult['curve'][number]) => void): CellResult {
  const shape = streamShape(spec.stream, spec.kv);
  if (spec.candidates < shape.values) throw new Error(`candidates: ${spec.stream} at kv = ${spec.kv} needs ${shape.values}`);
  const e = embeddings(spec.d, spec.keys, spec.candidates, partSeed(spec.seed, 'embeddings'));
  const p = initParams(spec.mixer, spec.d, partSeed(spec.seed, 'params'));
  const adam = adamState(p);
  const curve: CellResult['curve'] = [];
  let [sumLoss, sumAcc, n] = [0, 0, 0];
  let diverged: number | null = null;
  for (let step = 1; step <= spec.steps; step++) {
    const b = batch(e, spec.stream, spec.kv, spec.batchSize, batchSeed(partSeed(spec.seed, 'train'), step));
    const r = trainStep(p, adam, b, e.values, spec.lr);
    if (!Number.isFinite(r.loss)) {
      diverged = step;
      break;
    }
    sumLoss += r.loss;
    sumAcc += r.accuracy;
    n++;
    if (step % spec.every === 0 || step === spec.steps) {
      const point = { step, loss: sumLoss / n, accuracy: sumAcc / n };
      curve.push(point);
      onPoint?.(point);
      [sumLoss, sumAcc, n] = [0, 0, 0];
    }
  }
  const score = (part: 'validation' | 'test') =>
    diverged === null ? evaluate(p, batch(e, spec.stream, spec.kv, spec.evalSize, partSeed(spec.seed, part)), e.values) : { loss: Number.NaN, accuracy: 0 };
  return { curve, validation: score('validation'), test: score('test'), diverged };
}
