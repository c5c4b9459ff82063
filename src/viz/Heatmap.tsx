/**
 * A matrix as a grid of cells on a symmetric diverging scale: gold for positive, blue for
 * negative, strength by magnitude against a shared `max`. One tab stop; arrow keys (or the
 * pointer) pick a cell, whose value is read out under the grid.
 *
 * The server draws the grid as SVG, so the picture is there without script; once hydrated it
 * switches to a canvas of one pixel per cell, scaled up by CSS, which a slider can redraw many
 * times a second for the price of 64 pixels instead of restyling every cell.
 */
import { useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { signed } from '../format';
import { diverging } from './diverging';
import { hundredths } from './hundredths';
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
  /** For a caller that redraws on every frame of a drag without a render: see HeatmapHandle. */
  ref?: Ref<HeatmapHandle>;
}

/**
 * Draws other values into the picture at once, without a render. The props stay the truth:
 * the caller renders the same values soon after (the next render draws them again), so only
 * the picture runs ahead for a moment, never the labels.
 */
export interface HeatmapHandle {
  show(values: ArrayLike<number>, max: number): void;
}

/** The gap on each side of a cell, as a share of the cell (the CSS over the canvas draws the same). */
const GAP = 0.04;

function cellFill(x: number, max: number): { fill: string; opacity: number } {
  const { positive, strength } = diverging(x, max);
  return { fill: positive ? 'var(--gold)' : 'var(--blue)', opacity: strength };
}

const SIGNS = ['var(--gold)', 'var(--blue)'] as const;

/**
 * One group per colour, each cell a square path at its strength; a cell of strength zero draws
 * nothing and is left out.
 */
function StaticCells({ values, max, rows, cols, size }: { values: ArrayLike<number>; max: number; rows: number; cols: number; size: number }) {
  const cell = size / cols;
  const side = hundredths(cell * (1 - 2 * GAP));
  const cells = Array.from({ length: rows * cols }, (_, i) => ({ i, ...cellFill(values[i] ?? 0, max) }));
  return (
    <svg viewBox={`0 0 ${size} ${cell * rows}`} aria-hidden="true" className="heatmap-picture">
      <rect className="heatmap-bg" x={0} y={0} width={size} height={cell * rows} />
      {SIGNS.map((sign) => (
        <g key={sign} fill={sign}>
          {cells.flatMap(({ i, fill, opacity }) => {
            const strength = Math.round(opacity * 100) / 100;
            if (fill !== sign || strength === 0) return [];
            const x = hundredths(((i % cols) + GAP) * cell);
            const y = hundredths((Math.floor(i / cols) + GAP) * cell);
            return [<path key={i} fillOpacity={strength} d={`M${x} ${y}h${side}v${side}h-${side}z`} />];
          })}
        </g>
      ))}
    </svg>
  );
}

type Rgb = readonly [number, number, number];

/** Any CSS colour the canvas understands, as sRGB bytes (the canvas normalises it for us). */
function toRgb(ctx: CanvasRenderingContext2D, colour: string, fallback: Rgb): Rgb {
  ctx.fillStyle = '#000';
  ctx.fillStyle = colour;
  const normal = String(ctx.fillStyle);
  const hex = /^#([0-9a-f]{6})$/i.exec(normal);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(normal);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : fallback;
}

interface Palette {
  gold: Rgb;
  blue: Rgb;
}

/** One bitmap per canvas, reused: a drag redraws every frame and need not make garbage. */
const images = new WeakMap<HTMLCanvasElement, ImageData>();

/**
 * One pixel per cell, in the cell's colour at the cell's strength; CSS scales the bitmap up
 * without smoothing and draws the gaps between cells over it. A redraw writes 64 pixels,
 * whatever the size on screen, and a resize needs none.
 */
function draw(canvas: HTMLCanvasElement, values: ArrayLike<number>, max: number, rows: number, cols: number, palette: Palette) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  let image = images.get(canvas);
  if (!image || image.width !== cols || image.height !== rows) {
    image = ctx.createImageData(cols, rows);
    images.set(canvas, image);
  }
  const px = image.data;
  const [gr, gg, gb] = palette.gold;
  const [br, bg, bb] = palette.blue;
  for (let i = 0, o = 0; i < rows * cols; i++, o += 4) {
    const { positive, strength } = diverging(values[i] ?? 0, max);
    px[o] = positive ? gr : br;
    px[o + 1] = positive ? gg : bg;
    px[o + 2] = positive ? gb : bb;
    px[o + 3] = Math.round(strength * 255);
  }
  ctx.putImageData(image, 0, 0);
}

/** The theme's two colours as the canvas resolves them, or null where it cannot draw. */
function readPalette(canvas: HTMLCanvasElement): Palette | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  return {
    gold: toRgb(ctx, cssToken(canvas, '--gold', '#c58f12'), [197, 143, 18]),
    blue: toRgb(ctx, cssToken(canvas, '--blue', '#2f6db3'), [47, 109, 179]),
  };
}

export function Heatmap({ values, rows, cols, max, label, rowLabel = (r) => `row ${r}`, colLabel = (c) => `column ${c}`, size = 200, ref }: HeatmapProps) {
  const [cursor, setCursor] = useState<number | null>(null);
  const [live, setLive] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const palette = useRef<Palette | null>(null);
  const themeVersion = useThemeVersion();

  useEffect(() => setLive(true), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the canvas appears once live, and its colours change with the theme.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas) palette.current = readPalette(canvas);
  }, [live, themeVersion]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn once live and on a theme change, with the palette just read.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas && palette.current) draw(canvas, values, max, rows, cols, palette.current);
  }, [live, themeVersion, values, max, rows, cols]);

  useImperativeHandle(
    ref,
    () => ({
      show(next: ArrayLike<number>, nextMax: number) {
        const canvas = canvasRef.current;
        if (!canvas) return;
        // A drag may come between the canvas appearing and the effect that reads its colours.
        palette.current ??= readPalette(canvas);
        if (palette.current) draw(canvas, next, nextMax, rows, cols, palette.current);
      },
    }),
    [rows, cols],
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
      </div>
      <p className="heatmap-readout" aria-live="polite">
        {picked ? `${rowLabel(picked.r)}, ${colLabel(picked.c)}: ${signed(picked.x)}` : '\u00a0'}
      </p>
    </div>
  );
}
