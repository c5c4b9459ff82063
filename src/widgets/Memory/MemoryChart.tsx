/**
 * The memory figure's chart: memory per sequence against context, x on a base-2 axis, y on the
 * figure's byte ticks, one line per model, labelled markers and a cursor at the chosen context.
 * It is drawn at its box's own size in pixels (the box's shape is CSS's), so it fills the
 * column at every width with its text at 12 px, and each label goes where no line runs through it
 * (./labels.ts). The class names are the figure's ("mem-…"), as src/viz/LogLogChart.tsx draws them.
 */
import { memo, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Axis } from '../../viz/Axis';
import { hundredths } from '../../viz/hundredths';
import { powerOfTwoTicks } from '../../viz/logTicks';
import { polyline } from '../../viz/polyline';
import { placeLabels } from './labels';

export interface MemorySeries {
  readonly key: string;
  readonly className: string;
  readonly points: readonly (readonly [number, number])[];
}

export interface MemoryMarker {
  readonly key: string;
  readonly className: string;
  readonly x: number;
  readonly y: number;
  readonly label?: string;
  /** The side of the point its label is tried on first. */
  readonly prefer?: 'above' | 'below';
  readonly hollow?: boolean;
}

interface Size {
  readonly w: number;
  readonly h: number;
}

/** The size drawn before the box is measured (and without script): a phone's column, the box's shape there. */
const FIRST_SIZE: Size = { w: 400, h: 250 };
const M = { top: 12, right: 14, bottom: 34, left: 56 };

interface Scales {
  x: (v: number) => number;
  y: (v: number) => number;
  plot: { x0: number; y0: number; x1: number; y1: number };
}

function scales(size: Size, xMin: number, xMax: number, yMin: number, yMax: number): Scales {
  const [w, h] = [size.w - M.left - M.right, size.h - M.top - M.bottom];
  const [x0, xSpan] = [Math.log2(xMin), Math.max(Math.log2(xMax) - Math.log2(xMin), 1)];
  const [y0, ySpan] = [Math.log10(yMin), Math.max(Math.log10(yMax) - Math.log10(yMin), 1e-9)];
  return {
    x: (v) => M.left + ((Math.log2(v) - x0) / xSpan) * w,
    y: (v) => M.top + h - ((Math.log10(v) - y0) / ySpan) * h,
    plot: { x0: M.left, y0: M.top, x1: M.left + w, y1: M.top + h },
  };
}

interface ChartProps {
  readonly title: string;
  readonly description: string;
  readonly xMin: number;
  readonly xMax: number;
  readonly yMin: number;
  readonly yMax: number;
  readonly yTicks: readonly number[];
  readonly formatX: (x: number) => string;
  readonly formatY: (y: number) => string;
  readonly xLabel: string;
  readonly series: readonly MemorySeries[];
  readonly markers: readonly MemoryMarker[];
  readonly cursorX: number;
  readonly legend: ReactNode;
}

type Drawn = Pick<ChartProps, 'xMin' | 'xMax' | 'yMin' | 'yMax' | 'series'> & { readonly size: Size };

