/**
 * Thousands of identical marks laid out row by row, the first `highlighted` in the accent
 * colour, as a finished SVG: each colour is one pattern (one mark per unit cell) filling at
 * most three rectangles, so the picture is complete in the prerendered page, costs a handful
 * of elements, needs no script, and follows the theme through CSS.
 */
export interface MarkGridProps {
  count: number;
  highlighted: number;
  columns: number;
  label: string;
}

export function gridRows(count: number, columns: number): number {
  return Math.ceil(count / columns);
}

export interface CellRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The cells from `start` (inclusive) to `end` (exclusive), counted row by row, as rectangles:
 * the rest of the first row, the full rows, and the start of the last row.
 */
export function rowRuns(start: number, end: number, columns: number): CellRect[] {
  const rects: CellRect[] = [];
  let at = start;
  if (at >= end) return rects;
  if (at % columns !== 0) {
    const stop = Math.min(end, (Math.floor(at / columns) + 1) * columns);
    rects.push({ x: at % columns, y: Math.floor(at / columns), width: stop - at, height: 1 });
    at = stop;
  }
  const fullRows = Math.floor((end - at) / columns);
  if (fullRows > 0) {
    rects.push({ x: 0, y: at / columns, width: columns, height: fullRows });
    at += fullRows * columns;
  }
  if (at < end) rects.push({ x: 0, y: at / columns, width: end - at, height: 1 });
  return rects;
}

/** The share of each cell a mark covers: the rest is the gap between marks. */
const MARK = 0.72;

export function MarkGrid({ count, highlighted, columns, label }: MarkGridProps) {
  const rows = gridRows(count, columns);
  const runs = [
    { kind: 'accent', rects: rowRuns(0, highlighted, columns) },
    { kind: 'muted', rects: rowRuns(highlighted, count, columns) },
  ];
  return (
    <svg className="mark-grid" viewBox={`0 0 ${columns} ${rows}`} role="img" aria-label={label} style={{ aspectRatio: `${columns} / ${rows}` }}>
      <defs>
        {runs.map(({ kind }) => (
          <pattern key={kind} id={`mark-grid-${kind}`} width="1" height="1" patternUnits="userSpaceOnUse">
            <rect className={`mark-grid-${kind}`} width={MARK} height={MARK} />
          </pattern>
        ))}
      </defs>
      {runs.flatMap(({ kind, rects }) =>
        rects.map((r) => (
          <rect key={`${kind}-${r.x}-${r.y}`} data-marks={kind} x={r.x} y={r.y} width={r.width} height={r.height} fill={`url(#mark-grid-${kind})`} />
        )),
      )}
    </svg>
  );
}
