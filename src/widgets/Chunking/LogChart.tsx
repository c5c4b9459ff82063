/**
 * A small log-log chart over chunk size: x is log₂ C from 1 to L, y is log₁₀ of the series.
 * Hand-rolled (two logarithms and a path string) to keep the figure's chunk small.
 */
import { memo, type ReactNode } from 'react';
import { formatPowerOfTwo } from './format';

export interface Series {
  readonly key: string;
  readonly className: string;
  readonly points: readonly (readonly [number, number])[];
}

export interface Marker {
  readonly key: string;
  readonly className: string;
  readonly x: number;
  readonly y: number;
  readonly label?: string;
  readonly labelBelow?: boolean;
  readonly hollow?: boolean;
}

export interface LogChartProps {
  readonly title: string;
  readonly description: string;
  readonly xMax: number;
  readonly yMin: number;
  readonly yMax: number;
  readonly formatY: (y: number) => string;
  readonly series: readonly Series[];
  readonly markers: readonly Marker[];
  readonly currentX: number;
  readonly legend: ReactNode;
}

export const WIDTH = 400;
export const HEIGHT = 250;
const M = { top: 12, right: 14, bottom: 34, left: 56 };
const PLOT_W = WIDTH - M.left - M.right;
const PLOT_H = HEIGHT - M.top - M.bottom;

export function logScales(xMax: number, yMin: number, yMax: number) {
  const xSpan = Math.max(Math.log2(xMax), 1);
  const y0 = Math.log10(yMin);
  const ySpan = Math.max(Math.log10(yMax) - y0, 1e-9);
  return {
    x: (C: number) => M.left + (Math.log2(C) / xSpan) * PLOT_W,
    y: (v: number) => M.top + PLOT_H - ((Math.log10(v) - y0) / ySpan) * PLOT_H,
  };
}

/** Powers of two for the x axis, at most about seven of them. */
function xTicks(xMax: number): number[] {
  const top = Math.round(Math.log2(xMax));
  const every = Math.max(1, Math.ceil(top / 6));
  const ticks: number[] = [];
  for (let k = 0; k <= top; k += every) ticks.push(2 ** k);
  return ticks;
}

/** Decades inside [yMin, yMax], thinned to at most five. */
function yTicks(yMin: number, yMax: number): number[] {
  const lo = Math.ceil(Math.log10(yMin) - 1e-9);
  const hi = Math.floor(Math.log10(yMax) + 1e-9);
  const every = Math.max(1, Math.ceil((hi - lo + 1) / 5));
  const ticks: number[] = [];
  for (let k = lo; k <= hi; k += every) ticks.push(10 ** k);
  return ticks;
}

function path(points: readonly (readonly [number, number])[], x: (v: number) => number, y: (v: number) => number): string {
  return points.map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${x(px).toFixed(1)},${y(py).toFixed(1)}`).join('');
}

interface PlotProps {
  readonly clipId: string;
  readonly xMax: number;
  readonly yMin: number;
  readonly yMax: number;
  readonly formatY: (y: number) => string;
  readonly series: readonly Series[];
}

/** Axes, grid and curves: unchanged while only the chosen C moves, so React skips them then. */
const Plot = memo(function Plot({ clipId, xMax, yMin, yMax, formatY, series }: PlotProps) {
  const { x, y } = logScales(xMax, yMin, yMax);
  return (
    <>
      <rect className="paint-still" width={WIDTH} height={HEIGHT} />
      <defs>
        <clipPath id={clipId}>
          <rect x={M.left} y={M.top} width={PLOT_W} height={PLOT_H} />
        </clipPath>
      </defs>
      {/* Keyed by position, so a new axis range updates these nodes instead of replacing them. */}
      {yTicks(yMin, yMax).map((v, i) => (
        <g key={i}>
          <line className="chunking-gridline" x1={M.left} x2={M.left + PLOT_W} y1={y(v)} y2={y(v)} />
          <text className="chunking-tick" x={M.left - 6} y={y(v) + 4} textAnchor="end">
            {formatY(v)}
          </text>
        </g>
      ))}
      {xTicks(xMax).map((C, i) => (
        <g key={i}>
          <line className="chunking-gridline" x1={x(C)} x2={x(C)} y1={M.top} y2={M.top + PLOT_H} />
          <text className="chunking-tick" x={x(C)} y={M.top + PLOT_H + 14} textAnchor="middle">
            {formatPowerOfTwo(C)}
          </text>
        </g>
      ))}
      <text className="chunking-tick" x={M.left + PLOT_W / 2} y={HEIGHT - 3} textAnchor="middle">
        chunk size C (log scale)
      </text>
      <rect className="chunking-frame" x={M.left} y={M.top} width={PLOT_W} height={PLOT_H} />
      <g clipPath={`url(#${clipId})`}>
        <rect className="paint-still" x={M.left} y={M.top} width={PLOT_W} height={PLOT_H} />
        {series.map((s) => (
          <path key={s.key} className={`chunking-series ${s.className}`} d={path(s.points, x, y)} />
        ))}
      </g>
    </>
  );
});

export function LogChart(props: LogChartProps) {
  const { x, y } = logScales(props.xMax, props.yMin, props.yMax);
  const clipId = `chunking-clip-${props.title.replace(/\W+/g, '-').toLowerCase()}`;
  const cx = x(props.currentX);
  return (
    <div className="chunking-chart">
      <div className="chunking-legend">{props.legend}</div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        style={{ aspectRatio: `${WIDTH} / ${HEIGHT}` }}
        role="img"
        aria-label={`${props.title}. ${props.description}`}
      >
        <Plot
          clipId={clipId}
          xMax={props.xMax}
          yMin={props.yMin}
          yMax={props.yMax}
          formatY={props.formatY}
          series={props.series}
        />
        <rect className="paint-still" width={WIDTH} height={HEIGHT} />
        <line className="chunking-current" x1={cx} x2={cx} y1={M.top} y2={M.top + PLOT_H} />
        {props.markers.map((m) => {
          const mx = x(m.x);
          const my = Math.min(M.top + PLOT_H, Math.max(M.top, y(m.y)));
          const anchor = mx > M.left + PLOT_W * 0.7 ? 'end' : mx < M.left + PLOT_W * 0.2 ? 'start' : 'middle';
          return (
            <g key={m.key} className={m.className}>
              <circle className={m.hollow ? 'chunking-marker hollow' : 'chunking-marker'} cx={mx} cy={my} r={4.5} />
              {m.label ? (
                <text className="chunking-marker-label" x={mx} y={m.labelBelow ? my + 17 : my - 9} textAnchor={anchor}>
                  {m.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