/** Axes, grid and curves: unchanged while only the cursor moves, so React skips them then. */
const Plot = memo(function Plot(p: Drawn & Pick<ChartProps, 'yTicks' | 'formatX' | 'formatY' | 'xLabel'>) {
  const { x, y, plot } = scales(p.size, p.xMin, p.xMax, p.yMin, p.yMax);
  const [w, h] = [plot.x1 - plot.x0, plot.y1 - plot.y0];
  return (
    <>
      <rect className="paint-still" width={p.size.w} height={p.size.h} />
      <defs>
        <clipPath id="mem-clip">
          <rect x={plot.x0} y={plot.y0} width={w} height={h} />
        </clipPath>
      </defs>
      <Axis
        axis="y"
        ticks={p.yTicks}
        place={y}
        format={p.formatY}
        from={plot.x0}
        to={plot.x1}
        labelAt={plot.x0 - 6}
        shift={4}
        lineClassName="mem-gridline"
        labelClassName="mem-tick"
      />
      <Axis
        axis="x"
        ticks={powerOfTwoTicks(p.xMin, p.xMax, w >= 560 ? 12 : 6)}
        place={x}
        format={p.formatX}
        from={plot.y0}
        to={plot.y1}
        labelAt={plot.y1 + 14}
        lineClassName="mem-gridline"
        labelClassName="mem-tick"
      />
      <text className="mem-tick" x={plot.x0 + w / 2} y={p.size.h - 3} textAnchor="middle">
        {p.xLabel}
      </text>
      <rect className="mem-frame" x={plot.x0} y={plot.y0} width={w} height={h} />
      <g clipPath="url(#mem-clip)">
        <rect className="paint-still" x={plot.x0} y={plot.y0} width={w} height={h} />
        {p.series.map((s) => (
          <path key={s.key} className={`mem-series ${s.className}`} d={polyline(s.points.map((q) => [x(q[0]), y(q[1])] as const))} />
        ))}
      </g>
    </>
  );
});

/** The markers, clamped into the plot, and their labels where no line crosses them; skipped by React when only the cursor moves. */
const Marks = memo(function Marks(p: Drawn & Pick<ChartProps, 'markers'>) {
  const { x, y, plot } = scales(p.size, p.xMin, p.xMax, p.yMin, p.yMax);
  const at = (m: MemoryMarker) => [hundredths(x(m.x)), hundredths(Math.min(plot.y1, Math.max(plot.y0, y(m.y))))] as const;
  const lines = p.series.map((s) => s.points.map((q) => [x(q[0]), y(q[1])] as const));
  const places = placeLabels(
    p.markers.flatMap((m) => (m.label ? [{ key: m.key, x: at(m)[0], y: at(m)[1], text: m.label, prefer: m.prefer ?? 'above' }] : [])),
    lines,
    plot,
    p.markers.map((m) => {
      const [mx, my] = at(m);
      return { x0: mx - 5, y0: my - 5, x1: mx + 5, y1: my + 5 };
    }),
  );
  return (
    <>
      {p.markers.map((m) => {
        const [mx, my] = at(m);
        const place = places.get(m.key);
        return (
          <g key={m.key} className={m.className}>
            <circle className={m.hollow ? 'mem-marker hollow' : 'mem-marker'} cx={mx} cy={my} r={4.5} />
            {m.label && place ? (
              <text className="mem-marker-label" x={hundredths(place.x)} y={hundredths(place.y)} textAnchor={place.anchor}>
                {m.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </>
  );
});

export function MemoryChart(props: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size>(FIRST_SIZE);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const [w, h] = [Math.round(el.clientWidth), Math.round(el.clientHeight)];
      if (w > M.left + M.right && h > M.top + M.bottom) setSize((s) => (s.w === w && s.h === h ? s : { w, h }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const { xMin, xMax, yMin, yMax, series } = props;
  const cx = hundredths(useMemo(() => scales(size, xMin, xMax, yMin, yMax), [size, xMin, xMax, yMin, yMax]).x(props.cursorX));
  const svg = { viewBox: `0 0 ${size.w} ${size.h}`, width: size.w, height: size.h };
  const drawn = { size, xMin, xMax, yMin, yMax, series };
  return (
    <div className="mem-chart">
      <div className="mem-legend">{props.legend}</div>
      <div className="mem-plot" ref={box}>
        <svg {...svg} role="img" aria-label={`${props.title}. ${props.description}`}>
          <Plot {...drawn} yTicks={props.yTicks} formatX={props.formatX} formatY={props.formatY} xLabel={props.xLabel} />
        </svg>
        {/* The cursor and markers lie over the curves in an SVG of their own: a move redraws this small layer. */}
        <svg {...svg} className="mem-overlay" aria-hidden="true">
          <rect className="paint-still" width={size.w} height={size.h} />
          <line className="mem-current" x1={cx} x2={cx} y1={M.top} y2={size.h - M.bottom} />
          <Marks {...drawn} markers={props.markers} />
        </svg>
      </div>
    </div>
  );
}
