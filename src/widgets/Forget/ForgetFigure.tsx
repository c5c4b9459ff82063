/**
 * "Watch a state forget": four 8x8 memories written by one stream, one rule each, a slider
 * over the number of pairs written, and the read-error chart. The whole trace is computed
 * once per stream and gates; the slider only indexes it.
 *
 * Dragging the slider takes a short path: each move writes the numbers, the four pictures and
 * the chart's cursor straight into the page (`show`), and the figure's state catches up once
 * the reader pauses, or before any other control acts. The slider's keys take the same path.
 * What a screen reader hears only from the render (the description, the memories' names)
 * follows at the pause. Buttons, playback and the other controls go through the state at once.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, type Dispatch } from 'react';
import { channelGates, makeStream, RULES, stateAt, trace, type Rule, type Trace } from '../../core';
import { Heatmap, type HeatmapHandle } from '../../viz/Heatmap';
import { LineChart, type LineChartHandle, type Series } from '../../viz/LineChart';
import { Steady } from '../../viz/Steady';
import { describePicture, METRIC_LABELS, readout, RULE_LABELS, STREAM_LABELS } from './describe';
import { type Action, DEFAULTS, type ForgetState, fromQuery, MAX_PAIRS, type Metric, reducer, toQuery } from './state';
import './forget.css';

export interface ForgetFigureProps {
  /** Each rule's update, typeset at build time. */
  equations: Record<Rule, { equationKey: string; html: string }>;
}

const BEAT_MS = 450;
const URL_DELAY_MS = 250;
/** How long a drag rests before the figure's state takes the slider's value. */
const PAUSE_MS = 150;

// useLayoutEffect warns when rendered on the server, where it would not run anyway.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

function useTrace(s: ForgetState): Trace {
  const { stream: kind, seed, beta, alpha, slow, fast } = s;
  return useMemo(() => {
    const stream = makeStream({ kind, seed, length: MAX_PAIRS });
    return trace({ stream, gates: { beta, alpha, channelAlpha: channelGates(slow, fast) }, n: MAX_PAIRS });
  }, [kind, seed, beta, alpha, slow, fast]);
}

/** Reads the URL once after hydration, then mirrors every change into it. */
function useUrlState(state: ForgetState, dispatch: Dispatch<Action>) {
  const loaded = useRef(false);
  useEffect(() => {
    dispatch({ type: 'load', state: fromQuery(window.location.search) });
    loaded.current = true;
  }, [dispatch]);
  const { n, stream, seed, beta, alpha, slow, fast, metric } = state;
  useEffect(() => {
    if (!loaded.current) return undefined;
    // Written once the reader pauses: a history update costs a few milliseconds of the frame.
    const timer = window.setTimeout(() => {
      const query = toQuery(state, window.location.search);
      if (query !== window.location.search) {
        window.history.replaceState(window.history.state, '', `${window.location.pathname}${query}${window.location.hash}`);
      }
    }, URL_DELAY_MS);
    return () => window.clearTimeout(timer);
    // Keyed on the shareable fields only: play and pause alone leave the URL as it is.
  }, [n, stream, seed, beta, alpha, slow, fast, metric]);
}

/**
 * The slider's keys, handled here rather than left to the browser so that every engine agrees
 * and Page Up/Down move by one memory's width (8 pairs).
 */
function sliderKey(key: string, n: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return n + 1;
    case 'ArrowLeft':
    case 'ArrowDown':
      return n - 1;
    case 'PageUp':
      return n + 8;
    case 'PageDown':
      return n - 8;
    case 'Home':
      return 1;
    case 'End':
      return MAX_PAIRS;
    default:
      return null;
  }
}

function metricAt(t: Trace, metric: Metric, rule: Rule, n: number): number {
  return (metric === 'error' ? t.error : t.cosine)[rule][n - 1] ?? 0;
}

/** Everything drawn for n pairs that changes with n, computed once for the render and the drag. */
function picture(t: Trace, metric: Metric, n: number) {
  const values = Object.fromEntries(RULES.map((r) => [r, metricAt(t, metric, r, n)])) as Record<Rule, number>;
  const states = RULES.map((r) => stateAt(t, r, n));
  let max = 0;
  for (const S of states) for (const x of S) max = Math.max(max, Math.abs(x));
  return { values, states, max };
}

/** The nodes a drag writes to; each holds a single string the render also writes. */
interface DragNodes {
  input: HTMLInputElement | null;
  back: HTMLButtonElement | null;
  forward: HTMLButtonElement | null;
  scaleLow: HTMLElement | null;
  scaleHigh: HTMLElement | null;
  readout: HTMLElement | null;
  heatmaps: (HeatmapHandle | null)[];
  chart: LineChartHandle | null;
}

