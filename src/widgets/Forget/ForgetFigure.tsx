/**
 * "Watch a state forget": four 8x8 memories written by one stream, one rule each, a slider
 * over the number of pairs written, and the read-error chart. The whole trace is computed
 * once per stream and gates; the slider only indexes it.
 */
import { memo, useEffect, useMemo, useReducer, useRef, type Dispatch } from 'react';
import { channelGates, makeStream, RULES, stateAt, trace, type Rule, type Trace } from '../../core';
import { Heatmap } from '../../viz/Heatmap';
import { LineChart, type Series } from '../../viz/LineChart';
import { Steady } from '../../viz/Steady';
import { describePicture, fmt, METRIC_LABELS, readout, RULE_LABELS, STREAM_LABELS } from './describe';
import { type Action, DEFAULTS, type ForgetState, fromQuery, MAX_PAIRS, type Metric, reducer, toQuery } from './state';
import './forget.css';

export interface ForgetFigureProps {
  /** Each rule's update, typeset at build time. */
  equations: Record<Rule, { equationKey: string; html: string }>;
}

const BEAT_MS = 450;
const URL_DELAY_MS = 250;

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

function ScaleLine({ max }: { max: string }) {
  return (
    <>
      <span className="scale-ramp" /> <span>−{max}</span> <span>0</span> <span>+{max}</span>
      <span className="scale-note">one scale for all four memories</span>
    </>
  );
}

export function ForgetFigure({ equations }: ForgetFigureProps) {
  const [state, dispatch] = useReducer(reducer, DEFAULTS);
  useUrlState(state, dispatch);
  const t = useTrace(state);
  const { n, metric, playing } = state;

  useEffect(() => {
    if (!playing) return undefined;
    const id = window.setInterval(() => dispatch({ type: 'tick' }), BEAT_MS);
    return () => window.clearInterval(id);
  }, [playing]);

  const values = useMemo(
    () => Object.fromEntries(RULES.map((r) => [r, metricAt(t, metric, r, n)])) as Record<Rule, number>,
    [t, metric, n],
  );
  const states = RULES.map((r) => stateAt(t, r, n));
  let max = 0;
  for (const S of states) for (const x of S) max = Math.max(max, Math.abs(x));

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
          <label htmlFor="forget-n">
            Pairs written: <span className="value">{n}</span>
          </label>
          <input
            id="forget-n"
            type="range"
            min={1}
            max={MAX_PAIRS}
            step={1}
            value={n}
            aria-valuetext={`${n} pairs written`}
            onChange={(e) => dispatch({ type: 'setN', n: Number(e.target.value) })}
            onKeyDown={(e) => {
              const to = sliderKey(e.key, n);
              if (to === null) return;
              e.preventDefault();
              dispatch({ type: 'setN', n: to });
            }}
          />
        </div>
        <div className="forget-buttons" role="group" aria-label="Playback">
          <button type="button" onClick={() => dispatch({ type: 'step', by: -1 })} disabled={n <= 1} aria-label="Back one pair">
            ‹ 1
          </button>
          <button type="button" onClick={() => dispatch({ type: 'togglePlay' })} aria-pressed={playing}>
            {playing ? 'Pause' : 'Play'}
          </button>
          <button type="button" onClick={() => dispatch({ type: 'step', by: 1 })} disabled={n >= MAX_PAIRS} aria-label="Forward one pair">
            1 ›
          </button>
          <button type="button" onClick={() => dispatch({ type: 'reset' })}>
            Reset
          </button>
        </div>
        <Options stream={state.stream} seed={state.seed} metric={metric} beta={state.beta} alpha={state.alpha} slow={state.slow} fast={state.fast} dispatch={dispatch} />
      </div>

      <div className="forget-states">
        {RULES.map((r, i) => (
          <div className={`forget-state rule-${r}`} key={r}>
            <h3 className="forget-state-title">
              <span className="rule-swatch" aria-hidden="true" /> <span className="forget-state-name">{RULE_LABELS[r]}</span>
              <span className="forget-state-value">{fmt(values[r])}</span>
            </h3>
            <Heatmap
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
        <ScaleLine max={max.toFixed(2)} />
      </Steady>

      <LineChart
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
      <Steady className="forget-readout" role="status" template={readout(MAX_PAIRS, metric, WIDEST[metric], RULES)}>
        {readout(n, metric, values, RULES)}
      </Steady>
    </div>
  );
}
