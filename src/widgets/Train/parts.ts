/**
 * The trainer's words and sums: each memory's name, the stored grid's spread over seeds, the
 * numbers each memory keeps, and what a run's status and result say.
 */
import type { Mixer } from '../../core/mqar/params';
import { stateNumbers } from '../../core/mqar/params';
import { batchFor } from '../../core/mqar/budget';
import type { CellResult, CellSpec } from '../../core/mqar/run';
import { type MqarStream, streamShape } from '../../core/mqar/task';
import { type Spread, spreadFrom } from '../../core/mqar/stored';
import type { StoredCell, TrainFigureProps } from '../../content/mqarWords';
import type { TrainRunState } from './useTrainRun';
import { integer } from '../../format';

export const MIXER_NAMES: Record<Mixer, string> = {
  attention: 'attention, whole context',
  window: 'attention, window of d/2 tokens',
  linear: 'linear attention',
  delta: 'delta rule',
  gated: 'gated delta',
  perChannel: 'per-channel gated',
  gdn2: 'Gated DeltaNet-2',
  hybrid: 'hybrid: delta head + attention head',
  stack: 'stack: delta layer, then attention layer',
};

export const STREAM_NAMES: Record<MqarStream, string> = {
  plain: 'plain recall',
  rewrite: 'rewrites',
  switch: 'context switch',
};

/** The stored seeds of one memory at one load on one stream. */
export const storedSeeds = (cells: readonly StoredCell[], stream: MqarStream, kv: number, m: Mixer) =>
  cells.filter((c) => c[0] === stream && c[1] === kv && c[2] === m);

/** Test accuracy of the stored seeds of one memory at one load that trained, and how many never did; null where the grid has none. */
export function storedSpread(cells: readonly StoredCell[], stream: MqarStream, kv: number, m: Mixer): Spread | null {
  const these = storedSeeds(cells, stream, kv, m);
  if (these.length === 0) return null;
  const ok = these.filter((c) => !c[9]);
  return spreadFrom(
    ok.map((c) => c[4]),
    these.length - ok.length,
  );
}

export const kept = (m: Mixer, d: number, stream: MqarStream, kv: number) => stateNumbers(m, d, streamShape(stream, kv).T);

/** The stored cell this run repeats, if its settings are the grid's. */
export function storedFor(props: TrainFigureProps, spec: CellSpec): StoredCell | null {
  const s = props.settings;
  const same =
    spec.d === s.d &&
    spec.steps === s.steps &&
    spec.warmup === s.warmup &&
    spec.decay === s.decay &&
    spec.climb === s.climb &&
    !spec.conv &&
    spec.batchSize === batchFor(s.queries, spec.kv) &&
    spec.candidates === s.candidates &&
    spec.keys === s.keys;
  if (!same || spec.lr !== props.rates[spec.mixer] || spec.evalSize !== s.evalSize || spec.every !== s.every) return null;
  return props.cells.find((c) => c[0] === spec.stream && c[1] === spec.kv && c[2] === spec.mixer && c[3] === spec.seed) ?? null;
}

/** What a finished run does not share with the stored cell, to the last bit: none where it is the same run. */
export function differences(result: CellResult, stored: StoredCell): string[] {
  const loss = (x: number) => (Number.isFinite(x) ? x : null);
  const fields: [string, unknown, unknown][] = [
    ['test accuracy', result.test.accuracy, stored[4]],
    ['test loss', loss(result.test.loss), stored[5]],
    ['validation accuracy', result.validation.accuracy, stored[6]],
    ['validation loss', loss(result.validation.loss), stored[7]],
    ['the step it diverged at', result.diverged, stored[8]],
  ];
  return fields.filter(([, a, b]) => a !== b).map(([name]) => name);
}

const f3 = (x: number) => x.toFixed(3);
const grouped = integer;

export function describeSpec(spec: CellSpec): string {
  return `${MIXER_NAMES[spec.mixer]}${spec.conv ? ' with the short convolution' : ''} on ${STREAM_NAMES[spec.stream]} at kv = ${spec.kv}, d = ${spec.d}, seed ${spec.seed}, ${grouped(spec.steps)} steps of ${spec.batchSize} sequences at learning rate ${spec.lr}`;
}

/** The status line: what the run is doing, or how it ended. */
export function statusText(run: TrainRunState): string {
  const spec = run.spec;
  if (!spec) return 'Nothing trained yet in this page: the chart shows the stored grid.';
  const at = `${grouped(run.step)} of ${grouped(spec.steps)} steps`;
  switch (run.status) {
    case 'running':
      return `Training ${describeSpec(spec)}.`;
    case 'paused':
      return 'Paused while this tab is hidden; it goes on when you come back.';
    case 'stopped':
      return `Stopped at ${at}. Nothing was scored; train it again to finish.`;
    case 'diverged':
      return run.result?.diverged
        ? `The loss stopped being a finite number at step ${grouped(run.result.diverged)}, so the run stopped there and scored nothing: ${describeSpec(spec)}.`
        : `The scores after the last step are not finite numbers: the run diverged. ${describeSpec(spec)}.`;
    case 'failed':
      return `The run failed at ${at}: ${run.message}.`;
    default:
      return `Trained ${describeSpec(spec)}.`;
  }
}

/** The finished run's scores, and whether they are the stored cell's to the last bit. */
export function resultText(result: CellResult, stored: StoredCell | null): string {
  const scores =
    result.diverged === null
      ? `Test accuracy ${f3(result.test.accuracy)} on fresh sequences (loss ${f3(result.test.loss)}); validation accuracy ${f3(result.validation.accuracy)}.`
      : `Diverged at step ${grouped(result.diverged)}.`;
  if (!stored) return `${scores} The grid holds no cell with these settings, so there is nothing to compare it with.`;
  const differ = differences(result, stored);
  return differ.length === 0
    ? `${scores} The stored cell has the same result to the last bit.`
    : `${scores} The stored cell differs in its ${differ.join(', ')}: its test accuracy is ${f3(stored[4])}.`;
}
