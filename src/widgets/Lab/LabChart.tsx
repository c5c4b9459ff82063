/**
 * One of the lab's two charts: a metric against n/d from 0 to 4, one line per method, the
 * analytic curves dashed, and a mark at n = d where the state is full.
 */
import { polyline } from '../../viz/polyline';
import { Axis } from '../../viz/Axis';
import { linear } from '../../viz/linearScale';

export interface LabLine {
  key: string;
  className: string;
  /** Points as (n/d, value). */
  points: readonly (readonly [number, number])[];
}

const W = 320;
const H = 210;
const M = { top: 10, right: 10, bottom: 36, left: 42 };

export function LabChart({
  title,
  yMax,
  yTicks,
  format,
  lines,
}: {
  title: string;
  yMax: number;
  yTicks: readonly number[];
  format: (y: number) => string;
  lines: readonly LabLine[];
}) {
  const x = linear([0, 4], [0, W - M.left - M.right]);
  const y = linear([0, yMax], [H - M.top - M.bottom, 0]);
  const path = (points: readonly (readonly [number, number])[]) => polyline(points.map((p) => [x(p[0]), y(Math.min(p[1], yMax))] as const));
  const innerH = H - M.top - M.bottom;
  return (
    <svg className="lab-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
      <g transform={`translate(${M.left},${M.top})`}>
        <Axis
          axis="y"
          ticks={yTicks}
          place={y}
          format={format}
          from={0}
          to={W - M.left - M.right}
          labelAt={-6}
          dy="0.32em"
          className="lab-tick"
          lineClassName="lab-grid"
        />
        <Axis
          axis="x"
          ticks={[0, 1, 2, 3, 4]}
          place={x}
          format={(t) => (t === 0 ? '0' : t === 1 ? 'd' : `${t}d`)}
          from={innerH}
          to={innerH + 4}
          labelAt={innerH + 16}
          className="lab-tick"
          lineClassName="lab-grid"
        />
        <line className="lab-full" x1={x(1)} x2={x(1)} y1={0} y2={innerH} />
        {lines.map((l) => (
          <path key={l.key} className={`lab-line ${l.className}`} d={path(l.points)} />
        ))}
        <text className="lab-axis-label" x={(W - M.left - M.right) / 2} y={innerH + 32} textAnchor="middle">
          pairs written, n
        </text>
      </g>
    </svg>
  );
}
