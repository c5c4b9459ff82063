/**
 * A small log–log chart: x on a base-2 axis from 1 to xMax (ticks at powers of two), y on a
 * base-10 axis (ticks at decades), curves, labelled markers and a cursor at one x. The class
 * names carry the caller's prefix, so each figure styles its own charts.
 */
import { powerOfTwoTicks } from './logTicks';
import { memo, type ReactNode } from 'react';
import { polyline } from './polyline';
import { Axis } from './Axis';
import { hundredths } from './hundredths';

export interface LogLogSeries {
  readonly key: string;
  readonly className: string;
  readonly points: readonly (readonly [number, number])[];
}

export interface LogLogMarker {
  readonly key: string;
  readonly className: string;
  readonly x: number;
  readonly y: number;
  readonly label?: string;
  readonly labelBelow?: boolean;
  readonly hollow?: boolean;
}

interface LogLogChartProps {
  readonly title: string;
  readonly description: string;
  readonly xMax: number;
  /** Where x starts (a power of two; 1 unless given). */
  readonly xMin?: number;
  readonly yMin: number;
  readonly yMax: number;
  /** The y ticks, where decades are not the right ones; else decades. */
  readonly yTicks?: readonly number[];
  readonly formatX: (x: number) => string;
  readonly formatY: (y: number) => string;
  readonly xLabel: string;
  readonly series: readonly LogLogSeries[];
  readonly markers: readonly LogLogMarker[];
  /** Where the cursor line stands on x. */
  readonly cursorX: number;
  readonly legend: ReactNode;
  /** Prefix of every class name the chart draws with (`${prefix}-tick`, `${prefix}-series` …). */
  readonly classPrefix: string;
}

const WIDTH = 400;
const HEIGHT = 250;
const M = { top: 12, right: 14, bottom: 34, left: 56 };
const PLOT_W = WIDTH - M.left - M.right;
const PLOT_H = HEIGHT - M.top - M.bottom;

/**
 * The two log scales, written out: d3-scale's scaleLog would do the same, but it brings d3's
 * interpolators, colours and number formats with it, which takes the chunk figure over its
 * bundle budget (tests/e2e/budget.spec.ts). x keeps at least one doubling, so it always has a width.
 */
