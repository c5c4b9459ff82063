/**
 * The same writes into two small states, side by side: the additive rule piles old and new
 * values together in the rewritten rows, the delta rule replaces them. Entries are coloured by
 * the page's diverging rule (src/viz/diverging.ts), both grids on one scale.
 */
import { fixed } from '../../format';
import { diverging } from '../../viz/diverging';
import type { WriteDiagram } from './types';

/** A cell's class and strength; an exact zero is drawn as an empty cell rather than a faint one. */
function cellFill(v: number, max: number) {
  const { positive, strength } = diverging(v, max);
  if (strength === 0) return { className: 'cell-zero', opacity: 1 };
  return { className: positive ? 'cell-pos' : 'cell-neg', opacity: strength };
}

interface StateGridProps {
  values: number[];
  /** The magnitude drawn at full strength. */
  max: number;
  size: number;
  x: number;
  y: number;
  cell: number;
  rewritten: number[];
}

function StateGrid({ values, max, size, x, y, cell, rewritten }: StateGridProps) {
  return (
    <g>
      {values.map((v, i) => {
        const f = cellFill(v, max);
        return (
          <rect
            key={i}
            className={f.className}
            fillOpacity={f.opacity}
            x={x + (i % size) * cell}
            y={y + Math.floor(i / size) * cell}
            width={cell - 1}
            height={cell - 1}
          />
        );
      })}
      {rewritten.map((r) => (
        <rect key={`r${r}`} className="rewritten" x={x - 2} y={y + r * cell - 2} width={size * cell + 3} height={cell + 3} />
      ))}
    </g>
  );
}

export function WriteGrids(d: WriteDiagram) {
  const cell = 14;
  // Both grids on one colour scale, so the piled-up rows read as larger than the replaced ones.
  const max = Math.max(...d.additive.map(Math.abs), ...d.delta.map(Math.abs));
  const width = d.size * cell;
  const lefts = [14, 306 - width];
  return (
    <svg className="lineage-svg" viewBox="0 0 320 170" aria-hidden="true" data-diagram="write">
      {(['additive', 'delta rule'] as const).map((title, i) => (
        <g key={title}>
          <text x={lefts[i]! + width / 2} y={16} textAnchor="middle" className="title">
            {title}
          </text>
          <StateGrid values={i === 0 ? d.additive : d.delta} max={max} size={d.size} x={lefts[i]!} y={26} cell={cell} rewritten={d.rewritten} />
          <text x={lefts[i]! + width / 2} y={26 + width + 18} textAnchor="middle">
            read error {fixed(i === 0 ? d.additiveError : d.deltaError)}
          </text>
        </g>
      ))}
      {d.rewritten.map((r) => (
        <text key={r} x={160} y={26 + r * cell + cell / 2 + 4} textAnchor="middle">
          key {r + 1}
        </text>
      ))}
    </svg>
  );
}
