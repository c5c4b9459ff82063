/**
 * The trainer's worker, as a function: trains one cell (src/core/mqar/run.ts) in slices of a few
 * milliseconds, posting the steps taken and the curve's new points after each, and waits between
 * slices while paused (the page pauses it when its tab is hidden). ./train.worker.ts hands it the
 * worker's messages; tests call it directly.
 */
import { cellSequences, gateTrace } from '../../core/mqar/gates';
import { type GateView, gateView, isGateMixer } from '../../core/mqar/gateView';
import { type CellResult, type CellSpec, startCell } from '../../core/mqar/run';

/** A slice runs at most this long before the worker looks at its messages and posts. */
export const SLICE_MS = 40;

/** start may say the run begins paused (a tab hidden when the reader pressed the button). */
export type TrainMessage = { type: 'start'; spec: CellSpec; paused?: boolean } | { type: 'pause' } | { type: 'resume' };

export type TrainPost =
  | { type: 'progress'; step: number; points: CellResult['curve'] }
  | { type: 'done'; step: number; points: CellResult['curve']; result: CellResult; gates: GateView | null }
  | { type: 'failed'; message: string };

/** A finished run's gates on its first test sequence, for the trained-gates figure, where the memory has gates to draw. */
function traced(run: ReturnType<typeof startCell>): GateView | null {
  const { spec } = run;
  if (!isGateMixer(spec.mixer)) return null;
  const { values, sequences } = cellSequences(spec, 'test');
  return gateView(gateTrace(run.params(), sequences[0]!, values));
}

export interface Trainer {
  receive(message: TrainMessage): void;
}

/**
 * `later` runs the next slice after the worker has read its messages (setTimeout in the worker);
 * `now` is the clock a slice is measured by.
 */
export function trainer(
  post: (p: TrainPost) => void,
  later: (next: () => void) => void = (next) => setTimeout(next, 0),
  now: () => number = () => performance.now(),
): Trainer {
  let run: ReturnType<typeof startCell> | null = null;
  let paused = false;
  let waiting = false;
  const slice = () => {
    waiting = false;
    if (!run || paused) return;
    const points: CellResult['curve'] = [];
    try {
      const until = now() + SLICE_MS;
      // One step at a time, so a slice ends soon after its time is up whatever the step costs.
      do points.push(...run.advance(1));
      while (!run.done && now() < until);
      if (run.done) {
        const result = run.finish();
        post({ type: 'done', step: run.step, points, result, gates: traced(run) });
        run = null;
        return;
      }
    } catch (e) {
      run = null;
      post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
      return;
    }
    post({ type: 'progress', step: run.step, points });
    schedule();
  };
  const schedule = () => {
    if (waiting || paused || !run) return;
    waiting = true;
    later(slice);
  };
  return {
    receive(m) {
      if (m.type === 'start') {
        paused = m.paused === true;
        try {
          run = startCell(m.spec);
        } catch (e) {
          post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
          return;
        }
        schedule();
      } else if (m.type === 'pause') paused = true;
      else {
        paused = false;
        schedule();
      }
    },
  };
}
