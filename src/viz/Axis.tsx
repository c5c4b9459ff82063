/**
 * One axis of an SVG chart: at each tick a line across the plot (a gridline, or a short tick
 * mark) and the tick's label. The scale and the tick values are the caller's; this draws them,
 * so every chart on the page lays out its axes the same way.
 */

import { hundredths } from './hundredths';

interface AxisProps {
  /** 'x' puts the ticks along the bottom, 'y' up the left side. */
  axis: 'x' | 'y';
  ticks: readonly number[];
  /** A tick's place along the axis, in the drawing's units. */
  place: (tick: number) => number;
  format: (tick: number) => string;
  /** Where each tick's line starts and ends across the axis: y for an x axis, x for a y axis. */
  from: number;
  to: number;
  /** Where the label sits across the axis. */
  labelAt: number;
  /** A y axis's labels: moved down from the tick by `shift` units, or by `dy` (a CSS length). */
  shift?: number;
  dy?: string;
  /**
   * How a tick reaches its place: 'coordinates' draws its line and label there; 'translate'
   * moves the tick's group to where its line starts and draws around that corner. Both give the
   * same picture to within a rounding of glyph positions, so each chart keeps the one it has.
   */
  placement?: 'coordinates' | 'translate';
  /** Classes for each tick's group, its line and its label. */
  className?: string;
  lineClassName?: string;
  labelClassName?: string;
}

export function Axis({
  axis,
  ticks,
  place,
  format,
  from,
  to,
  labelAt,
  shift = 0,
  dy,
  placement = 'coordinates',
  className,
  lineClassName,
  labelClassName,
}: AxisProps) {
  const moved = placement === 'translate';
  return (
    <>
      {/* Keyed by position, so a new range updates these nodes instead of replacing them. */}
      {ticks.map((t, i) => {
        const p = hundredths(place(t));
        // With 'translate' the group's origin is the start of the tick's line.
        const [x, y] = axis === 'x' ? [p, from] : [from, p];
        const [ox, oy] = moved ? [x, y] : [0, 0];
        return (
          <g key={i} className={className} transform={moved ? `translate(${x},${y})` : undefined}>
            {axis === 'x' ? (
              <>
                <line className={lineClassName} x1={x - ox} x2={x - ox} y1={from - oy} y2={to - oy} />
                <text className={labelClassName} x={x - ox} y={labelAt - oy} textAnchor="middle">
                  {format(t)}
                </text>
              </>
            ) : (
              <>
                <line className={lineClassName} x1={from - ox} x2={to - ox} y1={y - oy} y2={y - oy} />
                <text className={labelClassName} x={labelAt - ox} y={y - oy + shift} dy={dy} textAnchor="end">
                  {format(t)}
                </text>
              </>
            )}
          </g>
        );
      })}
    </>
  );
}
