/**
 * The lab: the state demo's rules at the state sizes real heads use, beside the least-squares
 * bound and attention reads, both metrics against n/d. It opens on runs the build made with the
 * same code; any other setting is run in a Web Worker (./useLabRun.ts), drawn as streams finish.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import './lab.css';
// From the core's modules, not its index: the figure's chunk takes only the lab's maths.
import { checkpoints, LAB_METHODS, LAB_SIZES } from '../../core/lab';
import { additiveMean, cellsOf, type LabRequest, type LabTally, leastSquaresRms } from '../../core/labStats';
import { LAB_STREAMS, type LabStream } from '../../core/labStreams';
import { RangeControl } from '../../viz/RangeControl';
import { LineSwatch } from '../../viz/LineSwatch';
import { LabelledSelect } from '../../viz/Select';
import { useUrlState } from '../urlState';
import { LabChart, type LabLine } from './LabChart';
import { labCsv, labRows, save } from './download';
import { METHOD_NAMES, NumbersTable, progressText, readoutOf } from './parts';
import { ALPHA_RANGE, BETA_RANGE, type LabState, labCodec, STRENGTH_RANGE } from './state';
import { requestKey, useLabRun } from './useLabRun';

export interface LabFigureProps {
  defaults: LabState;
  /** The run at the defaults, as the build made it. */
  tally: LabTally;
  /** Streams a run averages, by state size. */
  streams: Record<string, number>;
  fixed: { slow: number; fast: number; s: number };
}

const STREAM_WORDS: Record<LabStream, string> = {
  random: 'random unit keys',
  orthonormal: 'orthonormal keys',
  correlated: 'keys in four clusters',
  repeated: 'repeated keys, new values',
};

/** n/d for the bound's curve: 0 and 1 (it is 0 between), then finely where it rises steeply, coarsely after. */
const FINE = [0, 1, ...Array.from({ length: 16 }, (_, i) => 1 + (i + 1) / 32), ...Array.from({ length: 20 }, (_, i) => 1.5 + (i + 1) / 8)];

const requestOf = (s: LabState, fixed: LabFigureProps['fixed'], streams: Record<string, number>): LabRequest => ({
  d: s.d,
  stream: s.stream,
  gates: { beta: s.beta, alpha: s.alpha, erase: s.erase, write: s.write, ...fixed },
  streams: streams[String(s.d)] ?? 1,
});

