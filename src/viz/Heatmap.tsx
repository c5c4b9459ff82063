/**
 * A matrix as a grid of cells on a symmetric diverging scale: gold for positive, blue for
 * negative, strength by magnitude against a shared `max`. One tab stop; arrow keys (or the
 * pointer) pick a cell, whose value is read out under the grid.
 */
import { memo, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface HeatmapProps {
  values: ArrayLike<number>;
  rows: number;
  cols: number;
  /** The magnitude drawn at full strength; shared across heatmaps so they compare. */
  max: number;
  label: string;
  rowLabel?: (r: number) => string;
  colLabel?: (c: number) => string;
  size?: number;
}

const format = (x: number) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(2);

export function cellFill(x: number, max: number): { fill: string; opacity: number } {
  const strength = max > 0 ? Math.min(1, Math.abs(x) / max) : 0;
  return { fill: x >= 0 ? 'var(--gold)' : 'var(--blue)', opacity: strength };
}

/**
 * The cells, rendered once with their first values. Later values are written straight onto
 * the elements (see Heatmap): a slider drag then costs a few hundred attribute writes instead
 * of a React pass over every cell of every map.
 */
const Cells = memo(function Cells({
  initial,
  max,
  rows,
  cols,
  cell,
  onEnter,
}: {
  initial: ArrayLike<number>;
  max: number;
  rows: number;
  cols: number;
  cell: number;
  onEnter: (i: number) => void;
}) {
  return (
    <g className="heatmap-cells">
      {Array.from({ length: rows * cols }, (_, i) => {
        const { fill, opacity } = cellFill(initial[i] ?? 0, max);
        return (
          <rect
            key={i}
            x={(i % cols) * cell + 0.5}
            y={Math.floor(i / cols) * cell + 0.5}
            width={cell - 1}
            height={cell - 1}
            fill={fill}
            fillOpacity={opacity}
            onPointerEnter={() => onEnter(i)}
          />
        );
      })}
    </g>
  );
});

export function Heatmap({ values, rows, cols, max, label, rowLabel = (r) => `row ${r}`, colLabel = (c) => `column ${c}`, size = 200 }: HeatmapProps) {
  const [cursor, setCursor] = useState<number | null>(null);
  const [first] = useState(() => ({ values: Array.from(values), max }));
  const cellsRef = useRef<SVGGElement>(null);
  const cell = size / cols;

  useLayoutEffect(() => {
    const rects = cellsRef.current?.querySelector('.heatmap-cells')?.children;
    if (!rects) return;
    for (let i = 0; i < rects.length; i++) {
      const { fill, opacity } = cellFill(values[i] ?? 0, max);
      const rect = rects[i]!;
      rect.setAttribute('fill', fill);
      rect.setAttribute('fill-opacity', String(opacity));
    }
  }, [values, max]);
  const height = cell * rows;

  const move = (event: KeyboardEvent<SVGSVGElement>) => {
    const at = cursor ?? 0;
    const r = Math.floor(at / cols);
    const c = at % cols;
    const next: Record<string, number> = {
      ArrowRight: r * cols + Math.min(cols - 1, c + 1),
      ArrowLeft: r * cols + Math.max(0, c - 1),
      ArrowDown: Math.min(rows - 1, r + 1) * cols + c,
      ArrowUp: Math.max(0, r - 1) * cols + c,
      Home: r * cols,
      End: r * cols + cols - 1,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setCursor(target);
  };

  const picked = cursor === null ? null : { r: Math.floor(cursor / cols), c: cursor % cols, x: values[cursor] ?? 0 };

  return (
    <div className="heatmap">
      <svg
        viewBox={`0 0 ${size} ${height}`}
        role="group"
        aria-roledescription="heatmap"
        aria-label={`${label}. Arrow keys read one cell at a time.`}
        tabIndex={0}
        onKeyDown={move}
        onFocus={() => setCursor((c) => c ?? 0)}
        onBlur={() => setCursor(null)}
        onPointerLeave={() => setCursor(null)}
      >
        <rect className="heatmap-bg" x={0} y={0} width={size} height={height} />
        <g ref={cellsRef}>
          <Cells initial={first.values} max={first.max} rows={rows} cols={cols} cell={cell} onEnter={setCursor} />
        </g>
        {picked ? (
          <rect
            className="heatmap-cursor"
            x={picked.c * cell + 0.5}
            y={picked.r * cell + 0.5}
            width={cell - 1}
            height={cell - 1}
          />
        ) : null}
      </svg>
      <p className="heatmap-readout" aria-live="polite">
        {picked ? `${rowLabel(picked.r)}, ${colLabel(picked.c)}: ${format(picked.x)}` : '\u00a0'}
      </p>
    </div>
  );
}
