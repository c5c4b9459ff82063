/**
 * The state demo's short path for its "pairs written" slider and its step buttons. While the slider is dragged (or a
 * key held), each move writes the numbers, the pictures, the write's parts, the lines of text and
 * the chart's cursor straight into the page (`show`), and the figure's state catches up once the
 * reader pauses, or before any other control acts (`act`). What a screen reader hears only from
 * the render follows at the pause.
 */
import { useCallback, useMemo, useRef, type Dispatch, type KeyboardEvent, type RefObject } from 'react';
import { RULES } from '../../core/memory';
import type { HeatmapHandle } from '../../viz/Heatmap';
import type { LineChartHandle } from '../../viz/LineChart';
import { cell, readout, scaleNote } from './describe';
import { type Frame, keyBand, SCALE_MAX } from './frame';
import type { Action, Draw, Metric } from './state';
import { setText, usePausedDrag } from '../usePausedDrag';
import { ZERO_ROW } from './Parts';

const setN = (to: number): Action => ({ type: 'setN', n: to });

/** The nodes a drag writes to; each holds a single string or picture the render also writes. */
interface DragNodes {
  back: HTMLButtonElement | null;
  forward: HTMLButtonElement | null;
  readout: HTMLElement | null;
  write: HTMLElement | null;
  tableN: HTMLElement | null;
  largest: HTMLElement | null;
  cells: (HTMLElement | null)[][];
  heatmaps: (HeatmapHandle | null)[];
  keys: (HeatmapHandle | null)[];
  reads: (HeatmapHandle | null)[];
  rows: (HeatmapHandle | null)[];
  chart: LineChartHandle | null;
}

/**
 * The slider's keys, handled here rather than left to the browser so that every engine agrees
 * and Page Up/Down move by one memory's width (8 pairs).
 */
function sliderKey(key: string, n: number, last: number): number | null {
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
      return last;
    default:
      return null;
  }
}

interface SliderDragInput {
  /** The state's number of pairs. */
  n: number;
  frameFor: (n: number) => Frame;
  textFor: (frame: Frame) => { lookFor: string; write: string };
  metric: Metric;
  draw: Draw;
  /** The slider's far end. */
  last: number;
  dispatch: Dispatch<Action>;
  /** The figure's root, inside the frame whose look-for line the drag rewrites. */
  root: RefObject<HTMLElement | null>;
}

export function useSliderDrag({ n, frameFor, textFor, metric, draw, last, dispatch, root }: SliderDragInput) {
  const nodes = useRef<DragNodes>({
    back: null,
    forward: null,
    readout: null,
    write: null,
    tableN: null,
    largest: null,
    cells: [],
    heatmaps: [],
    keys: [],
    reads: [],
    rows: [],
    chart: null,
  });
  const latest = useRef({ frameFor, textFor, metric, draw, last });
  latest.current = { frameFor, textFor, metric, draw, last };

  /** Writes what n pairs look like into the nodes that change with n, as the render would. */
  const show = useCallback(
    (to: number, input: HTMLInputElement | null) => {
      const { frameFor: frameAt, textFor: textAt, metric: m, draw: d, last: end } = latest.current;
      const f = frameAt(to);
      const text = textAt(f);
      const el = nodes.current;
      input?.setAttribute('aria-valuetext', `${to} pairs written`);
      // A step button's press moves the slider too.
      if (input && input.value !== String(to)) input.value = String(to);
      const band = keyBand(f.key);
      const pictures = d === 'change' ? f.change : f.states;
      for (let i = 0; i < RULES.length; i++) {
        el.heatmaps[i]?.show(pictures[i]!, SCALE_MAX, band);
        el.keys[i]?.show(f.key, SCALE_MAX);
        el.reads[i]?.show(f.read[i] ?? ZERO_ROW, SCALE_MAX);
        el.rows[i]?.show(f.row[i]!, SCALE_MAX);
      }
      setText(el.readout, readout(to, m, f.values));
      setText(el.write, text.write);
      setText(el.tableN, String(to));
      setText(el.largest, scaleNote(f.past[d], d));
      if (f.groups) {
        f.groups.groups.forEach((g, gi) => {
          RULES.forEach((r, ri) => {
            setText(el.cells[gi]?.[ri] ?? null, cell(f.groups!.values[r][g]));
          });
        });
      }
      const line = root.current?.closest('figure')?.querySelector<HTMLElement>(':scope > .look-for') ?? null;
      setText(line, text.lookFor);
      el.chart?.moveCursor(to);
      // The step buttons stop at the ends as they will after the render.
      if (el.back && el.back.disabled !== to <= 1) el.back.disabled = to <= 1;
      if (el.forward && el.forward.disabled !== to >= end) el.forward.disabled = to >= end;
    },
    [root],
  );
  const onSlider = useCallback((value: number) => Math.min(latest.current.last, Math.max(1, Math.round(value))), []);
  const { drag, act, input, at } = usePausedDrag<Action>(n, dispatch, setN, show, onSlider);

  // Stable callbacks, so a render does not detach and attach them again.
  const refs = useMemo(() => {
    const el = nodes.current;
    const handles = (list: (HeatmapHandle | null)[]) =>
      RULES.map((_, i) => (x: HeatmapHandle | null) => {
        list[i] = x;
      });
    const cells = new Map<string, (x: HTMLElement | null) => void>();
    return {
      input,
      heatmaps: handles(el.heatmaps),
      keys: handles(el.keys),
      reads: handles(el.reads),
      rows: handles(el.rows),
      cell(group: number, rule: number) {
        const id = `${group}:${rule}`;
        let f = cells.get(id);
        if (!f) {
          f = (x: HTMLElement | null) => {
            el.cells[group] ??= [];
            el.cells[group]![rule] = x;
          };
          cells.set(id, f);
        }
        return f;
      },
      readout: (x: HTMLElement | null) => {
        el.readout = x;
      },
      write: (x: HTMLElement | null) => {
        el.write = x;
      },
      tableN: (x: HTMLElement | null) => {
        el.tableN = x;
      },
      largest: (x: HTMLElement | null) => {
        el.largest = x;
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
    const to = sliderKey(e.key, at(), latest.current.last);
    if (to === null) return;
    // Keys take the drag's path too, so a held key repeats as fast as a drag moves.
    e.preventDefault();
    e.currentTarget.value = String(Math.min(latest.current.last, Math.max(1, to)));
    drag(Number(e.currentTarget.value));
  };

  /** A step button's press takes the same short path: the next pair is drawn at once, the render follows at the pause. */
  const step = useCallback((by: number) => drag(at() + by), [drag, at]);

  return { refs, act, drag, step, onKeyDown };
}
