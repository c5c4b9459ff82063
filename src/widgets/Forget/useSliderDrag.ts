/**
 * The state demo's short path for its "pairs written" slider. While the slider is dragged (or a
 * key held), each move writes the numbers, the four pictures and the chart's cursor straight
 * into the page (`show`), and the figure's state catches up once the reader pauses, or before
 * any other control acts (`act`). What a screen reader hears only from the render follows at
 * the pause.
 */
import { useCallback, useMemo, useRef, type Dispatch, type KeyboardEvent } from 'react';
import { RULES } from '../../core/memory';
import type { Trace } from '../../core/trace';
import type { HeatmapHandle } from '../../viz/Heatmap';
import type { LineChartHandle } from '../../viz/LineChart';
import { fixed } from '../../format';
import { type GroupValues, readout } from './describe';
import { type Action, MAX_PAIRS, type Metric } from './state';
import { picture } from './picture';
import { setText, usePausedDrag } from '../usePausedDrag';

const setN = (to: number): Action => ({ type: 'setN', n: to });
const onSlider = (value: number) => Math.min(MAX_PAIRS, Math.max(1, Math.round(value)));

/** The nodes a drag writes to; each holds a single string the render also writes. */
interface DragNodes {
  back: HTMLButtonElement | null;
  forward: HTMLButtonElement | null;
  scaleLow: HTMLElement | null;
  scaleHigh: HTMLElement | null;
  readout: HTMLElement | null;
  heatmaps: (HeatmapHandle | null)[];
  chart: LineChartHandle | null;
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
  const nodes = useRef<DragNodes>({ back: null, forward: null, scaleLow: null, scaleHigh: null, readout: null, heatmaps: [], chart: null });
  const latest = useRef({ t, metric, groupsFor });
  latest.current = { t, metric, groupsFor };

  /** Writes what n pairs look like into the nodes that change with n, as the render would. */
  const show = useCallback((to: number, input: HTMLInputElement | null) => {
    const { t: tr, metric: m, groupsFor: groupsAt } = latest.current;
    const { values, states, max } = picture(tr, m, to);
    const el = nodes.current;
    input?.setAttribute('aria-valuetext', `${to} pairs written`);
    for (let i = 0; i < RULES.length; i++) el.heatmaps[i]?.show(states[i]!, max);
    setText(el.scaleLow, `−${fixed(max)}`);
    setText(el.scaleHigh, `+${fixed(max)}`);
    setText(el.readout, readout(to, m, values, RULES, groupsAt(to)));
    el.chart?.moveCursor(to);
    // The step buttons stop at the ends as they will after the render.
    if (el.back && el.back.disabled !== to <= 1) el.back.disabled = to <= 1;
    if (el.forward && el.forward.disabled !== to >= MAX_PAIRS) el.forward.disabled = to >= MAX_PAIRS;
  }, []);
  const { drag, act, input, at } = usePausedDrag<Action>(n, dispatch, setN, show, onSlider);

  // Stable callbacks, so a render does not detach and attach them again.
  const refs = useMemo(() => {
    const el = nodes.current;
    return {
      input,
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
  }, [input]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const to = sliderKey(e.key, at());
    if (to === null) return;
    // Keys take the drag's path too, so a held key repeats as fast as a drag moves.
    e.preventDefault();
    e.currentTarget.value = String(to);
    drag(Number(e.currentTarget.value));
  };

  return { refs, act, drag, onKeyDown };
}
