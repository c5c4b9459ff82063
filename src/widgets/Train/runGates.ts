/** A reader's finished run as a cell of the trained-gates figure (../TrainGates), sent to it as a window event. */
import type { GateCell, GateView } from '../../core/mqar/gateView';
import type { CellResult, CellSpec } from '../../core/mqar/run';
import { MIXER_NAMES, STREAM_NAMES } from './parts';

/** The event the trainer's figure sends when a reader's run has finished, with its cell. */
export const RUN_GATES_EVENT = 'train-gates';

/** The last finished run's cell, for a trained-gates figure that wakes after the run has ended. */
let latest: GateCell | null = null;

/** Keeps a finished run's cell and tells any trained-gates figure already awake; null forgets it. */
export function publishRun(cell: GateCell | null): void {
  latest = cell;
  if (cell) window.dispatchEvent(new CustomEvent(RUN_GATES_EVENT, { detail: cell }));
}

export const latestRun = (): GateCell | null => latest;

export function runGateCell(spec: CellSpec, result: CellResult, view: GateView): GateCell {
  return {
    id: 'run',
    label: `Your run: ${MIXER_NAMES[spec.mixer]}, ${STREAM_NAMES[spec.stream].toLowerCase()}, kv = ${spec.kv}`,
    note: `seed ${spec.seed}, ${spec.steps} steps${spec.conv ? ', with the short convolution' : ''}; over its ${spec.evalSize} test sequences it recalls ${result.test.accuracy.toFixed(2)}, and this is the first.`,
    run: true,
    view,
  };
}
