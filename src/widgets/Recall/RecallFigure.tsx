/**
 * "And attention comes back anyway", drawn: on the state demo's random-key stream, one fixed 8 × 8
 * state beside two attention reads, the whole cache and a window that holds as many numbers as
 * the state, with the read error of each and the numbers each keeps. What the same choice costs
 * at Kimi K3's size is a figure of its own (./K3MemoryFigure.tsx). Everything is computed here
 * from the core. A drag of the pairs slider writes the nodes that move with it directly
 * (../usePausedDrag.ts); the figure renders when the slider rests or another control acts.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import './recall.css';
import { attentionErrors, attentionNumbers, STATE_NUMBERS, WINDOW_PAIRS } from '../../core/attention';
import { channelGates, D, RULES, type Rule } from '../../core/memory';
import { makeStream, type StreamKind } from '../../core/stream';
import { trace } from '../../core/trace';
import type { RecallSettings } from '../../content/defaults';
import { integer } from '../../format';
import { BarList, type BarListHandle } from '../../viz/BarList';
import { Legend } from '../../viz/Legend';
import { LineChart, type LineChartHandle, type Series } from '../../viz/LineChart';
import { RangeControl } from '../../viz/RangeControl';
import { RangeInput } from '../../viz/RangeInput';
import { Steady } from '../../viz/Steady';
import { useUrlState } from '../urlState';
import { setText, usePausedDrag } from '../usePausedDrag';
import { CACHE_NAME, pairsWritten, RULE_NAMES, recallLookFor, recallReadout, windowName } from './describe';
import { type Action, clampN, MAX_PAIRS, recallCodec, reducer, S_STEPS, sharpnessAt, sharpnessStep } from './state';
import { Select } from '../../viz/Select';

export interface RecallFigureProps {
  defaults: RecallSettings;
  /** The state demo's random-key stream and its gates. */
  stream: { kind: StreamKind; seed: number };
  gates: { beta: number; alpha: number; slow: number; fast: number };
}

const REFERENCE = { y: 1, label: 'as wrong as answering zero' };
const LEGEND_OF = (rule: Rule) => [
  { key: 'state', className: `rule-${rule}`, swatch: 'rule-swatch', label: `${RULE_NAMES[rule]} state` },
  { key: 'cache', className: 'recall-cache', swatch: 'rule-swatch', label: CACHE_NAME },
  { key: 'window', className: 'recall-window', swatch: 'rule-swatch', label: windowName(WINDOW_PAIRS) },
];
/** The widest readout, for the box that holds it (see Steady). */
const WIDEST = recallReadout({
  n: MAX_PAIRS,
  rule: 'perChannelGated',
  state: 8.88,
  cache: 8.88,
  window: 8.88,
  numbers: { state: 8888, cache: 8888, window: 8888 },
  windowPairs: WINDOW_PAIRS,
});

/** s as the slider says it: the textbook end as the fraction it is, the rest to two digits. */
export const sharpnessText = (s: number) => (s < 0.36 ? '1/√8 ≈ 0.35' : s < 10 ? s.toFixed(2) : s.toFixed(1));

const SHARPNESS_LABEL = (
  <>
    Sharpness <var>s</var>
  </>
);

