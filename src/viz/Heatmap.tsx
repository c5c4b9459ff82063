/**
 * A matrix as a grid of cells on a symmetric diverging scale: gold for positive, blue for
 * negative, strength by magnitude against a shared `max`. One tab stop; arrow keys (or the
 * pointer) pick a cell, whose value is read out under the grid.
 *
 * The server draws the grid as SVG, so the picture is there without script; once hydrated it
 * switches to one canvas, which a slider can redraw many times a second for the price of a
 * single element instead of restyling every cell.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cssToken } from './palette';
import { useThemeVersion } from './useThemeVersion';

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
}

const format = (x: number) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(2);

export function cellFill(x: number, max: number): { fill: string; opacity: number } {
  const strength = max > 0 ? Math.min(1, Math.abs(x) / max) : 0;
  return { fill: x >= 0 ? 'var(--gold)' : 'var(--blue)', opacity: strength };
}

function StaticCells({ values, max, rows, cols, size }: { values: ArrayLike<number>; max: number; rows: number; cols: number; size: number }) {
  const cell = size / cols;
  return (
    <svg viewBox={`0 0 ${size} ${cell * rows}`} aria-hidden="true" className="heatmap-picture">
      <rect className="heatmap-bg" x={0} y={0} width={size} height={cell * rows} />
      {Array.from({ length: rows * cols }, (_, i) => {
        const { fill, opacity } = cellFill(values[i] ?? 0, max);
        return (
          <rect
            key={i}
            x={(i % cols) * cell + 0.5}
            y={Math.floor(i / cols) * cell + 0.5}
            width={cell - 1}
            height={cell - 1}
            fill={fill}
            fillOpacity={opacity}
          />
        );
      })}
    </svg>
  );
}

interface Palette {
  gold: string;
  blue: string;
  surface: string;
  text: string;
}

/** Draws at `width` CSS pixels, measured by a ResizeObserver: reading it here would force a layout. */
function draw(canvas: HTMLCanvasElement, width: number, values: ArrayLike<number>, max: number, rows: number, cols: number, cursor: number | null, palette: Palette) {
  const ctx = canvas.getContext('2d');
  if (!ctx || width === 0) return;
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const height = (width / cols) * rows;
  const w = Math.round(width * ratio);
  const h = Math.round(height * ratio);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  const cell = width / cols;
  const gap = cell / 25;
  ctx.globalAlpha = 1;
  ctx.fillStyle = palette.surface;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < rows * cols; i++) {
    const x = values[i] ?? 0;
    const strength = max > 0 ? Math.min(1, Math.abs(x) / max) : 0;
    if (strength === 0) continue;
    ctx.globalAlpha = strength;
    ctx.fillStyle = x >= 0 ? palette.gold : palette.blue;
    ctx.fillRect((i % cols) * cell + gap, Math.floor(i / cols) * cell + gap, cell - 2 * gap, cell - 2 * gap);
  }
  ctx.globalAlpha = 1;
  if (cursor !== null) {
    ctx.strokeStyle = palette.text;
    ctx.lineWidth = 2;
    ctx.strokeRect((cursor % cols) * cell + 1 + gap, Math.floor(cursor / cols) * cell + 1 + gap, cell - 2 - 2 * gap, cell - 2 - 2 * gap);
  }
}

export function Heatmap({ values, rows, cols, max, label, rowLabel = (r) => `row ${r}`, colLabel = (c) => `column ${c}`, size = 200 }: HeatmapProps) {
  const [cursor, setCursor] = useState<number | null>(null);
  const [live, setLive] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const palette = useRef<Palette | null>(null);
  const width = useRef(0);
  const themeVersion = useThemeVersion();

  useEffect(() => setLive(true), []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    width.current = canvas.clientWidth;
    palette.current = {
      gold: cssToken(canvas, '--gold', '#c58f12'),
      blue: cssToken(canvas, '--blue', '#2f6db3'),
      surface: cssToken(canvas, '--surface', '#f2efe8'),
      text: cssToken(canvas, '--text', '#1b1f27'),
    };
  }, [live, themeVersion]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas && palette.current) draw(canvas, width.current, values, max, rows, cols, cursor, palette.current);
  }, [live, themeVersion, values, max, rows, cols, cursor]);

  const latest = useRef({ values, max, cursor });
  latest.current = { values, max, cursor };
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      // As in MarkGrid: a print layout must not clear the bitmap it is about to print.
      if (window.matchMedia?.('print').matches) return;
      width.current = entries[0]?.contentRect.width ?? canvas.clientWidth;
      const { values: v, max: m, cursor: at } = latest.current;
      if (palette.current) draw(canvas, width.current, v, m, rows, cols, at, palette.current);
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [live, rows, cols]);

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
        className="heatmap-grid"
        role="group"
        aria-roledescription="heatmap"
        aria-label={`${label}. Arrow keys read one cell at a time.`}
        tabIndex={0}
        onKeyDown={move}
        onFocus={() => setCursor((c) => c ?? 0)}
        onBlur={() => setCursor(null)}
        style={{ aspectRatio: `${cols} / ${rows}` }}
      >
        {live ? (
          <canvas ref={canvasRef} className="heatmap-picture" onPointerMove={pointAt} onPointerLeave={() => setCursor(null)} />
        ) : (
          <StaticCells values={values} max={max} rows={rows} cols={cols} size={size} />
        )}
      </div>
      <p className="heatmap-readout" aria-live="polite">
        {picked ? `${rowLabel(picked.r)}, ${colLabel(picked.c)}: ${format(picked.x)}` : '\u00a0'}
      </p>
    </div>
  );
}
