/**
 * Train them yourself: the memories trained on multi-query associative recall at matched state.
 * It opens on the stored grid (scripts/mqar-grid.mjs, the same code), drawn by the build; a reader
 * trains any cell again in a Web Worker (./useTrainRun.ts), and a stored cell comes out the same
 * to the last bit.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { batchFor, climbFor, warmupFor } from '../../core/mqar/budget';
import type { CellSpec } from '../../core/mqar/run';
import { hasRecurrentHead } from '../../core/mqar/params';
import { MQAR_STREAMS, STREAM_TESTS } from '../../core/mqar/task';
import type { TrainFigureProps } from '../../content/mqarWords';
import { LabelledSelect } from '../../viz/Select';
import { useUrlState } from '../urlState';
import { GridView } from './GridView';
import { STREAM_NAMES, storedFor } from './parts';
import { RunPanel } from './RunPanel';
import { type TrainState, trainCodec } from './state';
import { useTrainRun } from './useTrainRun';
import { publishRun, runGateCell } from './runGates';

export function TrainFigure(props: TrainFigureProps) {
  const { defaults, settings, rates, cells } = props;
  const [state, setState] = useState<TrainState>(defaults);
  useUrlState(trainCodec, state, defaults, setState);
  const set = useCallback((s: Partial<TrainState>) => setState((x) => ({ ...x, ...s })), []);
  const { run, start, stop } = useTrainRun();
  const spec: CellSpec = useMemo(
    () => ({
      mixer: state.mixer,
      stream: state.stream,
      kv: state.kv,
      d: state.d,
      candidates: settings.candidates,
      keys: settings.keys,
      steps: state.steps,
      warmup: warmupFor(state.steps),
      decay: settings.decay,
      climb: climbFor(state.steps),
      conv: state.conv && hasRecurrentHead(state.mixer),
      batchSize: batchFor(settings.queries, state.kv),
      lr: rates[state.mixer],
      seed: state.seed,
      evalSize: settings.evalSize,
      every: settings.every,
    }),
    [state, settings, rates],
  );
  // A finished run of a gated memory joins the trained-gates figure further down the page.
  useEffect(() => {
    if (run.status === 'done' && run.gates && run.spec && run.result) publishRun(runGateCell(run.spec, run.result, run.gates));
  }, [run.status, run.gates, run.spec, run.result]);
  return (
    <div className="train figure-inputs" data-status={run.status}>
      <p className="look-for train-look-for">{props.lookFor[state.stream]}</p>
      <div className="train-controls">
        <LabelledSelect label="Stream" value={state.stream} options={MQAR_STREAMS} words={(s) => STREAM_NAMES[s]} onChange={(stream) => set({ stream })} />
      </div>
      <p className="train-stream-test">{STREAM_TESTS[state.stream]}</p>
      <GridView
        cells={cells}
        stream={state.stream}
        loads={settings.kv}
        d={settings.d}
        seeds={settings.seeds.length}
        candidates={settings.candidates}
        picked={state.mixer}
      />
      <h2 className="train-run-title">Train one cell again, in this page</h2>
      <RunPanel
        state={state}
        set={set}
        spec={spec}
        run={run}
        stored={run.spec ? storedFor(props, run.spec) : null}
        storedNext={storedFor(props, spec) !== null}
        onStart={() => start(spec)}
        onStop={stop}
        every={settings.every}
        grid={{ d: settings.d, steps: settings.steps }}
      />
    </div>
  );
}