/** Writes into the node's one text child where it has one, as React does, so both keep it. */
function setText(el: HTMLElement | null, text: string) {
  if (!el) return;
  const only = el.firstChild;
  if (only && only === el.lastChild && only.nodeType === Node.TEXT_NODE) {
    if (only.nodeValue !== text) only.nodeValue = text;
  } else el.textContent = text;
}

function GateSlider({
  id,
  symbol,
  tokenClass,
  label,
  value,
  onChange,
}: {
  id: string;
  symbol: string;
  tokenClass: string;
  label: string;
  value: number;
  onChange: (v: number) => void;
}) {
  return (
    <div className="gate">
      <label htmlFor={id}>
        <var className={tokenClass}>{symbol}</var> {label} <span className="value">{value.toFixed(2)}</span>
      </label>
      <input id={id} type="range" min={0} max={1} step={0.05} value={value} onChange={(e) => onChange(Number(e.target.value))} />
    </div>
  );
}

/** Stream, seed, metric and gates: none of them moves with the slider, so they skip its renders. */
const Options = memo(function Options({
  stream,
  seed,
  metric,
  beta,
  alpha,
  slow,
  fast,
  dispatch,
}: Pick<ForgetState, 'stream' | 'seed' | 'metric' | 'beta' | 'alpha' | 'slow' | 'fast'> & { dispatch: Dispatch<Action> }) {
  return (
    <>
      <div className="forget-options">
        <label>
          Stream{' '}
          <select value={stream} onChange={(e) => dispatch({ type: 'setStream', stream: e.target.value as ForgetState['stream'] })}>
            <option value="capacity">{STREAM_LABELS.capacity} (random keys)</option>
            <option value="lifetimes">{STREAM_LABELS.lifetimes} (slow, then fast)</option>
          </select>
        </label>
        <button type="button" onClick={() => dispatch({ type: 'newSeed', seed: Math.floor(Math.random() * 1_000_000) })}>
          New stream
        </button>
        <span className="seed">
          seed <strong>{seed}</strong>
        </span>
        <label>
          Metric{' '}
          <select value={metric} onChange={(e) => dispatch({ type: 'setMetric', metric: e.target.value as Metric })}>
            <option value="error">{METRIC_LABELS.error}</option>
            <option value="cosine">{METRIC_LABELS.cosine}</option>
          </select>
        </label>
      </div>
      <details className="forget-gates">
        <summary>Gates</summary>
        <div className="gates">
          <GateSlider id="forget-beta" symbol="β" tokenClass="tok-beta" label="write strength (delta rules)" value={beta} onChange={(v) => dispatch({ type: 'setGate', gate: 'beta', value: v })} />
          <GateSlider id="forget-alpha" symbol="α" tokenClass="tok-alpha" label="scalar decay (gated delta)" value={alpha} onChange={(v) => dispatch({ type: 'setGate', gate: 'alpha', value: v })} />
          <GateSlider id="forget-slow" symbol="a₀…₃" tokenClass="tok-alpha" label="decay, slow channels 0–3 (per-channel)" value={slow} onChange={(v) => dispatch({ type: 'setGate', gate: 'slow', value: v })} />
          <GateSlider id="forget-fast" symbol="a₄…₇" tokenClass="tok-alpha" label="decay, fast channels 4–7 (per-channel)" value={fast} onChange={(v) => dispatch({ type: 'setGate', gate: 'fast', value: v })} />
        </div>
      </details>
    </>
  );
});

/** Each rule's update, typeset at build time; it never changes, so the slider's renders skip it. */
const RuleEquation = memo(function RuleEquation({ equationKey, html }: { equationKey: string; html: string }) {
  return <div className="forget-equation" data-equation-key={equationKey} dangerouslySetInnerHTML={{ __html: html }} />;
});

const Legend = memo(function Legend() {
  return (
    <ul className="forget-legend" aria-hidden="true">
      {RULES.map((r) => (
        <li key={r} className={`rule-${r}`}>
          <span className="rule-swatch" /> {RULE_LABELS[r]}
        </li>
      ))}
    </ul>
  );
});

/** The widest each changing number can be, for the boxes that hold them (see Steady). */
const WIDEST: Record<Metric, Record<Rule, number>> = {
  error: Object.fromEntries(RULES.map((r) => [r, 8.88])) as Record<Rule, number>,
  cosine: Object.fromEntries(RULES.map((r) => [r, -0.88])) as Record<Rule, number>,
};

