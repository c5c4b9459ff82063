/**
 * One of the trainer's charts: lines through (x, y) points, with optional whiskers (a seed's
 * lowest to highest), a y axis from 0 to yMax and an x axis whose ticks the caller places (the
 * grid's loads on a doubling scale, or a run's steps).
 */
import { Axis } from '../../viz/Axis';
import { linear } from '../../viz/linearScale';
import { polyline } from '../../viz/polyline';

export interface ChartLine {
  key: string;
  className: string;
  points: readonly (readonly [number, number])[];
  /** At each point's x, the range to draw as a whisker. */
  ranges?: readonly (readonly [number, number, number])[];
  /** Points drawn as hollow rings and left off the line: runs that never trained. */
  hollow?: readonly (readonly [number, number])[];
}

/** The chart's own units: its text is drawn at 11 of them, so a chart drawn near this width reads at about the page's small type. */
const SIZE = { width: 320, height: 210 };
const M = { top: 22, right: 22, bottom: 36, left: 42 };

export interface ChartProps {
  title: string;
  xDomain: readonly [number, number];
  xTicks: readonly number[];
  xFormat: (x: number) => string;
  xLabel: string;
  /** What the y axis measures, written above it. */
  yLabel: string;
  yMax: number;
  yTicks: readonly number[];
  yFormat: (y: number) => string;
  lines: readonly ChartLine[];
  /** A dashed vertical mark and its label. */
  mark?: { x: number; label: string };
  /** A dotted horizontal line and its label: where a uniform guess scores. */
  floor?: { y: number; label: string };
  /** A dashed line through points and its label, placed just right of its second point: where a guess among a sequence's values scores. */
  guess?: { points: readonly (readonly [number, number])[]; label: string };
  /** Its size in its own units, where it is drawn wider than a run's charts (the stored grid's). */
  size?: { width: number; height: number };
}

export function Chart({ title, xDomain, xTicks, xFormat, xLabel, yLabel, yMax, yTicks, yFormat, lines, mark, floor, guess, size = SIZE }: ChartProps) {
  const { width: W, height: H } = size;
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const x = linear([xDomain[0], xDomain[1]], [0, innerW]);
  const y = linear([0, yMax], [innerH, 0]);
  const py = (v: number) => y(Math.min(Math.max(v, 0), yMax));
  return (
    <svg className="train-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
      <g transform={`translate(${M.left},${M.top})`}>
        <Axis
          axis="y"
          ticks={yTicks}
          place={y}
          format={yFormat}
          from={0}
          to={innerW}
          labelAt={-6}
          dy="0.32em"
          className="train-tick"
          lineClassName="train-grid"
        />
        <Axis
          axis="x"
          ticks={xTicks}
          place={x}
          format={xFormat}
          from={innerH}
          to={innerH + 4}
          labelAt={innerH + 16}
          className="train-tick"
          lineClassName="train-grid"
        />
        {mark ? (
          <g className="train-mark">
            <line x1={x(mark.x)} x2={x(mark.x)} y1={0} y2={innerH} />
            <text x={x(mark.x) + 3} y={10}>
              {mark.label}
            </text>
          </g>
        ) : null}
        {floor ? (
          <g className="train-floor">
            <line x1={0} x2={innerW} y1={py(floor.y)} y2={py(floor.y)} />
            <text x={innerW} y={py(floor.y) - 4} textAnchor="end">
              {floor.label}
            </text>
          </g>
        ) : null}
        {guess && guess.points.length > 0 ? (
          <g className="train-guess">
            <path d={polyline(guess.points.map((p) => [x(p[0]), py(p[1])] as const))} />
            <text x={x(guess.points[Math.min(1, guess.points.length - 1)]![0]) + 4} y={py(guess.points[Math.min(1, guess.points.length - 1)]![1]) - 4}>
              {guess.label}
            </text>
          </g>
        ) : null}
        {lines.map((l) => (
          <g key={l.key} className={`train-line ${l.className}`}>
            <path d={polyline(l.points.map((p) => [x(p[0]), py(p[1])] as const))} />
            {l.ranges?.map(([at, lo, hi]) => (
              <line key={at} className="train-whisker" x1={x(at)} x2={x(at)} y1={py(lo)} y2={py(hi)} />
            ))}
            {l.hollow?.map(([at, v], i) => (
              <circle key={`${at} ${i}`} className="train-hollow" cx={x(at)} cy={py(v)} r={3.5} />
            ))}
          </g>
        ))}
        <text className="train-axis-label" x={-M.left} y={-10}>
          {yLabel}
        </text>
        <text className="train-axis-label" x={innerW / 2} y={innerH + 32} textAnchor="middle">
          {xLabel}
        </text>
      </g>
    </svg>
  );
}
