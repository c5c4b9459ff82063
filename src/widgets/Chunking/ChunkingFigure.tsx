/**
 * The chunking figure: a chunk-size slider that cuts a short sequence into masked blocks and a
 * carried state, and, for realistic sizes, FLOPs against modelled GPU time over chunk size.
 * Owns the controls, their URL state and the readout; the maths comes from src/core.
 */
import { memo, useEffect, useMemo, useReducer, useRef, useState, type Dispatch, type ReactNode } from 'react';
import type { Gpu } from '../../core/costModel';
import { Steady } from '../../viz/Steady';
import { ChunkDiagram, diagramCounts, type DiagramCounts } from './ChunkDiagram';
import { formatDecade, formatFlops, formatInteger, formatPowerOfTwo, formatRatio, formatTime } from './format';
import { LogChart, type Marker, type Series } from './LogChart';
import {
  BH_EXPONENTS,
  HEAD_DIMS,
  L_EXPONENTS,
  TAU,
  controlsFromQuery,
  currentPoint,
  curves,
  defaultControls,
  roundTau,
  writeQuery,
  type ChunkingControls,
  type CurvePoint,
  type Curves,
} from './model';
import './chunking.css';

export type ChunkingGpu = Pick<Gpu, 'id' | 'name' | 'tensorFlops' | 'bandwidth' | 'sms' | 'mmaTileM'>;

export interface ChunkingFigureProps {
  /** The GPUs on offer, in menu order, from data/hardware.json. */
  gpus: ChunkingGpu[];
  defaultGpu: string;
  /** The chunk size the slider starts at: fla's default. */
  defaultChunk: number;
  /** Tokens in the short sequence the diagram cuts into chunks. */
  tokens: number;
}

/** How long the controls must rest before the address is updated. */
export const URL_WRITE_DELAY_MS = 250;

type Action =
  | { type: 'set'; patch: Partial<ChunkingControls> }
  | { type: 'load'; controls: ChunkingControls }
  | { type: 'reset'; controls: ChunkingControls };

function reducer(state: ChunkingControls, action: Action): ChunkingControls {
  if (action.type !== 'set') return action.controls;
  const next = { ...state, ...action.patch };
  // A chunk cannot be longer than the sequence it cuts.
  return next.C > next.L ? { ...next, C: next.L } : next;
}

function describeFlops(c: Curves, current: CurvePoint): string {
  const first = c.points[0];
  const last = c.points[c.points.length - 1];
  if (!first || !last) return '';
  return `Rises from ${formatRatio(first.flopsRatio)} the recurrent form at C = 1 to ${formatRatio(last.flopsRatio)} at C = ${formatInteger(last.C)}; at the chosen C = ${formatInteger(current.C)} it is ${formatRatio(current.flopsRatio)}.`;
}

function describeTime(c: Curves, gpuName: string): string {
  const first = c.points[0];
  const last = c.points[c.points.length - 1];
  if (!first || !last) return '';
  return `On ${gpuName}, the time without overlap falls from ${formatTime(first.sum.totalSeconds)} at C = 1 to a minimum of ${formatTime(c.optimumSum.time.totalSeconds)} near C = ${Math.round(c.optimumSum.C)}, then rises to ${formatTime(last.sum.totalSeconds)} at C = ${formatInteger(last.C)}. With full overlap the minimum is near C = ${Math.round(c.optimumMax.C)}. The fused recurrent kernel takes ${formatTime(c.recurrent.totalSeconds)}.`;
}

function Swatch({ className }: { className: string }) {
  return <span className={`chunking-swatch ${className}`} aria-hidden="true" />;
}

/** The widest chunk size and sequence length the sliders reach, for the boxes that show them. */
const WIDEST_LENGTH = 2 ** L_EXPONENTS.max;

function DiagramNotes({ tokens, C, counts }: { tokens: number; C: number; counts: Pick<DiagramCounts, 'chunks' | 'direct' | 'viaState'> }) {
  return (
    <>
      <p>
        The first {tokens} tokens{' '}
        {C >= tokens ? `lie inside one chunk of ${formatInteger(C)}` : `in ${counts.chunks} chunks of ${C}`}.
      </p>
      <ul className="chunking-key">
        <li>
          <Swatch className="is-block" /> read directly, in a masked block ({counts.direct} pairs)
        </li>
        <li>
          <Swatch className="is-via-state" /> reached only through the state ({counts.viaState} pairs)
        </li>
        <li>
          <Swatch className="is-state" /> state S carried forward: {counts.chunks} sequential{' '}
          {counts.chunks === 1 ? 'update' : 'updates'}
        </li>
      </ul>
    </>
  );
}