export function RecallFigure({ defaults, stream: spec, gates }: RecallFigureProps) {
  const [state, dispatch] = useReducer(reducer, defaults);
  const { n, rule, s } = state;
  useUrlState(
    recallCodec,
    state,
    defaults,
    useCallback((settings: RecallSettings) => dispatch({ type: 'load', settings }), []),
  );

  const stream = useMemo(() => makeStream({ kind: spec.kind, seed: spec.seed, length: MAX_PAIRS }), [spec.kind, spec.seed]);
  const states = useMemo(
    () => trace({ stream, gates: { beta: gates.beta, alpha: gates.alpha, channelAlpha: channelGates(gates.slow, gates.fast) }, n: MAX_PAIRS }),
    [stream, gates.beta, gates.alpha, gates.slow, gates.fast],
  );
  const cache = useMemo(() => attentionErrors(stream, MAX_PAIRS, { s, window: null, hard: false }), [stream, s]);
  const window = useMemo(() => attentionErrors(stream, MAX_PAIRS, { s, window: WINDOW_PAIRS, hard: false }), [stream, s]);
  const series = useMemo<Series[]>(
    () => [
      { id: 'state', label: `${RULE_NAMES[rule]} state`, values: states.error[rule], className: `rule-${rule}` },
      { id: 'cache', label: CACHE_NAME, values: cache, className: 'recall-cache' },
      { id: 'window', label: windowName(WINDOW_PAIRS), values: window, className: 'recall-window' },
    ],
    [states, rule, cache, window],
  );
  const yDomain = useMemo<[number, number]>(() => [0, Math.max(1.2, ...series.map((x) => Math.max(...Array.from(x.values))))], [series]);
  const legend = useMemo(() => LEGEND_OF(rule), [rule]);

  // The line above the figure sits in the frame around the island: it follows the state and the sharpness chosen.
  const root = useRef<HTMLDivElement>(null);
  const end = MAX_PAIRS - 1;
  const lookFor = recallLookFor({ pairs: MAX_PAIRS, rule, cache: cache[end]!, state: states.error[rule][end]!, window: window[end]! });
  useEffect(() => {
    const line = root.current?.closest('figure')?.querySelector(':scope > .look-for');
    if (line && line.textContent !== lookFor) line.textContent = lookFor;
  }, [lookFor]);

  /** Everything that moves with the pairs slider, at `to` pairs. */
  const at = (to: number) => {
    const numbers = { state: STATE_NUMBERS, cache: attentionNumbers(to, null), window: attentionNumbers(to, WINDOW_PAIRS) };
    const reading = { n: to, rule, state: states.error[rule][to - 1]!, cache: cache[to - 1]!, window: window[to - 1]!, numbers, windowPairs: WINDOW_PAIRS };
    const bars = [
      { key: 'state', className: `rule-${rule}`, label: `${RULE_NAMES[rule]} state`, value: numbers.state },
      { key: 'window', className: 'recall-window', label: windowName(WINDOW_PAIRS), value: numbers.window },
      { key: 'cache', className: 'recall-cache', label: CACHE_NAME, value: numbers.cache },
    ];
    return {
      readout: recallReadout(reading),
      bars,
      title: `Numbers stored after ${to} pairs`,
      label: `Numbers stored after ${to} pairs: ${bars.map((b) => `${b.label} ${b.value}`).join(', ')}`,
    };
  };
  const view = at(n);

  // A drag of the pairs slider writes these nodes directly; the render follows when it pauses.
  const readoutBox = useRef<HTMLDivElement>(null);
  const chart = useRef<LineChartHandle>(null);
  const barList = useRef<BarListHandle>(null);
  const stored = useRef<HTMLDivElement>(null);
  const storedTitle = useRef<HTMLParagraphElement>(null);
  const show = (to: number, input: HTMLInputElement | null) => {
    const v = at(to);
    input?.setAttribute('aria-valuetext', pairsWritten(to));
    setText(readoutBox.current, v.readout);
    chart.current?.moveCursor(to);
    barList.current?.show(v.bars.map((b) => b.value));
    stored.current?.setAttribute('aria-label', v.label);
    setText(storedTitle.current, v.title);
  };
  const { drag, act, input } = usePausedDrag<Action>(n, dispatch, (to) => ({ type: 'setN', n: to }), show, clampN);
  const setSharpness = useCallback((step: number) => act({ type: 'setSharpness', step }), [act]);

  return (
    <div className="recall" ref={root}>
      <div className="recall-controls">
        <div className="recall-slider">
          <label htmlFor="recall-n">Pairs written</label>
          <RangeInput ref={input} id="recall-n" min={1} max={MAX_PAIRS} step={1} defaultValue={n} aria-valuetext={pairsWritten(n)} onValue={drag} />
        </div>
        <Steady className="recall-readout" role="status" template={WIDEST} liveRef={readoutBox}>
          {view.readout}
        </Steady>
        <div className="recall-options">
          <label>
            Fixed state{' '}
            <Select value={rule} onChange={(v) => act({ type: 'setRule', rule: v as Rule })}>
              {RULES.map((r) => (
                <option key={r} value={r}>
                  {RULE_NAMES[r]}
                </option>
              ))}
            </Select>
          </label>
          <RangeControl
            className="recall-control recall-sharpness"
            id="recall-s"
            label={SHARPNESS_LABEL}
            min={0}
            max={S_STEPS}
            step={1}
            value={sharpnessStep(s)}
            valueText={`s = ${sharpnessText(s)}`}
            display={sharpnessText(s)}
            widest={sharpnessText(sharpnessAt(0))}
            onValue={setSharpness}
          />
          <button type="button" onClick={() => act({ type: 'reset', defaults })}>
            Reset
          </button>
        </div>
      </div>
      <LineChart
        series={series}
        length={MAX_PAIRS}
        yDomain={yDomain}
        xLabel="Pairs written"
        yLabel="Read error"
        reference={REFERENCE}
        cursor={n}
        ref={chart}
        label="Read error against pairs written: the chosen fixed state, attention over the whole cache and attention over a window; a cursor marks the slider's position"
      />
      <Legend className="recall-legend" items={legend} />
      <div role="img" aria-label={view.label} ref={stored}>
        <p className="recall-bars-title" aria-hidden="true" ref={storedTitle}>
          {view.title}
        </p>
        <BarList className="recall-bars" bars={view.bars} format={integer} ref={barList} />
      </div>
      <p className="recall-note">
        On the state demo&rsquo;s random-key stream (seed {spec.seed}). The window keeps the last {WINDOW_PAIRS} pairs: {WINDOW_PAIRS} keys and {WINDOW_PAIRS}{' '}
        values of {D} numbers each, as many as the {D}&times;{D} state.
      </p>
    </div>
  );
}
