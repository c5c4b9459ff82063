/**
 * A reader's own run of one cell: the memory, the load, the seed (and, under More settings, the
 * width and the steps), a button that trains it in a Web Worker, the loss and accuracy drawn as it
 * trains, its status, its scores against the stored cell, and its files.
 */
import { MIXERS, WIDTHS } from '../../core/mqar/params';
import type { CellSpec } from '../../core/mqar/run';
import type { StoredCell } from '../../content/mqarWords';
import { integer } from '../../format';
import { Fold } from '../../viz/Fold';
import { LabelledSelect } from '../../viz/Select';
import { save } from '../Lab/download';
import { Chart } from './Chart';
import { runCsv, runJson } from './download';
import { MIXER_NAMES, resultText, statusText } from './parts';
import { NumberField } from './NumberField';
import { SEED_RANGE, STEP_RANGE, TRAIN_LOADS, type TrainState } from './state';
import type { TrainRunState } from './useTrainRun';

/** The loss starts near ln(candidates), chance over the candidate set. */
const lossTop = (candidates: number) => Math.ceil(Math.log(candidates));

export function RunPanel({
  state,
  set,
  spec,
  run,
  stored,
  storedNext,
  onStart,
  onStop,
}: {
  state: TrainState;
  set: (s: Partial<TrainState>) => void;
  spec: CellSpec;
  run: TrainRunState;
  /** The stored cell the run on screen repeats, if any. */
  stored: StoredCell | null;
  /** Whether the settings now chosen are a stored cell's. */
  storedNext: boolean;
  onStart: () => void;
  onStop: () => void;
}) {
  const shown = run.spec ?? spec;
  const busy = run.status === 'running' || run.status === 'paused';
  const file = `recall-${shown.mixer}-${shown.stream}-kv${shown.kv}-d${shown.d}-seed${shown.seed}`;
  const top = Math.max(lossTop(shown.candidates), Math.ceil(Math.max(0, ...run.curve.map((p) => (Number.isFinite(p.loss) ? p.loss : 0)))));
  const xTicks = [0, shown.steps / 2, shown.steps];
  return (
    <div className="train-run">
      <div className="train-controls">
        <LabelledSelect label="Memory" value={state.mixer} options={MIXERS} words={(m) => MIXER_NAMES[m]} onChange={(mixer) => set({ mixer })} />
        <LabelledSelect label="Pairs, kv" value={String(state.kv)} options={TRAIN_LOADS.map(String)} onChange={(kv) => set({ kv: Number(kv) })} />
        <NumberField label="Seed" value={state.seed} min={SEED_RANGE.min} max={SEED_RANGE.max} onValue={(seed) => set({ seed })} />
      </div>
      <Fold className="train-more" summary="More settings: width and steps">
        <div className="train-controls">
          <LabelledSelect label="Width d" value={String(state.d)} options={WIDTHS.map(String)} onChange={(d) => set({ d: Number(d) })} />
          <NumberField label="Steps" value={state.steps} {...STEP_RANGE} onValue={(steps) => set({ steps })} />
        </div>
      </Fold>
      <p className="train-buttons">
        {busy ? (
          <button type="button" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="button" onClick={onStart}>
            {storedNext ? 'Train this stored cell here' : 'Train it here'}
          </button>
        )}{' '}
        <progress max={shown.steps} value={run.step} aria-label="Steps trained" />{' '}
        <span className="train-steps">{`${integer(run.step)} of ${integer(shown.steps)} steps`}</span>
      </p>
      {/* Said once at each change of state, not at every step: the steps are in the bar beside it. */}
      <div className="train-said" role="status">
        <p className="train-status">{statusText(run)}</p>
        {run.result && (run.status === 'done' || run.status === 'diverged') ? <p className="train-result">{resultText(run.result, stored)}</p> : null}
      </div>
      <div className="train-charts">
        <Chart
          title="Training loss against steps, a mean over each stretch of steps"
          xDomain={[0, shown.steps]}
          xTicks={xTicks}
          xFormat={(x) => integer(x)}
          xLabel="steps"
          yLabel="training loss"
          yMax={top}
          yTicks={Array.from({ length: top + 1 }, (_, i) => i)}
          yFormat={String}
          lines={[{ key: 'loss', className: 'train-loss', points: run.curve.map((p) => [p.step, p.loss] as const) }]}
        />
        <Chart
          title="Training accuracy against steps, a mean over each stretch of steps"
          xDomain={[0, shown.steps]}
          xTicks={xTicks}
          xFormat={(x) => integer(x)}
          xLabel="steps"
          yLabel="training accuracy"
          yMax={1}
          yTicks={[0, 0.25, 0.5, 0.75, 1]}
          yFormat={(y) => (y === 0 ? '0' : y.toFixed(2))}
          lines={[{ key: 'accuracy', className: 'train-accuracy', points: run.curve.map((p) => [p.step, p.accuracy] as const) }]}
        />
      </div>
      <p className="train-downloads">
        Download this run:{' '}
        <button
          type="button"
          disabled={!run.spec || run.curve.length === 0}
          onClick={() => run.spec && save(runCsv(run.spec, run.curve), `${file}.csv`, 'text/csv')}
        >
          CSV
        </button>{' '}
        <button
          type="button"
          disabled={!run.spec}
          onClick={() => run.spec && save(runJson(run.spec, run.curve, run.result, run.step), `${file}.json`, 'application/json')}
        >
          JSON
        </button>
      </p>
    </div>
  );
}