function logScales(xMax: number, yMin: number, yMax: number, xMin = 1) {
  const x0 = Math.log2(xMin);
  const xSpan = Math.max(Math.log2(xMax) - x0, 1);
  const y0 = Math.log10(yMin);
  const ySpan = Math.max(Math.log10(yMax) - y0, 1e-9);
  return {
    x: (v: number) => M.left + ((Math.log2(v) - x0) / xSpan) * PLOT_W,
    y: (v: number) => M.top + PLOT_H - ((Math.log10(v) - y0) / ySpan) * PLOT_H,
  };
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

interface PlotProps {
  readonly prefix: string;
  readonly clipId: string;
  readonly xMin: number;
  readonly yTicks: readonly number[] | undefined;
  readonly xMax: number;
  readonly yMin: number;
  readonly yMax: number;
  readonly formatX: (x: number) => string;
  readonly formatY: (y: number) => string;
  readonly xLabel: string;
  readonly series: readonly LogLogSeries[];
}

/** Axes, grid and curves: unchanged while only the cursor moves, so React skips them then. */
const Plot = memo(function Plot({ prefix, clipId, xMin, xMax, yMin, yMax, yTicks: yGiven, formatX, formatY, xLabel, series }: PlotProps) {
  const { x, y } = logScales(xMax, yMin, yMax, xMin);
  const curve = (points: readonly (readonly [number, number])[]) => polyline(points.map((p) => [x(p[0]), y(p[1])] as const));
  return (
    <>
      <rect className="paint-still" width={WIDTH} height={HEIGHT} />
      <defs>
        <clipPath id={clipId}>
          <rect x={M.left} y={M.top} width={PLOT_W} height={PLOT_H} />
        </clipPath>
      </defs>
      <Axis
        axis="y"
        ticks={yGiven ?? yTicks(yMin, yMax)}
        place={y}
        format={formatY}
        from={M.left}
        to={M.left + PLOT_W}
        labelAt={M.left - 6}
        shift={4}
        lineClassName={`${prefix}-gridline`}
        labelClassName={`${prefix}-tick`}
      />
      <Axis
        axis="x"
        ticks={powerOfTwoTicks(xMin, xMax)}
        place={x}
        format={formatX}
        from={M.top}
        to={M.top + PLOT_H}
        labelAt={M.top + PLOT_H + 14}
        lineClassName={`${prefix}-gridline`}
        labelClassName={`${prefix}-tick`}
      />
      <text className={`${prefix}-tick`} x={M.left + PLOT_W / 2} y={HEIGHT - 3} textAnchor="middle">
        {xLabel}
      </text>
      <rect className={`${prefix}-frame`} x={M.left} y={M.top} width={PLOT_W} height={PLOT_H} />
      <g clipPath={`url(#${clipId})`}>
        <rect className="paint-still" x={M.left} y={M.top} width={PLOT_W} height={PLOT_H} />
        {series.map((s) => (
          <path key={s.key} className={`${prefix}-series ${s.className}`} d={curve(s.points)} />
        ))}
      </g>
    </>
  );
});

interface MarksProps {
  readonly prefix: string;
  readonly xMin: number;
  readonly xMax: number;
  readonly yMin: number;
  readonly yMax: number;
  readonly markers: readonly LogLogMarker[];
}

/** The labelled points, clamped into the plot; skipped by React when only the cursor moves. */
const Marks = memo(function Marks({ prefix, xMin, xMax, yMin, yMax, markers }: MarksProps) {
  const { x, y } = logScales(xMax, yMin, yMax, xMin);
  return (
    <>
      {markers.map((m) => {
        const mx = hundredths(x(m.x));
        const my = hundredths(Math.min(M.top + PLOT_H, Math.max(M.top, y(m.y))));
        const anchor = mx > M.left + PLOT_W * 0.7 ? 'end' : mx < M.left + PLOT_W * 0.2 ? 'start' : 'middle';
        return (
          <g key={m.key} className={m.className}>
            <circle className={m.hollow ? `${prefix}-marker hollow` : `${prefix}-marker`} cx={mx} cy={my} r={4.5} />
            {m.label ? (
              <text className={`${prefix}-marker-label`} x={mx} y={hundredths(m.labelBelow ? my + 17 : my - 9)} textAnchor={anchor}>
                {m.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </>
  );
});

export function LogLogChart(props: LogLogChartProps) {
  const prefix = props.classPrefix;
  const clipId = `${prefix}-clip-${props.title.replace(/\W+/g, '-').toLowerCase()}`;
  const xMin = props.xMin ?? 1;
  const cx = hundredths(logScales(props.xMax, props.yMin, props.yMax, xMin).x(props.cursorX));
  const box = { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: WIDTH, height: HEIGHT, style: { aspectRatio: `${WIDTH} / ${HEIGHT}` } };
  return (
    <div className={`${prefix}-chart`}>
      <div className={`${prefix}-legend`}>{props.legend}</div>
      <div className={`${prefix}-plot`}>
        <svg {...box} role="img" aria-label={`${props.title}. ${props.description}`}>
          <Plot
            prefix={prefix}
            clipId={clipId}
            xMin={xMin}
            yTicks={props.yTicks}
            xMax={props.xMax}
            yMin={props.yMin}
            yMax={props.yMax}
            formatX={props.formatX}
            formatY={props.formatY}
            xLabel={props.xLabel}
            series={props.series}
          />
        </svg>
        {/* The cursor and markers lie over the curves in an SVG of their own: a move redraws
            this small layer and leaves the curves' drawing, layout and paint alone. */}
        <svg {...box} className={`${prefix}-overlay`} aria-hidden="true">
          <rect className="paint-still" width={WIDTH} height={HEIGHT} />
          <line className={`${prefix}-current`} x1={cx} x2={cx} y1={M.top} y2={M.top + PLOT_H} />
          <Marks prefix={prefix} xMin={xMin} xMax={props.xMax} yMin={props.yMin} yMax={props.yMax} markers={props.markers} />
        </svg>
      </div>
    </div>
  );
}