export function LabFigure({ defaults, tally, streams, fixed }: LabFigureProps) {
  const [state, setState] = useState(defaults);
  useUrlState(labCodec, state, defaults, setState);
  const set = useCallback((s: Partial<LabState>) => setState((x) => ({ ...x, ...s })), []);
  const request = useMemo(() => requestOf(state, fixed, streams), [state, fixed, streams]);
  const initial = useMemo(() => ({ request: requestOf(defaults, fixed, streams), tally }), [defaults, fixed, streams, tally]);
  const { run, start, stop } = useLabRun(initial);
  const key = requestKey(request);
  useEffect(() => {
    if (run.key !== key) start(request);
  }, [key, run.key, request, start]);

  const onSize = useCallback((i: number) => set({ d: LAB_SIZES[i] ?? defaults.d }), [set, defaults.d]);
  const onBeta = useCallback((b: number) => set({ beta: b }), [set]);
  const onAlpha = useCallback((a: number) => set({ alpha: a }), [set]);
  const onErase = useCallback((b: number) => set({ erase: b }), [set]);
  const onWrite = useCallback((w: number) => set({ write: w }), [set]);

  const current = run.key === key ? run.tally : null;
  const status = run.key === key ? run.status : 'running';
  const d = state.d;
  const lines = useMemo(() => {
    const at = checkpoints(d);
    const cells = current && current.streams > 0 ? LAB_METHODS.map((m) => ({ m, c: cellsOf(current, m, at) })) : [];
    const of = (metric: 'error' | 'accuracy'): LabLine[] =>
      cells.map(({ m, c }) => ({ key: m, className: `lab-${m}`, points: c.map((x) => [x.n / d, x[metric]] as const) }));
    const theory: LabLine[] =
      state.stream === 'random'
        ? [
            { key: 'additive-theory', className: 'lab-theory lab-additive', points: at.map((n) => [n / d, additiveMean(d, n)] as const) },
            {
              key: 'bound-theory',
              className: 'lab-theory lab-leastSquares',
              // The bound rises straight up from n = d.
              points: FINE.map((x) => [x, leastSquaresRms(d, x * d)] as const),
            },
          ]
        : [];
    return { error: [...of('error'), ...theory], accuracy: of('accuracy') };
  }, [current, d, state.stream]);

  const done = current?.streams ?? 0;
  const total = request.streams;
  const file = `lab-d${d}-${state.stream}`;
  const sizeIndex = LAB_SIZES.indexOf(d);
  return (
    <div className="lab figure-inputs" data-status={status}>
      <div className="lab-controls">
        <RangeControl
          className="lab-control"
          id="lab-d"
          label="State size d"
          min={0}
          max={LAB_SIZES.length - 1}
          step={1}
          value={sizeIndex}
          valueText={`d = ${d}, a ${d} by ${d} state`}
          display={`d = ${d}`}
          widest="d = 128"
          onValue={onSize}
        />
        <LabelledSelect label="Keys" value={state.stream} options={LAB_STREAMS} words={(k) => STREAM_WORDS[k]} onChange={(stream) => set({ stream })} />
        <RangeControl
          className="lab-control"
          id="lab-beta"
          label="β, write strength"
          {...BETA_RANGE}
          value={state.beta}
          valueText={`β = ${state.beta.toFixed(2)}`}
          display={state.beta.toFixed(2)}
          widest="0.00"
          onValue={onBeta}
        />
        <RangeControl
          className="lab-control"
          id="lab-alpha"
          label="α, the gated rule’s decay"
          {...ALPHA_RANGE}
          value={state.alpha}
          valueText={`α = ${state.alpha.toFixed(2)}`}
          display={state.alpha.toFixed(2)}
          widest="0.00"
          onValue={onAlpha}
        />
        <RangeControl
          className="lab-control"
          id="lab-erase"
          label="b, Gated DeltaNet-2’s erase, fast half"
          {...STRENGTH_RANGE}
          value={state.erase}
          valueText={`b = ${state.erase.toFixed(2)} on the fast half`}
          display={state.erase.toFixed(2)}
          widest="0.00"
          onValue={onErase}
        />
        <RangeControl
          className="lab-control"
          id="lab-write"
          label="w, Gated DeltaNet-2’s write"
          {...STRENGTH_RANGE}
          value={state.write}
          valueText={`w = ${state.write.toFixed(2)}`}
          display={state.write.toFixed(2)}
          widest="0.00"
          onValue={onWrite}
        />
      </div>
      <div className="lab-run">
        <progress max={total} value={done} aria-label="Streams run" />
        <p className="lab-progress" role="status">
          {progressText(status, done, total, d)}
        </p>
        {status === 'running' ? (
          <button type="button" onClick={stop}>
            Stop
          </button>
        ) : (
          <button type="button" onClick={() => start(request)}>
            {status === 'done' ? 'Run it yourself' : 'Run again'}
          </button>
        )}
      </div>
      <p className="lab-readout">{readoutOf(current, d)}</p>
      <ul className="lab-legend" aria-label="Methods">
        {LAB_METHODS.map((m) => (
          <li key={m} className="lab-key">
            <LineSwatch className={`lab-line lab-${m}`} />
            {METHOD_NAMES[m]}
          </li>
        ))}
        {state.stream === 'random' ? (
          <li className="lab-key lab-key-theory">
            <LineSwatch className="lab-line lab-theory" />
            theory
          </li>
        ) : null}
      </ul>
      <div className="lab-charts">
        <LabChart
          title={`Mean read error against n, from 0 to 4d, at d = ${d}`}
          yMax={2}
          yTicks={[0, 0.5, 1, 1.5, 2]}
          format={(y) => y.toFixed(1)}
          lines={lines.error}
        />
        <LabChart
          title={`Nearest-value accuracy against n, from 0 to 4d, at d = ${d}`}
          yMax={1}
          yTicks={[0, 0.25, 0.5, 0.75, 1]}
          format={(y) => `${Math.round(y * 100)}%`}
          lines={lines.accuracy}
        />
      </div>
      <NumbersTable tally={current} d={d} />
      <p className="lab-downloads">
        Download this run:{' '}
        <button type="button" disabled={!current} onClick={() => current && save(labCsv(labRows(current, state)), `${file}.csv`, 'text/csv')}>
          CSV
        </button>{' '}
        <button
          type="button"
          disabled={!current}
          onClick={() => current && save(`${JSON.stringify(labRows(current, state), null, 1)}\n`, `${file}.json`, 'application/json')}
        >
          JSON
        </button>
      </p>
    </div>
  );
}