interface ReadoutProps {
  C: number;
  gpuName: string;
  flops: number;
  ratio: number;
  steps: number;
  sum: number;
  max: number;
  optSum: number;
  optMax: number;
}

function ReadoutText({ C, gpuName, flops, ratio, steps, sum, max, optSum, optMax }: ReadoutProps) {
  return (
    <>
      C = {formatInteger(C)} on {gpuName}: {formatFlops(flops)} ({formatRatio(ratio)} the recurrent form), {formatInteger(steps)}{' '}
      sequential {steps === 1 ? 'step' : 'steps'}, modelled {formatTime(sum)} without overlap, {formatTime(max)} with full
      overlap. Fastest: C ≈ {optSum} without overlap, ≈ {optMax} with it.
    </>
  );
}

interface Part {
  key: string;
  label: string;
  seconds: number;
  className: string;
}

function Parts({ parts, total }: { parts: readonly Part[]; total: number }) {
  return (
    <ul className="chunking-parts">
      {parts.map((p) => (
        <li key={p.key}>
          <Swatch className={p.className} /> {p.label}: {formatTime(p.seconds)} ({Math.round((100 * p.seconds) / total)}%)
        </li>
      ))}
    </ul>
  );
}

const PART_LABELS: readonly Omit<Part, 'seconds'>[] = [
  { key: 'tensor', label: 'tensor-core work', className: 'is-tensor' },
  { key: 'memory', label: 'memory traffic', className: 'is-memory' },
  { key: 'seq', label: 'sequential steps', className: 'is-seq' },
  { key: 'fixed', label: 'launch overhead', className: 'is-fixed' },
];

/** Stand-ins as wide as anything the boxes show: three significant digits, the widest unit. */
const WIDEST_PARTS: readonly Part[] = PART_LABELS.map((p) => ({ ...p, seconds: 0.888 }));
const WIDEST_TIME = formatTime(0.888);

interface RangeControlProps {
  id: string;
  label: ReactNode;
  min: number;
  max: number;
  step: number;
  value: number;
  valueText: string;
  /** What the box beside the slider shows, and the longest it will ever show. */
  display: string;
  widest: string;
  onChange: (value: number) => void;
  className?: string;
}

/** A labelled slider with its value beside it; the slider sits in a block of its own (see chunking.css). */
function RangeControl({ id, label, min, max, step, value, valueText, display, widest, onChange, className }: RangeControlProps) {
  return (
    <div className={className ? `chunking-control ${className}` : 'chunking-control'}>
      <label htmlFor={id}>{label}</label>
      <div className="chunking-range">
        <div className="chunking-range-box">
          <input
            id={id}
            type="range"
            min={min}
            max={max}
            step={step}
            value={value}
            aria-valuetext={valueText}
            onChange={(e) => onChange(Number(e.currentTarget.value))}
          />
        </div>
      </div>
      <Steady className="chunking-value" aria-hidden template={widest}>
        {display}
      </Steady>
    </div>
  );
}

interface WorkloadProps {
  gpu: string;
  L: number;
  bh: number;
  d: number;
  tau: number;
  gpus: readonly ChunkingGpu[];
  defaults: ChunkingControls;
  dispatch: Dispatch<Action>;
}

