/**
 * What each model keeps per sequence as its context grows: one line per model against context
 * (both axes logarithmic), and at the chosen context each model's bar split into what grows and
 * what is fixed. The reader picks the storage types, the models, the order, and may paste a
 * config.json of their own, read in the browser (src/core/modelConfig.ts) and drawn beside the rest.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import './memory.css';
import './memory-table.css';
import { categoryOf, type Fp8Layout, type LayerGroup, type Storage, sequenceMemory, stackSummary } from '../../core/hybridMemory';
import type { ConfigResult } from '../../core/modelConfig';
import { Bars, bringIntoView, ConfigReader, type Reading, readoutOf } from './parts';
import { bytes, integer } from '../../format';
import { Fold } from '../../viz/Fold';
import { MemoryChart, type MemoryMarker, type MemorySeries } from './MemoryChart';
import { RangeControl } from '../../viz/RangeControl';
import { LineSwatch } from '../../viz/LineSwatch';
import { LabelledSelect } from '../../viz/Select';
import { useUrlState } from '../urlState';
import { CACHE_TYPES, type MemoryModelProps, type MemoryState, memoryCodec, SORT_KEYS, type SortKey, STATE_TYPES } from './state';

export interface MemoryFigureProps {
  models: MemoryModelProps[];
  fp8: Fp8Layout;
  convBytes: number;
  defaults: MemoryState;
  /** The contexts the slider steps through, shortest first. */
  contexts: number[];
}

const YOURS = 'yours';
const SORT_WORDS: Record<SortKey, string> = { total: 'total', growing: 'what grows', fixed: 'what is fixed', name: 'the table’s order' };
const CATEGORY_WORDS = { state: 'a recurrent state and a cache', window: 'rings of recent entries and a cache', cache: 'a cache only' } as const;
const MiB = 2 ** 20;
const Y_TICKS = [10 * MiB, 100 * MiB, 2 ** 30, 10 * 2 ** 30, 100 * 2 ** 30, 2 ** 40];
const shortTokens = (x: number) => (x >= 2 ** 20 ? `${x / 2 ** 20}M` : `${x / 1024}K`);

/**
 * The points of a model's line: four a doubling, from the first context to its own limit, less
 * those in the middle of a straight stretch on the log-log axes (a cache alone is one straight
 * line), which draw the same and would only lengthen the page's markup.
 */
function linePoints(stack: readonly LayerGroup[], storage: Storage, from: number, to: number): [number, number][] {
  const points: [number, number][] = [];
  for (let e = Math.log2(from); e <= Math.log2(to) + 1e-9; e += 0.25) {
    const t = 2 ** e;
    points.push([t, sequenceMemory(stack, storage, t).total]);
  }
  // A point goes when the chord from the last one kept to the one after it passes within a
  // thousandth of a decade of it and of every point it skips: under a fifth of a pixel here.
  const off = (a: [number, number], b: [number, number], p: [number, number]) => {
    const f = Math.log(p[0] / a[0]) / Math.log(b[0] / a[0]);
    return Math.abs(Math.log10(p[1]) - (Math.log10(a[1]) + f * Math.log10(b[1] / a[1])));
  };
  const kept = [points[0]!];
  let anchor = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const next = points[i + 1]!;
    if (points.slice(anchor + 1, i + 1).some((p) => off(points[anchor]!, next, p) > 1e-3)) {
      kept.push(points[i]!);
      anchor = i;
    }
  }
  if (points.length > 1) kept.push(points[points.length - 1]!);
  return kept;
}

