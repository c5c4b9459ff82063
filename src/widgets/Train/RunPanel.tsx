/**
 * A reader's own run of one cell: the memory, the load, the seed (and, under More settings, the
 * width and the steps), a button that trains it in a Web Worker, the loss and accuracy drawn as it
 * trains, its status, its scores against the stored cell, and its files.
 */
import { hasRecurrentHead, MIXERS, WIDTHS } from '../../core/mqar/params';
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
import { useStoredCurves } from './storedCurves';
import type { ChartLine } from './Chart';

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
  every,
  grid,
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
  /** The grid's points: one every this many steps. */
  every: number;
  /** The grid's width and steps: a run with both is drawn beside the stored seeds of its cell. */
  grid: { d: number; steps: number };
}) {
  const shown = run.spec ?? spec;
  const stored3 = useStoredCurves(run.spec, grid);
  const storedLines = (pick: 'loss' | 'accuracy'): ChartLine[] =>
    (stored3 ?? []).map((c) => ({
      key: `seed ${c.seed}`,
      className: 'train-stored',
      points: c[pick].map((v, i) => [(i + 1) * every, v] as const),
    }));
  const convAllowed = hasRecurrentHead(state.mixer);
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
      <Fold className="train-more" summary="More settings: width, steps and the short convolution">
        <div className="train-controls">
          <LabelledSelect label="Width d" value={String(state.d)} options={WIDTHS.map(String)} onChange={(d) => set({ d: Number(d) })} />
          <NumberField label="Steps" value={state.steps} {...STEP_RANGE} onValue={(steps) => set({ steps })} />
          <label className="train-check">
            <input type="checkbox" checked={state.conv && convAllowed} disabled={!convAllowed} onChange={(e) => set({ conv: e.currentTarget.checked })} /> Short
            convolution on q, k and v{convAllowed ? '' : ' (recurrent memories only)'}
          </label>
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
          lines={[...storedLines('loss'), { key: 'loss', className: 'train-loss', points: run.curve.map((p) => [p.step, p.loss] as const) }]}
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
          lines={[...storedLines('accuracy'), { key: 'accuracy', className: 'train-accuracy', points: run.curve.map((p) => [p.step, p.accuracy] as const) }]}
        />
      </div>
      {stored3 && stored3.length > 0 ? (
        <p className="train-stored-note">
          {`In grey, the grid's stored seeds of this memory, load and stream (seeds ${stored3.map((c) => c.seed).join(', ')}${
            stored3.some((c) => c.neverTrained)
              ? `; seed ${stored3
                  .filter((c) => c.neverTrained)
                  .map((c) => c.seed)
                  .join(', ')} never trained`
              : ''
          }): the flat start of each is the plateau of a uniform guess.`}
        </p>
      ) : null}
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
