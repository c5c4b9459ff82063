/**
 * The state demo's short path for its "pairs written" slider. While the slider is dragged (or a
 * key held), each move writes the numbers, the four pictures and the chart's cursor straight
 * into the page (`show`), and the figure's state catches up once the reader pauses, or before
 * any other control acts (`act`). What a screen reader hears only from the render follows at
 * the pause.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type Dispatch, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { RULES } from '../../core/memory';
import type { Trace } from '../../core/trace';
import type { HeatmapHandle } from '../../viz/Heatmap';
import type { LineChartHandle } from '../../viz/LineChart';
import { fixed } from '../../format';
import { type GroupValues, readout } from './describe';
import { type Action, MAX_PAIRS, type Metric } from './state';
import { picture } from './picture';

/** How long a drag rests before the figure's state takes the slider's value. */
const PAUSE_MS = 150;

// useLayoutEffect warns when rendered on the server, where it would not run anyway.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

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

export function useSliderDrag(t: Trace, metric: Metric, n: number, dispatch: Dispatch<Action>, groupsFor: (n: number) => GroupValues | null) {
  const nodes = useRef<DragNodes>({ input: null, back: null, forward: null, scaleLow: null, scaleHigh: null, readout: null, heatmaps: [], chart: null });
  const pending = useRef<number | null>(null);
  /** The n the nodes were last written for by a drag, until a render has drawn the state over it. */
  const shown = useRef<number | null>(null);
  const pause = useRef<number | undefined>(undefined);
  const lastMove = useRef(0);
  const latest = useRef({ t, metric, n, groupsFor });
  latest.current = { t, metric, n, groupsFor };

  // Stable callbacks, so a render does not detach and attach them again.
  const refs = useMemo(() => {
    const el = nodes.current;
    return {
      input: (x: HTMLInputElement | null) => {
        el.input = x;
      },
      heatmaps: RULES.map((_, i) => (x: HeatmapHandle | null) => {
        el.heatmaps[i] = x;
      }),
      scaleLow: (x: HTMLElement | null) => {
        el.scaleLow = x;
      },
      scaleHigh: (x: HTMLElement | null) => {
        el.scaleHigh = x;
      },
      readout: (x: HTMLElement | null) => {
        el.readout = x;
      },
      back: (x: HTMLButtonElement | null) => {
        el.back = x;
      },
      forward: (x: HTMLButtonElement | null) => {
        el.forward = x;
      },
      chart: (x: LineChartHandle | null) => {
        el.chart = x;
      },
    };
  }, []);

  /**
   * Hands a drag's last value to the state now, so whatever acts next starts from it. From the
   * pause's timer it is drawn at once too, so a key pressed straight after moves from it.
   */
  const settle = useCallback(() => {
    window.clearTimeout(pause.current);
    pause.current = undefined;
    const to = pending.current;
    if (to === null) return;
    pending.current = null;
    dispatch({ type: 'setN', n: to });
  }, [dispatch]);
  const act = useCallback(
    (action: Action) => {
      settle();
      dispatch(action);
    },
    [settle, dispatch],
  );
  useEffect(() => () => window.clearTimeout(pause.current), []);

  /** Writes what n pairs look like into the nodes that change with n, as the render would. */
  const show = useCallback((to: number) => {
    const { t: tr, metric: m, groupsFor: groupsAt } = latest.current;
    const { values, states, max } = picture(tr, m, to);
    const el = nodes.current;
    el.input?.setAttribute('aria-valuetext', `${to} pairs written`);
    for (let i = 0; i < RULES.length; i++) el.heatmaps[i]?.show(states[i]!, max);
    setText(el.scaleLow, `−${fixed(max)}`);
    setText(el.scaleHigh, `+${fixed(max)}`);
    setText(el.readout, readout(to, m, values, RULES, groupsAt(to)));
    el.chart?.moveCursor(to);
    // The step buttons stop at the ends as they will after the render.
    if (el.back && el.back.disabled !== to <= 1) el.back.disabled = to <= 1;
    if (el.forward && el.forward.disabled !== to >= MAX_PAIRS) el.forward.disabled = to >= MAX_PAIRS;
  }, []);

  const drag = (value: number) => {
    if (!Number.isFinite(value)) return;
    const to = Math.min(MAX_PAIRS, Math.max(1, Math.round(value)));
    pending.current = to;
    shown.current = to;
    show(to);
    // One timer per drag, not one per move: it looks again when it fires.
    lastMove.current = performance.now();
    if (pause.current !== undefined) return;
    const wait = (ms: number) => {
      pause.current = window.setTimeout(() => {
        const rest = lastMove.current + PAUSE_MS - performance.now();
        if (rest > 1) wait(rest);
        else flushSync(settle);
      }, ms);
    };
    wait(PAUSE_MS);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const to = sliderKey(e.key, pending.current ?? latest.current.n);
    if (to === null) return;
    // Keys take the drag's path too, so a held key repeats as fast as a drag moves.
    e.preventDefault();
    e.currentTarget.value = String(to);
    drag(Number(e.currentTarget.value));
  };

  // After each render: once no drag is under way, the slider and the nodes a drag wrote show the
  // state. A render alone does not always redraw them: a drag to 17 and a step back to the 16
  // drawn before leaves React's last output, and so the page, unchanged.
  useBrowserLayoutEffect(() => {
    if (pending.current !== null) return;
    const { n: at } = latest.current;
    const input = nodes.current.input;
    if (input && input.value !== String(at)) input.value = String(at);
    if (shown.current !== null && shown.current !== at) show(at);
    shown.current = null;
  });

  return { refs, act, drag, onKeyDown };
}