export function MemoryFigure({ models, fp8, convBytes, defaults, contexts }: MemoryFigureProps) {
  const [state, setState] = useState(defaults);
  const [yours, setYours] = useState<MemoryModelProps | null>(null);
  // Once the figure runs, the bars' names are its legend: pointing at or focusing one lights its line.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const [peek, setPeek] = useState<string | null>(null);
  const ids = useMemo(() => models.map((m) => m.id), [models]);
  const codec = useMemo(() => memoryCodec(ids), [ids]);
  useUrlState(codec, state, defaults, setState);
  const set = useCallback((s: Partial<MemoryState>) => setState((x) => ({ ...x, ...s })), []);
  const storage: Storage = useMemo(() => ({ cache: state.cache, state: state.state, convBytes, fp8 }), [state.cache, state.state, convBytes, fp8]);
  const all = useMemo(() => (yours ? [...models, yours] : models), [models, yours]);
  const shown = useMemo(() => all.filter((m) => !state.hidden.includes(m.id)), [all, state.hidden]);
  const first = contexts[0]!;
  const last = contexts[contexts.length - 1]!;

  const summaries = useMemo(() => new Map(all.map((m) => [m.id, m.stack ? stackSummary(m.stack, storage) : null])), [all, storage]);
  const [yMin, yMax] = useMemo(() => {
    const totals = all.flatMap((m) =>
      m.stack ? [sequenceMemory(m.stack, storage, first).total, sequenceMemory(m.stack, storage, Math.min(last, m.contextTokens ?? last)).total] : [],
    );
    return [Math.min(...totals) / 1.5, Math.max(...totals) * 1.2];
  }, [all, storage, first, last]);

  const lit = peek ?? state.focus;
  const series: MemorySeries[] = useMemo(
    () =>
      shown.flatMap((m) => {
        const to = Math.min(last, m.contextTokens ?? last);
        if (!m.stack || to <= first) return [];
        return [
          {
            key: m.id,
            className: `is-${m.category}${m.id === lit ? ' is-focus' : ''}${m.id === YOURS ? ' is-yours' : ''}`,
            points: linePoints(m.stack, storage, first, to),
          },
        ];
      }),
    [shown, storage, first, last, lit],
  );
  const markers: MemoryMarker[] = useMemo(
    () =>
      shown.flatMap((m): MemoryMarker[] => {
        const c = summaries.get(m.id)?.crossover ?? null;
        if (!m.stack) return [];
        // A model whose whole context is shorter than the axis is a point at its limit.
        if ((m.contextTokens ?? last) <= first) {
          const t = m.contextTokens ?? first;
          return [
            {
              key: `${m.id}-end`,
              className: `is-${m.category} is-end`,
              x: first,
              y: sequenceMemory(m.stack, storage, t).total,
              label: m.id === lit ? `${m.name} at ${integer(t)}` : undefined,
              hollow: true,
            },
          ];
        }
        const focus = m.id === lit;
        const to = Math.min(last, m.contextTokens ?? last);
        // The lit line's name stands at its end, where the line stops.
        const end: MemoryMarker[] = focus
          ? [
              {
                key: `${m.id}-name`,
                className: `is-${m.category} is-focus is-end`,
                x: to,
                y: sequenceMemory(m.stack, storage, to).total,
                label: m.name,
                prefer: 'below',
                hollow: true,
              },
            ]
          : [];
        if (c === null || c < first || c > (m.contextTokens ?? last)) return end;
        return [
          ...end,
          {
            key: `${m.id}-cross`,
            className: `is-${m.category}${focus ? ' is-focus' : ''}`,
            x: c,
            y: sequenceMemory(m.stack, storage, c).total,
            label: focus ? `crosses at ${integer(c)}` : undefined,
            hollow: !focus,
          },
        ];
      }),
    [shown, summaries, storage, first, last, lit],
  );

  const readings: Reading[] = shown.map((m) => {
    const within = m.stack !== null && (m.contextTokens === null || state.context <= m.contextTokens);
    const mem = within ? sequenceMemory(m.stack!, storage, state.context) : null;
    return { m, at: mem && { growing: mem.growing, fixed: mem.fixed, total: mem.total }, crossover: summaries.get(m.id)?.crossover ?? null };
  });
  const key = (r: Reading) => (state.sort === 'growing' ? r.at?.growing : state.sort === 'fixed' ? r.at?.fixed : r.at?.total) ?? -1;
  const sorted = state.sort === 'name' ? readings : [...readings].sort((a, b) => key(b) - key(a));
  const max = Math.max(1, ...readings.map((r) => r.at?.total ?? 0));
  const focus = all.find((m) => m.id === lit);
  const drawnIds = all.filter((m) => m.stack).map((m) => m.id);
  const step = contexts.indexOf(state.context);

  // A pasted config is drawn in the chart, far above the box it was pasted in: once drawn, its
  // readout and line are brought into view (the answer beside the box says so too).
  const readoutRef = useRef<HTMLParagraphElement>(null);
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    if (drawn > 0) bringIntoView(readoutRef.current);
  }, [drawn]);
  const onModel = useCallback(
    (r: ConfigResult & { ok: true }) => {
      setYours({
        id: YOURS,
        name: r.name ? `Yours (${r.name})` : 'Your model',
        contextTokens: r.contextTokens,
        stack: r.stack,
        category: categoryOf(r.stack),
        kinds: '',
        missing: null,
      });
      set({ focus: YOURS });
      setDrawn((n) => n + 1);
    },
    [set],
  );
  const onStep = useCallback((i: number) => set({ context: contexts[i] ?? defaults.context }), [set, contexts, defaults.context]);

  return (
    <div className="mem figure-inputs">
      <div className="mem-controls">
        <RangeControl
          className="mem-control"
          id="mem-context"
          label="Context length"
          min={0}
          max={contexts.length - 1}
          step={1}
          value={Math.max(0, step)}
          valueText={`${integer(state.context)} tokens`}
          display={`${integer(state.context)} tokens`}
          widest={`${integer(last)} tokens`}
          onValue={onStep}
        />
        <LabelledSelect label="Caches in" value={state.cache} options={CACHE_TYPES} onChange={(cache) => set({ cache })} />
        <LabelledSelect label="States in" value={state.state} options={STATE_TYPES} onChange={(st) => set({ state: st })} />
        <LabelledSelect label="Bars by" value={state.sort} options={SORT_KEYS} words={(k) => SORT_WORDS[k]} onChange={(sort) => set({ sort })} />
        <LabelledSelect
          label="Highlight"
          value={state.focus}
          options={drawnIds}
          words={(id) => all.find((m) => m.id === id)?.name ?? id}
          onChange={(focus) => set({ focus })}
        />
      </div>
      <p className="mem-readout" role="status" ref={readoutRef}>
        {readoutOf(
          readings.find((r) => r.m.id === lit),
          state.context,
        )}
      </p>
      <MemoryChart
        title="Memory per sequence against context"
        description={`One line per model from ${integer(first)} to ${integer(last)} tokens or its own limit; the bars below give the same bytes at the chosen context.`}
        xMin={first}
        xMax={last}
        yMin={yMin}
        yMax={yMax}
        yTicks={Y_TICKS}
        formatX={shortTokens}
        formatY={bytes}
        xLabel="context (tokens)"
        series={series}
        markers={markers}
        cursorX={state.context}
        legend={
          <>
            {(['state', 'window', 'cache'] as const).map((c) => (
              <span key={c} className="mem-key">
                <LineSwatch className={`mem-series is-${c}`} />
                {CATEGORY_WORDS[c]}
              </span>
            ))}
            <span className="mem-key is-focus">
              <LineSwatch className="mem-series is-focus" />
              {focus?.name ?? ''}
            </span>
          </>
        }
      />
      <Bars readings={sorted} max={max} context={state.context} legend={live ? { lit, onPeek: setPeek, onPick: (id) => set({ focus: id }) } : null} />
      <p className="mem-bars-key" aria-hidden="true">
        <span className="mem-bar-grows" /> grows with the context <span className="mem-bar-fixed" /> fixed once the rings are full
      </p>
      <Fold className="mem-pick" summary={`Models drawn: ${shown.filter((m) => m.stack).length} of the ${drawnIds.length} that can be`}>
        <fieldset>
          <legend>Draw</legend>
          {all.map((m) => (
            <label key={m.id}>
              <input
                type="checkbox"
                disabled={!m.stack}
                checked={m.stack !== null && !state.hidden.includes(m.id)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setState((x) => ({ ...x, hidden: on ? x.hidden.filter((h) => h !== m.id) : [...x.hidden, m.id] }));
                }}
              />{' '}
              {m.name}
              {m.stack ? null : ` (${m.missing ?? 'not drawn'})`}
            </label>
          ))}
        </fieldset>
      </Fold>
      <Fold className="mem-yours" summary="Your own model: paste its config.json">
        <ConfigReader onModel={onModel} />
      </Fold>
    </div>
  );
}
