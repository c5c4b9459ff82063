/**
 * Where a line chart puts the label of its reference line: under the line at whichever end no
 * series crosses it, so a label never sits on a line it names nothing about.
 */
import { hundredths } from './hundredths';

/** What the placement needs of a chart: where a value and a point land, and the plot's width. */
interface Placing {
  x: (v: number) => number;
  y: (v: number) => number;
  innerW: number;
}

/** Roughly how wide a label's characters run at the chart's type size, in pixels. */
const CHAR_PX = 6.5;

/**
 * The end of the reference line whose label no series crosses: a series crosses it where one of its
 * segments under the label's span reaches between the line and the label's foot.
 */
export function clearSide(series: readonly { values: ArrayLike<number> }[], geometry: Placing, reference: ChartReference): 'start' | 'end' {
  const width = reference.label.length * CHAR_PX + 8;
  // A segment crosses where its span of x meets the label's and its span of y meets the band under the line at that end.
  const crossed = (from: number, to: number, side: 'start' | 'end') => {
    const top = geometry.y(labelY(reference, side)) - 4;
    const foot = geometry.y(labelY(reference, side)) + 19;
    return series.some((s) => {
      for (let i = 1; i < s.values.length; i++) {
        const [x0, x1] = [geometry.x(i), geometry.x(i + 1)];
        const [y0, y1] = [geometry.y(s.values[i - 1]!), geometry.y(s.values[i]!)];
        if (x1 >= from && x0 <= to && Math.max(y0, y1) >= top && Math.min(y0, y1) <= foot) return true;
      }
      return false;
    });
  };
  if (!crossed(geometry.innerW - width, geometry.innerW, 'end')) return 'end';
  return crossed(0, width, 'start') ? 'end' : 'start';
}

/** A chart's reference: a dashed line at y, or through `values` (one per x) where it moves along the axis. */
export interface ChartReference {
  y: number;
  label: string;
  values?: ArrayLike<number>;
}

/** Where a reference's label sits: under its line, or, for a line that moves, under its first or last point, at the end the label takes. */
export function labelY(reference: ChartReference, side: 'start' | 'end'): number {
  const v = reference.values;
  if (!v?.length) return reference.y;
  return side === 'start' ? v[0]! : v[v.length - 1]!;
}

/** The reference's line: flat at y, or a step at each x where it moves, from the plot's left edge to its right. */
export function referencePath(reference: ChartReference, geometry: Placing): string {
  const { values } = reference;
  if (!values?.length) return `M0,${hundredths(geometry.y(reference.y))}H${hundredths(geometry.innerW)}`;
  const parts: string[] = [];
  for (let i = 0; i < values.length; i++) {
    const y = hundredths(geometry.y(values[i]!));
    const from = i === 0 ? 0 : hundredths((geometry.x(i) + geometry.x(i + 1)) / 2);
    const to = i === values.length - 1 ? hundredths(geometry.innerW) : hundredths((geometry.x(i + 1) + geometry.x(i + 2)) / 2);
    parts.push(`${i === 0 ? 'M' : 'L'}${from},${y}H${to}`);
  }
  return parts.join('');
}
