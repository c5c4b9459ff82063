/**
 * What a reader of the trainer sets, and how it travels in the address: tstream (the stream the
 * chart shows and a run trains on), tmem (the memory), tkv (the load, one of the grid's), tseed,
 * td (the width, 8, 16 or 32), tsteps and tconv (1: the short convolution on). Anything else is ignored; a number out of range is
 * clamped, a load or width between two is taken to the nearer.
 */
import { MIXERS, WIDTHS } from '../../core/mqar/params';
import type { TrainSettings } from '../../content/mqar';
import { MAX_MQAR_SEED, MQAR_STREAMS, STEP_RANGE } from '../../core/mqar/task';

export { STEP_RANGE };
import { clamp, numberParam, oneOf, type UrlCodec } from '../urlState';

/** What a reader sets: the settings the figure opens on (src/content/mqar.ts), changed. */
export type TrainState = TrainSettings;

/** Loads a reader can train at: the grid's. */
export const TRAIN_LOADS: readonly number[] = Object.freeze([4, 8, 16, 32, 64]);

/** A reader's seed: any integer the task accepts, from 0. */
export const SEED_RANGE = { min: 0, max: MAX_MQAR_SEED } as const;

/** The value of `choices` nearest to x on a doubling scale. */
export function nearestOf(choices: readonly number[], x: number): number {
  const target = Math.log2(Math.max(x, 1));
  return choices.reduce((best, s) => (Math.abs(Math.log2(s) - target) < Math.abs(Math.log2(best) - target) ? s : best));
}

export const trainCodec: UrlCodec<TrainState> = {
  parse(params, d) {
    const kv = numberParam(params, 'tkv');
    const seed = numberParam(params, 'tseed');
    const width = numberParam(params, 'td');
    const steps = numberParam(params, 'tsteps');
    return {
      stream: oneOf(params, 'tstream', MQAR_STREAMS) ?? d.stream,
      mixer: oneOf(params, 'tmem', MIXERS) ?? d.mixer,
      kv: kv === null ? d.kv : nearestOf(TRAIN_LOADS, kv),
      seed: seed === null ? d.seed : Math.round(clamp(seed, SEED_RANGE.min, SEED_RANGE.max)),
      d: width === null ? d.d : nearestOf(WIDTHS, width),
      steps: steps === null ? d.steps : Math.round(clamp(steps, STEP_RANGE.min, STEP_RANGE.max) / STEP_RANGE.step) * STEP_RANGE.step,
      conv: params.get('tconv') === null ? d.conv : params.get('tconv') === '1',
    };
  },
  write(s, d) {
    const at = <K extends keyof TrainState>(k: K) => (s[k] === d[k] ? null : String(s[k]));
    return {
      tstream: at('stream'),
      tmem: at('mixer'),
      tkv: at('kv'),
      tseed: at('seed'),
      td: at('d'),
      tsteps: at('steps'),
      tconv: s.conv === d.conv ? null : s.conv ? '1' : '0',
    };
  },
};
