/**
 * "Watch a state forget": four 8x8 memories written by one stream, one rule each; under them the
 * slider over the pairs written, the write just made (its key, what the delta rules read, the row
 * each wrote), each group of pairs' number and the chart. The whole trace is computed once per
 * stream and gates; the slider only indexes it, and a drag takes the short path of
 * ./useSliderDrag.ts. The line above the figure and its caption follow every control.
 */
import { memo, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { ForgetSettings } from '../../content/defaults';
import { D, RULES, type Rule } from '../../core/memory';
import { makeStream, type Stream } from '../../core/stream';
import { trace, type Trace } from '../../core/trace';
import { fixed } from '../../format';
import { Heatmap } from '../../viz/Heatmap';
import { Strip } from '../../viz/Strip';
import { Legend } from '../../viz/Legend';
import { LineChart, type Series } from '../../viz/LineChart';
import { RangeInput } from '../../viz/RangeInput';
import { Steady } from '../../viz/Steady';
import { type EquationMarkup, TypesetMath } from '../../viz/TypesetMath';
import { forgetCodec, type GatesByStream, initialState, lastPair, type Metric, reducer } from './state';
import { caption, describePicture, lookForLine, METRIC_LABELS, readout, RULE_LABELS, rowGroups, scaleNote, writeLine } from './describe';
import { GroupTable, RowLabels, ScaleLine, writeTemplate, ZERO_ROW } from './Parts';
import { DrawToggle, Options } from './Options';
import { emptyMemorySeries, errorsCosineScores, type Frame, frameAt, gatesOf, keyBand, SCALE_MAX, series as seriesOf } from './frame';
import { useSliderDrag } from './useSliderDrag';
import { useUrlState } from '../urlState';
import './forget.css';
import './forget-states.css';
import './forget-chart.css';
import './forget-table.css';

/** The rule the page has lit (src/app/highlight.ts marks the root while a memory or a rule's name is hovered or focused). */
function useHighlightedRule(): Rule | null {
  const [rule, setRule] = useState<Rule | null>(null);
  useEffect(() => {
    const root = document.documentElement;
    const update = () => {
      const lit = root.dataset.highlight?.replace(/^rule-/, '');
      setRule(RULES.find((r) => r === lit) ?? null);
    };
    const observer = new MutationObserver(update);
    observer.observe(root, { attributes: true, attributeFilter: ['data-highlight'] });
    update();
    return () => observer.disconnect();
  }, []);
  return rule;
}

export interface ForgetFigureProps {
  /** Each rule's update, typeset at build time. */
  equations: Record<Rule, EquationMarkup>;
  /** Where the figure opens, and what a reset returns to (src/content/defaults.ts). */
  defaults: ForgetSettings;
  /** The gates each stream opens with (STREAM_GATES in src/content/defaults.ts). */
  streamGates: GatesByStream;
}

/** Play takes about this long over the whole stream, whatever its length. */
export const PLAY_MS = 6000;
/** How long Play holds a pair where the gates fire, on the stream that fires them at a change of context. */
export const HOLD_MS = 1000;

function useTrace(s: ForgetSettings): { t: Trace; stream: Stream } {
  const { stream: kind, seed, beta, alpha, slow, fast } = s;
  const length = lastPair(kind);
  const stream = useMemo(() => makeStream({ kind, seed, length }), [kind, seed, length]);
  const t = useMemo(() => trace({ stream, gates: gatesOf({ beta, alpha, slow, fast }), n: length }), [stream, beta, alpha, slow, fast, length]);
  return { t, stream };
}

/** Each rule's update; it never changes, so the slider's renders skip it. */
const RuleEquation = memo(function RuleEquation({ markup }: { markup: EquationMarkup }) {
  return <TypesetMath className="forget-equation" markup={markup} />;
});

const LEGEND = RULES.map((r) => ({ key: r, className: `rule-${r}`, swatch: 'rule-swatch', label: RULE_LABELS[r] }));

/** The widest readout: every number at its widest. */
const WIDEST = Object.fromEntries(RULES.map((r) => [r, -8.88])) as Record<Rule, number>;

/** The longest scale note: every picture past the scale in every cell. */
const WIDEST_NOTE = scaleNote(
  RULES.map(() => ({ count: D * D, largest: 88.88 })),
  'change',
);

const REFERENCE: Record<Metric, { y: number; label: string }> = {
  error: { y: 1, label: 'as wrong as answering zero' },
  cosine: { y: 0, label: 'no better than a random guess' },
};

/** On the phases stream an empty memory answers an ended context's keys right, so it scores below 1.00: its own line is the reference. */
const EMPTY_LABEL = 'an empty memory';

export function ForgetFigure({ equations, defaults, streamGates }: ForgetFigureProps) {
  const [state, dispatch] = useReducer(reducer, defaults, initialState);
  const { t, stream } = useTrace(state);
  const { n, metric, playing, draw } = state;
  const kind = state.stream;
  const last = lastPair(kind);
  const gates = useMemo(() => gatesOf(state), [state]);
  const { beta, alpha, slow, fast } = state;
  const gateValues = useMemo(() => ({ beta, alpha, slow, fast }), [beta, alpha, slow, fast]);
  const frameFor = useCallback((at: number) => frameAt(t, stream, kind, metric, gates, at), [t, stream, kind, metric, gates]);
  const root = useRef<HTMLDivElement>(null);
  /** The line above the figure and its caption: outside this island, so written here. */
  const textFor = useCallback(
    (f: Frame) => ({ lookFor: lookForLine(f, stream, kind, metric, gateValues, errorsCosineScores(t, stream, f.n)), write: writeLine(f, stream, kind) }),
    [t, stream, kind, metric, gateValues],
  );
  const { refs, act, drag, step, onKeyDown } = useSliderDrag({ n, frameFor, textFor, metric, draw, last, dispatch, root });

  const { playing: _, ...settings } = state;
  const codec = useMemo(() => forgetCodec(streamGates), [streamGates]);
  useUrlState(codec, settings, defaults, (loaded) => dispatch({ type: 'load', settings: loaded }));

  // On a stream whose gates fire at chosen pairs, Play holds each such pair for HOLD_MS, so the moment is seen:
  // the beat goes on, and skips its ticks until then.
  const holdUntil = useRef(0);
  const held = playing && kind === 'phases' && stream.gateAt?.[n - 1] === true;
  useEffect(() => {
    if (held) holdUntil.current = Date.now() + HOLD_MS;
  }, [held]);
  useEffect(() => {
    if (!playing) return undefined;
    const id = window.setInterval(
      () => {
        if (Date.now() >= holdUntil.current) act({ type: 'tick' });
      },
      Math.round(PLAY_MS / last),
    );
    return () => window.clearInterval(id);
  }, [playing, act, last]);

  const frame = useMemo(() => frameFor(n), [frameFor, n]);
  const text = useMemo(() => textFor(frame), [textFor, frame]);
  const named = useHighlightedRule();
  const groups = useMemo(() => rowGroups(kind), [kind]);
  const band = keyBand(frame.key);

  // The look-for line and the caption sit in the frame around the island.
  useEffect(() => {
    const figure = root.current?.closest('figure');
    const line = figure?.querySelector(':scope > .look-for');
    const under = figure?.querySelector(':scope > figcaption');
    if (line && line.textContent !== text.lookFor) line.textContent = text.lookFor;
    const captionText = caption(kind, metric, draw);
    if (under && under.textContent !== captionText) under.textContent = captionText;
  }, [text.lookFor, kind, metric, draw]);

  const series = useMemo<Series[]>(() => {
    const lines = seriesOf(t, stream, metric);
    return RULES.map((r) => ({ id: r, label: RULE_LABELS[r], values: lines[r], className: `rule-${r}` }));
  }, [t, stream, metric]);
  const reference = useMemo(() => {
    const empty = emptyMemorySeries(t, stream, metric);
    return empty?.some((v) => Math.abs(v - 1) > 1e-12) ? { y: 1, label: EMPTY_LABEL, values: empty } : REFERENCE[metric];
  }, [t, stream, metric]);
  const yDomain = useMemo<[number, number]>(() => {
    // Room under cosine's zero line for its label, clear of the axis's numbers.
    if (metric === 'cosine') return [Math.min(-0.2, ...series.map((s) => Math.min(...Array.from(s.values)))), 1];
    return [0, Math.max(1.2, ...series.map((s) => Math.max(...Array.from(s.values))))];
  }, [series, metric]);

  const pictures = draw === 'change' ? frame.change : frame.states;
  const note = scaleNote(frame.past[draw], draw);
  const description = describePicture(frame, kind, state.seed, metric, note);

  return (
    <div className="forget" ref={root} data-stream={kind}>
      <p className="sr-box">{description}</p>
      <Options
        stream={kind}
        seed={state.seed}
        metric={metric}
        beta={state.beta}
        alpha={state.alpha}
        slow={state.slow}
        fast={state.fast}
        streamGates={streamGates}
        dispatch={act}
      />

      <div className="forget-states">
        {RULES.map((r, i) => (
          <div className={`forget-state rule-${r}`} key={r} data-highlight={`rule-${r}`}>
            <h3 className="forget-state-title">
              <span className="rule-swatch" aria-hidden="true" /> <span className="forget-state-name">{RULE_LABELS[r]}</span>
            </h3>
            <div className="forget-memory">
              <RowLabels groups={groups} />
              <Strip ref={refs.keys[i]} className="forget-key" values={frame.key} rows={D} cols={1} max={SCALE_MAX} />
              <span className="forget-key-name tok-k" aria-hidden="true">
                k
              </span>
              <Heatmap
                ref={refs.heatmaps[i]}
                values={pictures[i]!}
                rows={D}
                cols={D}
                max={SCALE_MAX}
                marked={band}
                label={`${RULE_LABELS[r]} ${draw === 'change' ? 'change at the last write' : 'memory'} after ${n} pairs, 8 by 8, rows are key channels`}
                rowLabel={(row) => `key channel ${row + 1}`}
                colLabel={(col) => `value channel ${col + 1}`}
              />
            </div>
            <div className="forget-parts" aria-hidden="true">
              <span className="forget-part-name">{frame.read[i] ? 'read kS' : 'no read'}</span>
              <Strip ref={refs.reads[i]} className="forget-read" values={frame.read[i] ?? ZERO_ROW} rows={1} cols={D} max={SCALE_MAX} />
              <span className="forget-part-name">{frame.read[i] ? 'wrote β(v − kS)' : 'wrote v'}</span>
              <Strip ref={refs.rows[i]} className="forget-wrote" values={frame.row[i]!} rows={1} cols={D} max={SCALE_MAX} />
            </div>
            <RuleEquation markup={equations[r]} />
          </div>
        ))}
      </div>
      {/* The key to the pictures' colours, right under them. */}
      <Steady className="forget-scale" aria-hidden template={<ScaleLine note={WIDEST_NOTE} />}>
        <ScaleLine note={note} noteRef={refs.largest} />
      </Steady>
      <Steady className="forget-write" template={writeTemplate(last)}>
        <span ref={refs.write}>{text.write}</span>
      </Steady>

      <div className="forget-controls">
        <div className="forget-slider">
          <label htmlFor="forget-n">Pairs written</label>
          <RangeInput
            ref={refs.input}
            id="forget-n"
            min={1}
            max={last}
            step={1}
            defaultValue={n}
            aria-valuetext={`${n} pairs written`}
            onValue={drag}
            onKeyDown={onKeyDown}
          />
        </div>
        <div className="forget-buttons" role="group" aria-label="Playback">
          <button
            type="button"
            onClick={() => (playing ? act({ type: 'step', by: -1 }) : step(-1))}
            disabled={n <= 1}
            aria-label="Back one pair"
            ref={refs.back}
          >
            ‹ 1
          </button>
          <button type="button" onClick={() => act({ type: 'togglePlay' })} aria-pressed={playing}>
            {playing ? 'Pause' : 'Play'}
          </button>
          <button
            type="button"
            onClick={() => (playing ? act({ type: 'step', by: 1 }) : step(1))}
            disabled={n >= last}
            aria-label="Forward one pair"
            ref={refs.forward}
          >
            1 ›
          </button>
          <button type="button" onClick={() => act({ type: 'reset', defaults })}>
            Reset
          </button>
        </div>
        <DrawToggle draw={draw} dispatch={act} />
        {/* Every number that moves with the slider, in one place, right under it. */}
        <Steady className="forget-readout" role="status" liveRef={refs.readout} template={readout(last, metric, WIDEST)}>
          {readout(n, metric, frame.values)}
        </Steady>
      </div>

      <div className="forget-results">
        {frame.groups ? <GroupTable table={frame.groups} metric={metric} n={n} cellRef={refs.cell} nRef={refs.tableN} /> : null}
        <div className="forget-chart">
          <LineChart
            ref={refs.chart}
            series={series}
            length={last}
            yDomain={yDomain}
            xLabel="Pairs written"
            yLabel={metric === 'error' ? 'Read error' : 'Cosine similarity'}
            reference={reference}
            cursor={n}
            label={`${METRIC_LABELS[metric]} against pairs written, one line per rule; a cursor marks the slider's position`}
          />
          <Legend className="forget-legend" items={LEGEND} />
        </div>
      </div>
      {/* The rule whose memory, or whose name in the prose, is hovered or focused (src/app/highlight.ts), with its reading now. */}
      <p className="forget-named" aria-live="polite">
        {named ? `${RULE_LABELS[named]} memory: ${METRIC_LABELS[metric].toLowerCase()} ${fixed(frame.values[named])} after ${n} pairs` : '\u00a0'}
      </p>
    </div>
  );
}