/** The workload and hardware controls: none of them moves with C, so a C move skips them. */
const Workload = memo(function Workload({ gpu, L, bh, d, tau, gpus, defaults, dispatch }: WorkloadProps) {
  const set = (patch: Partial<ChunkingControls>) => dispatch({ type: 'set', patch });
  return (
    <fieldset className="chunking-controls">
      <legend>Workload and hardware</legend>
      <div className="chunking-control">
        <label htmlFor="chunking-gpu">GPU</label>
        <select id="chunking-gpu" value={gpu} onChange={(e) => set({ gpu: e.currentTarget.value })}>
          {gpus.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <RangeControl
        id="chunking-L"
        label="Sequence length L"
        min={L_EXPONENTS.min}
        max={L_EXPONENTS.max}
        step={1}
        value={Math.log2(L)}
        valueText={`L = ${formatInteger(L)} tokens`}
        display={`${formatInteger(L)} tokens`}
        widest={`${formatInteger(WIDEST_LENGTH)} tokens`}
        onChange={(v) => set({ L: 2 ** v })}
      />
      <RangeControl
        id="chunking-bh"
        label="Heads B·H"
        min={BH_EXPONENTS.min}
        max={BH_EXPONENTS.max}
        step={1}
        value={Math.log2(bh)}
        valueText={`B·H = ${bh}`}
        display={String(bh)}
        widest={String(2 ** BH_EXPONENTS.max)}
        onChange={(v) => set({ bh: 2 ** v })}
      />
      <div className="chunking-control">
        <label htmlFor="chunking-d">Head dimension d</label>
        <select id="chunking-d" value={d} onChange={(e) => set({ d: Number(e.currentTarget.value) })}>
          {HEAD_DIMS.map((dim) => (
            <option key={dim} value={dim}>
              {dim}
            </option>
          ))}
        </select>
      </div>
      <RangeControl
        id="chunking-tau"
        label="Per-step latency τ₀"
        min={TAU.min}
        max={TAU.max}
        step={TAU.step}
        value={tau}
        valueText={`τ₀ = ${tau} microseconds`}
        display={`${tau.toFixed(2)} µs`}
        widest={`${TAU.max.toFixed(2)} µs`}
        onChange={(v) => set({ tau: roundTau(v) })}
      />
      <div className="chunking-control chunking-reset">
        <button type="button" onClick={() => dispatch({ type: 'reset', controls: defaults })}>
          Reset
        </button>
      </div>
    </fieldset>
  );
});

export function ChunkingFigure({ gpus, defaultGpu, defaultChunk, tokens }: ChunkingFigureProps) {
  const defaults = useMemo(() => defaultControls(defaultChunk, defaultGpu), [defaultChunk, defaultGpu]);
  const [controls, dispatch] = useReducer(reducer, defaults);
  const [tableOpen, setTableOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const loaded = useRef(false);
  const gpuIds = useMemo(() => gpus.map((g) => g.id), [gpus]);
  const longestGpuName = useMemo(() => gpus.reduce((a, g) => (g.name.length > a.length ? g.name : a), ''), [gpus]);

  useEffect(() => {
    dispatch({ type: 'load', controls: controlsFromQuery(new URLSearchParams(window.location.search), defaults, gpuIds) });
    loaded.current = true;
    setHydrated(true);
  }, [defaults, gpuIds]);

  useEffect(() => {
    if (!loaded.current) return undefined;
    // Written once the reader pauses: a dragged slider fires dozens of changes a second, and
    // browsers throttle (and warn about) rapid history updates.
    const timer = window.setTimeout(() => {
      const params = writeQuery(new URLSearchParams(window.location.search), controls, defaults);
      const query = params.toString();
      const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
      if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
        window.history.replaceState(window.history.state, '', url);
      }
    }, URL_WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [controls, defaults]);

  const gpu = gpus.find((g) => g.id === controls.gpu) ?? gpus[0];
  if (!gpu) throw new Error('the chunking figure needs at least one GPU');
  const { L, bh, d, tau } = controls;
  // Moving C alone leaves the curves as they are; only the markers and the readout follow it.
  const c = useMemo(() => curves({ L, bh, d, tau }, gpu), [L, bh, d, tau, gpu]);
  const current = currentPoint(controls, gpu);
  const set = (patch: Partial<ChunkingControls>) => dispatch({ type: 'set', patch });

  const timeSeries: Series[] = useMemo(
    () => [
      { key: 'tensor', className: 'is-tensor', points: c.points.map((p) => [p.C, p.sum.tensorSeconds] as const) },
      { key: 'memory', className: 'is-memory', points: c.points.map((p) => [p.C, p.sum.memorySeconds] as const) },
      { key: 'seq', className: 'is-seq', points: c.points.map((p) => [p.C, p.sum.sequentialSeconds] as const) },
      { key: 'max', className: 'is-max', points: c.points.map((p) => [p.C, p.maxTotal] as const) },
      { key: 'sum', className: 'is-total', points: c.points.map((p) => [p.C, p.sum.totalSeconds] as const) },
    ],
    [c],
  );
  const flopsSeries: Series[] = useMemo(
    () => [{ key: 'flops', className: 'is-flops', points: c.points.map((p) => [p.C, p.flopsRatio] as const) }],
    [c],
  );

  const timeMax = Math.max(...c.points.map((p) => p.sum.totalSeconds), c.recurrent.totalSeconds) * 1.5;
  const timeMin = Math.min(...c.points.map((p) => p.maxTotal)) / 25;
  const flopsMax = Math.max(...c.points.map((p) => p.flopsRatio)) * 1.5;
  const optSum = Math.round(c.optimumSum.C);
  const optMax = Math.round(c.optimumMax.C);
  const timeMarkers: Marker[] = useMemo(
    () => [
      { key: 'recurrent', className: 'is-recurrent', x: 1, y: c.recurrent.totalSeconds, label: 'recurrent kernel', hollow: true },
      { key: 'optMax', className: 'is-optimum-max', x: c.optimumMax.C, y: c.optimumMax.time.totalSeconds, label: `${optMax}`, labelBelow: true },
      { key: 'optSum', className: 'is-optimum', x: c.optimumSum.C, y: c.optimumSum.time.totalSeconds, label: `fastest C ≈ ${optSum}` },
    ],
    [c, optMax, optSum],
  );
  const timeDescription = useMemo(() => describeTime(c, gpu.name), [c, gpu.name]);
  const flopsLegend = useMemo(
    () => (
      <>
        <span className="chunking-chart-title">FLOPs relative to the recurrent form</span>
        <span>
          <Swatch className="is-flops" /> total FLOPs ÷ 6<var>d</var>² per token
        </span>
      </>
    ),
    [],
  );
  const timeLegend = useMemo(
    () => (
      <>
        <span className="chunking-chart-title">Modelled prefill time on {gpu.name}</span>
        <span>
          <Swatch className="is-total" /> total, no overlap
        </span>
        <span>
          <Swatch className="is-max" /> total, full overlap
        </span>
        <span>
          <Swatch className="is-tensor" /> tensor cores
        </span>
        <span>
          <Swatch className="is-memory" /> memory
        </span>
        <span>
          <Swatch className="is-seq" /> sequential steps
        </span>
      </>
    ),
    [gpu.name],
  );
  // The boxes' templates: the longest text each can show, fixed for the figure's life.
  const templates = useMemo(
    () => ({
      notes: (
        <DiagramNotes
          tokens={tokens}
          C={WIDEST_LENGTH}
          counts={{ chunks: tokens, direct: diagramCounts(tokens, tokens).direct, viaState: diagramCounts(tokens, 1).viaState }}
        />
      ),
      parts: <Parts parts={WIDEST_PARTS} total={0.888} />,
      readout: (
        <ReadoutText
          C={WIDEST_LENGTH}
          gpuName={longestGpuName}
          flops={888e15}
          ratio={888}
          steps={WIDEST_LENGTH}
          sum={0.888}
          max={0.888}
          optSum={WIDEST_LENGTH}
          optMax={WIDEST_LENGTH}
        />
      ),
    }),
    [tokens, longestGpuName],
  );
  const flopsMarkers: Marker[] = [
    { key: 'current', className: 'is-current', x: controls.C, y: current.flopsRatio, label: formatRatio(current.flopsRatio) },
  ];

  const cur = current.sum;
  const steps = Math.ceil(controls.L / controls.C);
  const totalFlops = current.flopsRatio * 6 * controls.d * controls.d * controls.L * controls.bh;
  const partSeconds = [cur.tensorSeconds, cur.memorySeconds, cur.sequentialSeconds, cur.overheadSeconds];
  const parts: Part[] = PART_LABELS.map((p, i) => ({ ...p, seconds: partSeconds[i]! }));
  const counts = diagramCounts(tokens, controls.C);
  const cLog = Math.log2(controls.C);
  const Lmax = Math.log2(controls.L);

  return (
    <div className="chunking-figure" data-hydrated={hydrated ? 'true' : undefined}>
      <div className="chunking-top">
        <RangeControl
          className="chunking-c"
          id="chunking-C"
          label="Chunk size C"
          min={0}
          max={Lmax}
          step={1}
          value={cLog}
          valueText={`C = ${formatInteger(controls.C)}`}
          display={`C = ${formatInteger(controls.C)}`}
          widest={`C = ${formatInteger(WIDEST_LENGTH)}`}
          onChange={(v) => set({ C: 2 ** v })}
        />
        <div className="chunking-diagram-wrap">
          {/* In a block of its own, not a grid item, so the diagram lays out alone when C moves. */}
          <div className="chunking-diagram-box">
            <ChunkDiagram tokens={tokens} C={controls.C} />
          </div>
          <Steady
            className="chunking-diagram-notes"
            template={templates.notes}
          >
            <DiagramNotes tokens={tokens} C={controls.C} counts={counts} />
          </Steady>
        </div>
      </div>

      <Workload gpu={controls.gpu} L={controls.L} bh={controls.bh} d={controls.d} tau={controls.tau} gpus={gpus} defaults={defaults} dispatch={dispatch} />

      <div className="chunking-charts">
        <LogChart
          title="FLOPs relative to the recurrent form"
          description={describeFlops(c, current)}
          xMax={controls.L}
          yMin={1}
          yMax={flopsMax}
          formatY={formatDecade}
          series={flopsSeries}
          markers={flopsMarkers}
          currentX={controls.C}
          legend={flopsLegend}
        />
        <LogChart
          title={`Modelled prefill time on ${gpu.name}`}
          description={timeDescription}
          xMax={controls.L}
          yMin={timeMin}
          yMax={timeMax}
          formatY={formatTime}
          series={timeSeries}
          markers={timeMarkers}
          currentX={controls.C}
          legend={timeLegend}
        />
      </div>

      <div className="chunking-split">
        <Steady className="chunking-split-title" template={`Where the time goes at C = ${formatInteger(WIDEST_LENGTH)} (no overlap): ${WIDEST_TIME}`}>
          Where the time goes at C = {formatInteger(controls.C)} (no overlap): {formatTime(cur.totalSeconds)}
        </Steady>
        <div className="chunking-bar" aria-hidden="true">
          {parts.map((p) => (
            <span
              key={p.key}
              className={`chunking-bar-part ${p.className}`}
              style={{ width: `${(100 * p.seconds) / cur.totalSeconds}%` }}
            />
          ))}
        </div>
        <Steady className="chunking-parts-box" template={templates.parts}>
          <Parts parts={parts} total={cur.totalSeconds} />
        </Steady>
      </div>

      <Steady
        className="chunking-readout"
        role="status"
        aria-live="polite"
        template={templates.readout}
      >
        <ReadoutText
          C={controls.C}
          gpuName={gpu.name}
          flops={totalFlops}
          ratio={current.flopsRatio}
          steps={steps}
          sum={cur.totalSeconds}
          max={current.maxTotal}
          optSum={optSum}
          optMax={optMax}
        />
      </Steady>

      <details className="chunking-table" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
        <summary>The curves as a table</summary>
        {tableOpen ? (
          <div className="chunking-table-scroll">
            <table>
              <caption>
                {gpu.name}, L = {formatInteger(controls.L)}, B·H = {controls.bh}, d = {controls.d}, τ₀ ={' '}
                {controls.tau.toFixed(2)} µs
              </caption>
              <thead>
                <tr>
                  <th scope="col">C</th>
                  <th scope="col">FLOPs ÷ recurrent</th>
                  <th scope="col">steps</th>
                  <th scope="col">time, no overlap</th>
                  <th scope="col">time, full overlap</th>
                </tr>
              </thead>
              <tbody>
                {c.points
                  .filter((_, k) => k % 6 === 0)
                  .map((p) => (
                    <tr key={p.C}>
                      <th scope="row">{formatPowerOfTwo(p.C)}</th>
                      <td>{formatRatio(p.flopsRatio)}</td>
                      <td>{formatInteger(Math.ceil(controls.L / p.C))}</td>
                      <td>{formatTime(p.sum.totalSeconds)}</td>
                      <td>{formatTime(p.maxTotal)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </details>
    </div>
  );
}
