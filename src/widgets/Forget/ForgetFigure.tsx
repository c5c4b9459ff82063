/**
 * "Watch a state forget": four 8x8 memories written by one stream, one rule each, a slider
 * over the number of pairs written, and the read-error chart. The whole trace is computed
 * once per stream and gates; the slider only indexes it, and a drag takes the short path of
 * ./useSliderDrag.ts. Buttons, playback and the other controls go through the state at once.
 */
import { memo, useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import type { ForgetSettings } from '../../content/defaults';
import { channelGates, RULES, type Rule } from '../../core/memory';
import { makeStream, type Stream } from '../../core/stream';
import { PAIR_GROUPS, type PairGroup } from '../../core/groups';
import { trace, type Trace } from '../../core/trace';
import { fixed } from '../../format';
import { Heatmap } from '../../viz/Heatmap';
import { Legend } from '../../viz/Legend';
import { LineChart, type Series } from '../../viz/LineChart';
import { RangeInput } from '../../viz/RangeInput';
import { Steady } from '../../viz/Steady';
import { type EquationMarkup, TypesetMath } from '../../viz/TypesetMath';
import { forgetCodec, initialState, MAX_PAIRS, type Metric, reducer } from './state';
import { describePicture, type GroupValues, METRIC_LABELS, readout, RULE_LABELS } from './describe';
import { Options } from './Options';
import { groupsAt, picture } from './picture';
import { useSliderDrag } from './useSliderDrag';
import { useUrlState } from '../urlState';
import './forget.css';
import './forget-states.css';
import './forget-chart.css';

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
}

const BEAT_MS = 450;

function useTrace(s: ForgetSettings): { t: Trace; stream: Stream } {
  const { stream: kind, seed, beta, alpha, slow, fast } = s;
  const stream = useMemo(() => makeStream({ kind, seed, length: MAX_PAIRS }), [kind, seed]);
  const t = useMemo(() => trace({ stream, gates: { beta, alpha, channelAlpha: channelGates(slow, fast) }, n: MAX_PAIRS }), [stream, beta, alpha, slow, fast]);
  return { t, stream };
}

/** Each rule's update; it never changes, so the slider's renders skip it. */
const RuleEquation = memo(function RuleEquation({ markup }: { markup: EquationMarkup }) {
  return <TypesetMath className="forget-equation" markup={markup} />;
});

const LEGEND = RULES.map((r) => ({ key: r, className: `rule-${r}`, swatch: 'rule-swatch', label: RULE_LABELS[r] }));

/** The widest each changing number can be, for the boxes that hold them (see Steady). */
const WIDEST: Record<Metric, Record<Rule, number>> = {
  error: Object.fromEntries(RULES.map((r) => [r, 8.88])) as Record<Rule, number>,
  cosine: Object.fromEntries(RULES.map((r) => [r, -0.88])) as Record<Rule, number>,
};

/** The widest group line: every group filled, every number at its widest. */
const WIDEST_GROUPS = Object.fromEntries(
  RULES.map((r) => [r, Object.fromEntries(PAIR_GROUPS.map((g) => [g, 8.88])) as Record<PairGroup, number>]),
) as GroupValues;

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

export function ForgetFigure({ equations, defaults }: ForgetFigureProps) {
  const [state, dispatch] = useReducer(reducer, defaults, initialState);
  const { t, stream } = useTrace(state);
  const { n, metric, playing } = state;
  const groupsFor = useCallback((at: number) => groupsAt(t, stream, state.stream, metric, at), [t, stream, state.stream, metric]);
  const { refs, act, drag, onKeyDown } = useSliderDrag(t, metric, n, dispatch, groupsFor);

  const { playing: _, ...settings } = state;
  useUrlState(forgetCodec, settings, defaults, (loaded) => dispatch({ type: 'load', settings: loaded }));

  useEffect(() => {
    if (!playing) return undefined;
    const id = window.setInterval(() => act({ type: 'tick' }), BEAT_MS);
    return () => window.clearInterval(id);
  }, [playing, act]);

  const { values, states, max } = useMemo(() => picture(t, metric, n), [t, metric, n]);
  const named = useHighlightedRule();
  const groups = useMemo(() => groupsFor(n), [groupsFor, n]);

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
          <RangeInput
            ref={refs.input}
            id="forget-n"
            min={1}
            max={MAX_PAIRS}
            step={1}
            defaultValue={n}
            aria-valuetext={`${n} pairs written`}
            onValue={drag}
            onKeyDown={onKeyDown}
          />
        </div>
        {/* Every number that moves with the slider, in one place, right under it. */}
        <Steady
          className="forget-readout"
          role="status"
          liveRef={refs.readout}
          template={readout(MAX_PAIRS, metric, WIDEST[metric], RULES, groups ? WIDEST_GROUPS : null)}
        >
          {readout(n, metric, values, RULES, groups)}
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
          <button type="button" onClick={() => act({ type: 'reset', defaults })}>
            Reset
          </button>
        </div>
        <Options
          stream={state.stream}
          seed={state.seed}
          metric={metric}
          beta={state.beta}
          alpha={state.alpha}
          slow={state.slow}
          fast={state.fast}
          dispatch={act}
        />
      </div>

      <div className="forget-states">
        {RULES.map((r, i) => (
          <div className={`forget-state rule-${r}`} key={r} data-highlight={`rule-${r}`}>
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
              rowLabel={(row) => `key channel ${row + 1}`}
              colLabel={(col) => `value channel ${col + 1}`}
            />
            <RuleEquation markup={equations[r]} />
          </div>
        ))}
      </div>
      {/* The rule whose memory, or whose name in the prose, is hovered or focused (src/app/highlight.ts), with its reading now. */}
      <p className="forget-named" aria-live="polite">
        {named ? `${RULE_LABELS[named]} memory: ${METRIC_LABELS[metric].toLowerCase()} ${fixed(values[named])} after ${n} pairs` : '\u00a0'}
      </p>
      <Steady className="forget-scale" aria-hidden template={<ScaleLine max="8.88" />}>
        <ScaleLine max={fixed(max)} lowRef={refs.scaleLow} highRef={refs.scaleHigh} />
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
      <Legend className="forget-legend" items={LEGEND} />
    </div>
  );
}
