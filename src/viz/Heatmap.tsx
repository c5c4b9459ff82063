/**
 * A matrix as a grid of cells on a symmetric diverging scale: gold for positive, blue for
 * negative, strength by magnitude against `max` (beyond it, full strength). Every cell is drawn
 * opaque from a zero colour of its own, so an empty cell reads as empty in both themes and a
 * small value still shows; strength follows |x|^0.6 for the same reason. A band of rows can be
 * marked (the rows a write touched). One tab stop; arrow keys (or the pointer) pick a cell,
 * whose value is read out under the grid.
 *
 * The server draws the grid as SVG, so the picture is there without script; once hydrated it
 * switches to a canvas of one pixel per cell, scaled up by CSS, which a slider can redraw many
 * times a second for the price of 64 pixels instead of restyling every cell.
 */
import { useImperativeHandle, useRef, useState, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { signed } from '../format';
import { StaticCells } from './cellPaint';
import { usePaintedCells } from './usePaintedCells';

export interface HeatmapProps {
  values: ArrayLike<number>;
  rows: number;
  cols: number;
  /** The magnitude drawn at full strength; shared across heatmaps so they compare. */
  max: number;
  label: string;
  rowLabel?: (r: number) => string;
  colLabel?: (c: number) => string;
  size?: number;
  /** Rows [from, to) to outline, or null. */
  marked?: readonly [number, number] | null;
  /** For a caller that redraws on every frame of a drag without a render: see HeatmapHandle. */
  ref?: Ref<HeatmapHandle>;
}

/**
 * Draws other values into the picture at once, without a render. The props stay the truth:
 * the caller renders the same values soon after (the next render draws them again), so only
 * the picture runs ahead for a moment, never the labels.
 */
export interface HeatmapHandle {
  show(values: ArrayLike<number>, max: number, marked?: readonly [number, number] | null): void;
}

/** Places the band over rows [from, to) of a grid of `rows` rows, or hides it. */
function placeBand(el: HTMLElement | null, marked: readonly [number, number] | null | undefined, rows: number) {
  if (!el) return;
  el.hidden = !marked;
  if (!marked) return;
  el.style.top = `${(100 * marked[0]) / rows}%`;
  el.style.height = `${(100 * (marked[1] - marked[0])) / rows}%`;
}

export function Heatmap({
  values,
  rows,
  cols,
  max,
  label,
  rowLabel = (r) => `row ${r}`,
  colLabel = (c) => `column ${c}`,
  size = 200,
  marked = null,
  ref,
}: HeatmapProps) {
  const [cursor, setCursor] = useState<number | null>(null);
  const { live, canvasRef, paint } = usePaintedCells(values, max, rows, cols);
  const bandRef = useRef<HTMLSpanElement>(null);

  useImperativeHandle(
    ref,
    () => ({
      show(next: ArrayLike<number>, nextMax: number, nextMarked?: readonly [number, number] | null) {
        placeBand(bandRef.current, nextMarked, rows);
        paint(next, nextMax);
      },
    }),
    [rows, paint],
  );

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = cursor ?? 0;
    const r = Math.floor(at / cols);
    const c = at % cols;
    const next: Record<string, number> = {
      ArrowRight: r * cols + Math.min(cols - 1, c + 1),
      ArrowLeft: r * cols + Math.max(0, c - 1),
      ArrowDown: Math.min(rows - 1, r + 1) * cols + c,
      ArrowUp: Math.max(0, r - 1) * cols + c,
      Home: r * cols,
      End: r * cols + cols - 1,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setCursor(target);
  };

  const pointAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const c = Math.min(cols - 1, Math.max(0, Math.floor(((event.clientX - box.left) / box.width) * cols)));
    const r = Math.min(rows - 1, Math.max(0, Math.floor(((event.clientY - box.top) / box.height) * rows)));
    setCursor(r * cols + c);
  };

  const picked = cursor === null ? null : { r: Math.floor(cursor / cols), c: cursor % cols, x: values[cursor] ?? 0 };

  return (
    <div className="heatmap">
      <div
        className={live ? 'heatmap-grid is-live' : 'heatmap-grid'}
        role="group"
        aria-roledescription="heatmap"
        aria-label={`${label}. Arrow keys read one cell at a time.`}
        tabIndex={0}
        onKeyDown={move}
        onFocus={() => setCursor((c) => c ?? 0)}
        onBlur={() => setCursor(null)}
        style={{ aspectRatio: `${cols} / ${rows}`, ['--cols' as string]: cols, ['--rows' as string]: rows }}
      >
        {live ? (
          <>
            <canvas
              ref={canvasRef}
              className="heatmap-picture heatmap-bitmap"
              width={cols}
              height={rows}
              onPointerMove={pointAt}
              onPointerLeave={() => setCursor(null)}
            />
            {picked ? (
              <span
                className="heatmap-cursor-box"
                aria-hidden="true"
                style={{ left: `${(100 * picked.c) / cols}%`, top: `${(100 * picked.r) / rows}%`, width: `${100 / cols}%`, height: `${100 / rows}%` }}
              />
            ) : null}
          </>
        ) : (
          <StaticCells values={values} max={max} rows={rows} cols={cols} size={size} />
        )}
        <span
          ref={bandRef}
          className="heatmap-band"
          aria-hidden="true"
          hidden={!marked}
          style={marked ? { top: `${(100 * marked[0]) / rows}%`, height: `${(100 * (marked[1] - marked[0])) / rows}%` } : undefined}
        />
      </div>
      <p className="heatmap-readout" aria-live="polite">
        {picked ? `${rowLabel(picked.r)}, ${colLabel(picked.c)}: ${signed(picked.x)}` : '\u00a0'}
      </p>
    </div>
  );
}
