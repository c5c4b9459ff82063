/**
 * How a grid of signed values is painted, for Heatmap and Strip: gold for positive, blue for
 * negative, every cell opaque from a zero colour of its own. The server draws SVG (the picture
 * without script); a live figure draws one canvas pixel per cell, scaled up by CSS.
 */
import { diverging } from './diverging';
import { hundredths } from './hundredths';
import { cssToken } from './palette';

/**
 * The shown strength of a cell: |x|/max clipped to 1, raised to 0.6 so that small values stay
 * visible; `over` marks a cell past the scale, drawn in its sign's darker (in dark themes,
 * lighter) shade, so a value the scale cannot hold shows as one.
 */
export function shade(x: number, max: number): { positive: boolean; strength: number; over: boolean } {
  const { positive, strength } = diverging(x, max);
  return { positive, strength: strength ** 0.6, over: max > 0 && Math.abs(x) > max };
}

/** The gap on each side of a cell, as a share of the cell (the CSS over the canvas draws the same). */
const GAP = 0.04;

function cellFill(x: number, max: number): { fill: string; opacity: number } {
  const { positive, strength, over } = shade(x, max);
  if (over) return { fill: positive ? 'var(--gold-over)' : 'var(--blue-over)', opacity: 1 };
  return { fill: positive ? 'var(--gold)' : 'var(--blue)', opacity: strength };
}

const SIGNS = ['var(--gold)', 'var(--blue)', 'var(--gold-over)', 'var(--blue-over)'] as const;

/**
 * One path per colour and strength, each cell a square of it; a cell of strength zero draws
 * nothing and is left out.
 */
export function StaticCells({ values, max, rows, cols, size }: { values: ArrayLike<number>; max: number; rows: number; cols: number; size: number }) {
  const cell = size / cols;
  const side = hundredths(cell * (1 - 2 * GAP));
  const cells = Array.from({ length: rows * cols }, (_, i) => ({ i, ...cellFill(values[i] ?? 0, max) }));
  return (
    <svg viewBox={`0 0 ${size} ${cell * rows}`} aria-hidden="true" className="heatmap-picture">
      <rect className="heatmap-bg" x={0} y={0} width={size} height={cell * rows} />
      <path
        className="heatmap-zero"
        d={cells
          .map(({ i }) => `M${hundredths(((i % cols) + GAP) * cell)} ${hundredths((Math.floor(i / cols) + GAP) * cell)}h${side}v${side}h-${side}z`)
          .join('')}
      />
      {/* One path per colour and strength (in twentieths): the picture before script, light on the page's first download. */}
      {SIGNS.flatMap((sign) => {
        const levels = new Map<number, string>();
        for (const { i, fill, opacity } of cells) {
          const strength = Math.round(opacity * 20) / 20;
          if (fill !== sign || strength === 0) continue;
          const x = hundredths(((i % cols) + GAP) * cell);
          const y = hundredths((Math.floor(i / cols) + GAP) * cell);
          levels.set(strength, `${levels.get(strength) ?? ''}M${x} ${y}h${side}v${side}h-${side}z`);
        }
        return [...levels].map(([strength, d]) => <path key={`${sign}${strength}`} fill={sign} fillOpacity={strength} d={d} />);
      })}
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

export interface Palette {
  gold: Rgb;
  blue: Rgb;
  zero: Rgb;
  goldOver: Rgb;
  blueOver: Rgb;
}

/** One bitmap per canvas, reused: a drag redraws every frame and need not make garbage. */
const images = new WeakMap<HTMLCanvasElement, ImageData>();

/**
 * One pixel per cell, in the cell's colour at the cell's strength; CSS scales the bitmap up
 * without smoothing and draws the gaps between cells over it. A redraw writes 64 pixels,
 * whatever the size on screen, and a resize needs none.
 */
export function draw(canvas: HTMLCanvasElement, values: ArrayLike<number>, max: number, rows: number, cols: number, palette: Palette) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  let image = images.get(canvas);
  if (!image || image.width !== cols || image.height !== rows) {
    image = ctx.createImageData(cols, rows);
    images.set(canvas, image);
  }
  const px = image.data;
  const [zr, zg, zb] = palette.zero;
  for (let i = 0, o = 0; i < rows * cols; i++, o += 4) {
    const { positive, strength, over } = shade(values[i] ?? 0, max);
    const [r, g, b] = over ? (positive ? palette.goldOver : palette.blueOver) : positive ? palette.gold : palette.blue;
    const s = over ? 1 : strength;
    px[o] = Math.round(zr + (r - zr) * s);
    px[o + 1] = Math.round(zg + (g - zg) * s);
    px[o + 2] = Math.round(zb + (b - zb) * s);
    px[o + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
}

/** The theme's two colours as the canvas resolves them, or null where it cannot draw. */
export function readPalette(canvas: HTMLCanvasElement): Palette | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  return {
    gold: toRgb(ctx, cssToken(canvas, '--gold', '#c58f12'), [197, 143, 18]),
    blue: toRgb(ctx, cssToken(canvas, '--blue', '#2f6db3'), [47, 109, 179]),
    zero: toRgb(ctx, cssToken(canvas, '--cell-zero', '#e6e1d6'), [230, 225, 214]),
    goldOver: toRgb(ctx, cssToken(canvas, '--gold-over', '#7a3f00'), [122, 63, 0]),
    blueOver: toRgb(ctx, cssToken(canvas, '--blue-over', '#0f2d5c'), [15, 45, 92]),
  };
}