const REFERENCE: Record<Metric, { y: number; label: string }> = {
  error: { y: 1, label: 'as wrong as answering zero' },
  cosine: { y: 0, label: 'no better than a random guess' },
};

function ScaleLine({ max, lowRef, highRef }: { max: string; lowRef?: (el: HTMLElement | null) => void; highRef?: (el: HTMLElement | null) => void }) {
  return (
    <>
      <span className="scale-ramp" /> <span ref={lowRef}>{`−${max}`}</span> <span>0</span> <span ref={highRef}>{`+${max}`}</span>
      <span className="scale-note">one scale for all four memories</span>
    </>
  );
}

export function ForgetFigure({ equations }: ForgetFigureProps) {
  const [state, dispatch] = useReducer(reducer, DEFAULTS);
  const t = useTrace(state);
  const { n, metric, playing } = state;

  // The drag's short path (see the top of this file).
  const nodes = useRef<DragNodes>({ input: null, back: null, forward: null, scaleLow: null, scaleHigh: null, readout: null, heatmaps: [], chart: null });
  const pending = useRef<number | null>(null);
  const pause = useRef<number | undefined>(undefined);
  const lastMove = useRef(0);
  const latest = useRef({ t, metric, n });
  latest.current = { t, metric, n };

  // Stable callbacks, so a render does not detach and attach them again.
  const refs = useMemo(() => {
    const el = nodes.current;
    return {
      input: (x: HTMLInputElement | null) => void (el.input = x),
      heatmaps: RULES.map((_, i) => (x: HeatmapHandle | null) => void (el.heatmaps[i] = x)),
      scaleLow: (x: HTMLElement | null) => void (el.scaleLow = x),
      scaleHigh: (x: HTMLElement | null) => void (el.scaleHigh = x),
      readout: (x: HTMLElement | null) => void (el.readout = x),
      back: (x: HTMLButtonElement | null) => void (el.back = x),
      forward: (x: HTMLButtonElement | null) => void (el.forward = x),
      chart: (x: LineChartHandle | null) => void (el.chart = x),
    };
  }, []);

  /** Hands a drag's last value to the state now, so whatever acts next starts from it. */
  const settle = useCallback(() => {
    window.clearTimeout(pause.current);
    pause.current = undefined;
    const to = pending.current;
    if (to === null) return;
    pending.current = null;
    dispatch({ type: 'setN', n: to });
  }, []);
  const act = useCallback(
    (action: Action) => {
      settle();
      dispatch(action);
    },
    [settle],
  );
  useEffect(() => () => window.clearTimeout(pause.current), []);

  /** Writes what n pairs look like into the nodes that change with n, as the render would. */
  const show = useCallback((to: number) => {
    const { t: tr, metric: m } = latest.current;
    const { values: v, states: S, max: top } = picture(tr, m, to);
    const el = nodes.current;
    el.input?.setAttribute('aria-valuetext', `${to} pairs written`);
    RULES.forEach((_, i) => el.heatmaps[i]?.show(S[i]!, top));
    setText(el.scaleLow, `−${top.toFixed(2)}`);
    setText(el.scaleHigh, `+${top.toFixed(2)}`);
    setText(el.readout, readout(to, m, v, RULES));
    el.chart?.moveCursor(to);
    // The step buttons stop at the ends as they will after the render.
    if (el.back && el.back.disabled !== to <= 1) el.back.disabled = to <= 1;
    if (el.forward && el.forward.disabled !== to >= MAX_PAIRS) el.forward.disabled = to >= MAX_PAIRS;
  }, []);

  const drag = (value: number) => {
    if (!Number.isFinite(value)) return;
    const to = Math.min(MAX_PAIRS, Math.max(1, Math.round(value)));
    pending.current = to;
    show(to);
    // One timer per drag, not one per move: it looks again when it fires.
    lastMove.current = performance.now();
    if (pause.current !== undefined) return;
    const wait = (ms: number) => {
      pause.current = window.setTimeout(() => {
        const rest = lastMove.current + PAUSE_MS - performance.now();
        if (rest > 1) wait(rest);
        else settle();
      }, ms);
    };
    wait(PAUSE_MS);
  };

  useUrlState(state, dispatch);

  // The slider is left to the browser while it is dragged; a change from anywhere else moves it.
  useBrowserLayoutEffect(() => {
    const input = nodes.current.input;
    if (input && pending.current === null && input.value !== String(n)) input.value = String(n);
  }, [n]);

  useEffect(() => {
    if (!playing) return undefined;
    const id = window.setInterval(() => act({ type: 'tick' }), BEAT_MS);
    return () => window.clearInterval(id);
  }, [playing, act]);

  const { values, states, max } = useMemo(() => picture(t, metric, n), [t, metric, n]);

  const series = useMemo<Series[]>(
    () =>
      RULES.map((r) => ({
        id: r,
        label: RULE_LABELS[r],
        values: metric === 'error' ? t.error[r] : t.cosine[r],
        className: `rule-${r}`,
      })),
    [t, metric],
  );
  const yDomain = useMemo<[number, number]>(() => {
    if (metric === 'cosine') return [Math.min(0, ...series.map((s) => Math.min(...Array.from(s.values)))), 1];
    return [0, Math.max(1.2, ...series.map((s) => Math.max(...Array.from(s.values))))];
  }, [series, metric]);

  const description = describePicture(n, state.stream, state.seed, metric, values, RULES);

  return (
    <div className="forget">
      <p className="sr-box">{description}</p>
      <div className="forget-controls">
        <div className="forget-slider">
          <label htmlFor="forget-n">Pairs written</label>
          <input
            ref={refs.input}
            id="forget-n"
            type="range"
            min={1}
            max={MAX_PAIRS}
            step={1}
            defaultValue={n}
            aria-valuetext={`${n} pairs written`}
            onChange={(e) => drag(Number(e.target.value))}
            onKeyDown={(e) => {
              const to = sliderKey(e.key, pending.current ?? latest.current.n);
              if (to === null) return;
              // Keys take the drag's path too, so a held key repeats as fast as a drag moves.
              e.preventDefault();
              e.currentTarget.value = String(to);
              drag(Number(e.currentTarget.value));
            }}
          />
        </div>
        {/* Every number that moves with the slider, in one place, right under it. */}
        <Steady className="forget-readout" role="status" liveRef={refs.readout} template={readout(MAX_PAIRS, metric, WIDEST[metric], RULES)}>
          {readout(n, metric, values, RULES)}
        </Steady>
        <div className="forget-buttons" role="group" aria-label="Playback">
          <button type="button" onClick={() => act({ type: 'step', by: -1 })} disabled={n <= 1} aria-label="Back one pair" ref={refs.back}>
            ‹ 1
          </button>
          <button type="button" onClick={() => act({ type: 'togglePlay' })} aria-pressed={playing}>
            {playing ? 'Pause' : 'Play'}
          </button>
          <button type="button" onClick={() => act({ type: 'step', by: 1 })} disabled={n >= MAX_PAIRS} aria-label="Forward one pair" ref={refs.forward}>
            1 ›
          </button>
          <button type="button" onClick={() => act({ type: 'reset' })}>
            Reset
          </button>
        </div>
        <Options stream={state.stream} seed={state.seed} metric={metric} beta={state.beta} alpha={state.alpha} slow={state.slow} fast={state.fast} dispatch={act} />
      </div>

      <div className="forget-states">
        {RULES.map((r, i) => (
          <div className={`forget-state rule-${r}`} key={r}>
            <h3 className="forget-state-title">
              <span className="rule-swatch" aria-hidden="true" /> <span className="forget-state-name">{RULE_LABELS[r]}</span>
            </h3>
            <Heatmap
              ref={refs.heatmaps[i]}
              values={states[i]!}
              rows={8}
              cols={8}
              max={max}
              label={`${RULE_LABELS[r]} memory after ${n} pairs, 8 by 8`}
              rowLabel={(row) => `key channel ${row}`}
              colLabel={(col) => `value channel ${col}`}
            />
            <RuleEquation equationKey={equations[r].equationKey} html={equations[r].html} />
          </div>
        ))}
      </div>
      <Steady className="forget-scale" aria-hidden template={<ScaleLine max="8.88" />}>
        <ScaleLine max={max.toFixed(2)} lowRef={refs.scaleLow} highRef={refs.scaleHigh} />
      </Steady>

      <LineChart
        ref={refs.chart}
        series={series}
        length={MAX_PAIRS}
        yDomain={yDomain}
        xLabel="Pairs written"
        yLabel={metric === 'error' ? 'Read error' : 'Cosine similarity'}
        reference={REFERENCE[metric]}
        cursor={n}
        label={`${METRIC_LABELS[metric]} against pairs written, one line per rule; a cursor marks the slider's position`}
      />
      <Legend />
    </div>
  );
}
