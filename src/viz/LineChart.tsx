/**
 * Lines over a shared x axis (1..length), with an optional dashed reference line and a cursor.
 * One tab stop: Left/Right move along x, Up/Down switch line, and the focused point is read
 * out under the chart. Paths depend only on the data, so moving the cursor redraws little.
 */
import { memo, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { polyline } from './polyline';
import { type ChartReference, clearSide, labelY, referencePath } from './referenceLabel';
import { Axis } from './Axis';
import { hundredths } from './hundredths';
import { linear, linearTicks, niceDomain } from './linearScale';
import { cssPercent } from './cssPercent';

export interface Series {
  id: string;
  label: string;
  values: ArrayLike<number>;
  className: string;
}

export interface LineChartProps {
  series: Series[];
  /** Points per series; x runs 1..length. */
  length: number;
  yDomain: [number, number];
  xLabel: string;
  yLabel: string;
  reference?: ChartReference;
  cursor?: number;
  label: string;
  format?: (y: number) => string;
  width?: number;
  height?: number;
  /** For a caller that moves the cursor on every frame of a drag without a render. */
  ref?: Ref<LineChartHandle>;
}

/** Moves the cursor at once, without a render; the caller renders the same position soon after. */
export interface LineChartHandle {
  moveCursor(x: number): void;
}

const MARGIN = { top: 12, right: 16, bottom: 40, left: 48 };

interface Geometry {
  x: (v: number) => number;
  y: (v: number) => number;
  xTicks: number[];
  yTicks: number[];
  innerW: number;
  innerH: number;
}

const Paths = memo(function Paths({ series, length, geometry }: { series: Series[]; length: number; geometry: Geometry }) {
  const paths = useMemo(
    () =>
      series.map((s) => {
        const values = Array.from(s.values).slice(0, length);
        return { id: s.id, className: s.className, d: polyline(values.map((v, i) => [geometry.x(i + 1), geometry.y(v)] as const)) };
      }),
    [series, length, geometry],
  );
  return (
    <g>
      {paths.map((p) => (
        <path key={p.id} className={`chart-line ${p.className}`} d={p.d} />
      ))}
    </g>
  );
});

interface PlotProps {
  series: Series[];
  length: number;
  geometry: Geometry;
  width: number;
  height: number;
  xLabel: string;
  yLabel: string;
  reference?: ChartReference;
  label: string;
  format: (y: number) => string;
  focus: { i: number; s: number } | null;
  onKeyDown: (event: KeyboardEvent<SVGSVGElement>) => void;
  onFocus: () => void;
  onBlur: () => void;
}

/** The drawing: it depends on the data and the focused point, not on the cursor, so a moving cursor skips it. */
const Plot = memo(function Plot({
  series,
  length,
  geometry,
  width,
  height,
  xLabel,
  yLabel,
  reference,
  label,
  format,
  focus,
  onKeyDown,
  onFocus,
  onBlur,
}: PlotProps) {
  const { innerW, innerH } = geometry;
  const labelSide = useMemo(() => (reference ? clearSide(series, geometry, reference) : 'end'), [series, geometry, reference]);
  const labelAt = reference ? hundredths(geometry.y(labelY(reference, labelSide)) + 15) : 0;
  const point = focus ? series[focus.s] : undefined;
  const pointValue = focus && point ? (point.values[focus.i] ?? 0) : 0;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="group"
      aria-roledescription="line chart"
      aria-label={`${label}. Arrow keys read one point at a time.`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
        <Axis
          axis="y"
          ticks={geometry.yTicks}
          place={geometry.y}
          format={format}
          from={0}
          to={innerW}
          labelAt={-8}
          dy="0.32em"
          placement="translate"
          className="tick"
          lineClassName="grid"
        />
        <Axis
          axis="x"
          ticks={geometry.xTicks}
          place={geometry.x}
          format={String}
          from={innerH}
          to={innerH + 5}
          labelAt={innerH + 18}
          placement="translate"
          className="tick"
          lineClassName="axis"
        />
        <line className="axis" x1={0} x2={innerW} y1={innerH} y2={innerH} />
        <text className="axis-label" x={innerW / 2} y={innerH + 36} textAnchor="middle">
          {xLabel}
        </text>
        <text className="axis-label" transform={`translate(${-38},${innerH / 2}) rotate(-90)`} textAnchor="middle">
          {yLabel}
        </text>
        {reference ? <path className="reference-line" d={referencePath(reference, geometry)} /> : null}
        <Paths series={series} length={length} geometry={geometry} />
        {reference ? (
          // Under the line, at whichever end no line crosses the label (the right, where both are crossed).
          <text className="reference-label" x={labelSide === 'end' ? innerW - 4 : 4} y={labelAt} textAnchor={labelSide}>
            {reference.label}
          </text>
        ) : null}
        {focus && point ? (
          <circle className={`focus-point ${point.className}`} cx={hundredths(geometry.x(focus.i + 1))} cy={hundredths(geometry.y(pointValue))} r={5} />
        ) : null}
      </g>
    </svg>
  );
});

const defaultFormat = (y: number) => y.toFixed(2);

export function LineChart({
  series,
  length,
  yDomain,
  xLabel,
  yLabel,
  reference,
  cursor,
  label,
  format = defaultFormat,
  width: defaultWidth = 640,
  height: defaultHeight = 300,
  ref,
}: LineChartProps) {
  const [focus, setFocus] = useState<{ i: number; s: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // Drawn at the container's own width, so text keeps its size on a phone instead of shrinking.
  const [width, setWidth] = useState(defaultWidth);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const w = Math.round(el.clientWidth);
      if (w > 0) setWidth(w);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // Must match the CSS height of the chart's box (clamp(220px, 55cqi, 300px)).
  const height = Math.round(Math.min(defaultHeight, Math.max(220, width * 0.55)));
  const innerW = width - MARGIN.left - MARGIN.right;
  const innerH = height - MARGIN.top - MARGIN.bottom;

  const geometry = useMemo<Geometry>(() => {
    const xDomain: [number, number] = [1, Math.max(2, length)];
    const yNice = niceDomain(yDomain);
    const xTicks = linearTicks(...xDomain, innerW < 400 ? 4 : 6).filter(Number.isInteger);
    return { x: linear(xDomain, [0, innerW]), y: linear(yNice, [innerH, 0]), xTicks, yTicks: linearTicks(...yNice, 5), innerW, innerH };
  }, [length, yDomain[0], yDomain[1], innerW, innerH]);

  // The handlers read the latest props through a ref, so they keep one identity and the
  // drawing is not re-rendered when only the cursor moves.
  const latest = useRef({ focus, cursor, length, series });
  latest.current = { focus, cursor, length, series };
  const onKeyDown = useCallback((event: KeyboardEvent<SVGSVGElement>) => {
    const { focus: f, cursor: c, length: n, series: lines } = latest.current;
    const at = f ?? { i: (c ?? 1) - 1, s: 0 };
    const moves: Record<string, { i: number; s: number }> = {
      ArrowRight: { i: Math.min(n - 1, at.i + 1), s: at.s },
      ArrowLeft: { i: Math.max(0, at.i - 1), s: at.s },
      ArrowUp: { i: at.i, s: (at.s + lines.length - 1) % lines.length },
      ArrowDown: { i: at.i, s: (at.s + 1) % lines.length },
      Home: { i: 0, s: at.s },
      End: { i: n - 1, s: at.s },
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    setFocus(next);
  }, []);
  const onFocus = useCallback(() => setFocus((f) => f ?? { i: (latest.current.cursor ?? 1) - 1, s: 0 }), []);
  const onBlur = useCallback(() => setFocus(null), []);

  const point = focus ? series[focus.s] : undefined;
  const pointValue = focus && point ? (point.values[focus.i] ?? 0) : 0;

  // The cursor is a box over the whole plot that draws a thin line at a share of its width
  // (CSS .chart-cursor); a move changes only where the line is drawn, never a box's size or
  // place, so the browser repaints the box and lays out nothing.
  const cursorAt = (at: number) => `${(100 * Math.min(1, Math.max(0, geometry.x(at) / geometry.innerW))).toFixed(3)}% 0`;
  const cursorBox = useRef<HTMLDivElement>(null);
  const place = useRef(cursorAt);
  place.current = cursorAt;
  useImperativeHandle(
    ref,
    () => ({
      moveCursor(at: number) {
        const el = cursorBox.current;
        if (el) el.style.backgroundPosition = place.current(at);
      },
    }),
    [],
  );

  return (
    <div className="line-chart" ref={box}>
      <Plot
        series={series}
        length={length}
        geometry={geometry}
        width={width}
        height={height}
        xLabel={xLabel}
        yLabel={yLabel}
        reference={reference}
        label={label}
        format={format}
        focus={focus}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
      />
      {cursor ? (
        // Outside the SVG, whose drawing a move leaves alone.
        <div
          ref={cursorBox}
          className="chart-cursor"
          aria-hidden="true"
          style={{
            left: cssPercent((MARGIN.left / width) * 100),
            width: cssPercent((innerW / width) * 100),
            top: cssPercent((MARGIN.top / height) * 100),
            height: cssPercent((innerH / height) * 100),
            backgroundPosition: cursorAt(cursor),
          }}
        />
      ) : null}
      <p className="chart-readout" aria-live="polite">
        {focus && point ? `${point.label}, ${xLabel.toLowerCase()} ${focus.i + 1}: ${format(pointValue)}` : '\u00a0'}
      </p>
    </div>
  );
}
