/**
 * One write followed over the steps after it, one row per key channel, each fading by its own
 * gate α; for the hybrid, its cycle of linear-attention and full-attention layers underneath.
 */
import { fixed } from '../../format';
import { diverging } from '../../viz/diverging';
import type { DecayDiagram } from './types';

/** A channel's share of the write still held after t steps: gold at its strength, never quite gone from view. */
const heldOpacity = (gate: number, t: number) => Math.max(diverging(gate ** t).strength, 0.02);

export function DecayGrid(d: DecayDiagram) {
  const [left, top, w, h] = [74, 30, 17, 14];
  const rows = d.gates.length;
  const gridBottom = top + rows * (h + 2);
  const height = d.cycle ? gridBottom + 62 : gridBottom + 12;
  return (
    <svg className="lineage-svg" viewBox={`0 0 320 ${height}`} aria-hidden="true" data-diagram="decay">
      <text x={left} y={14} className="title">
        steps after one write →
      </text>
      {d.gates.map((gate, r) => (
        <g key={r}>
          <text x={left - 8} y={top + r * (h + 2) + 11} textAnchor="end">
            α {fixed(gate)}
          </text>
          {Array.from({ length: d.steps }, (_, t) => (
            <rect key={t} className="cell-pos" fillOpacity={heldOpacity(gate, t)} x={left + t * (w + 2)} y={top + r * (h + 2)} width={w} height={h} />
          ))}
        </g>
      ))}
      {d.cycle ? (
        <g>
          {d.cycle.map((kind, i) => (
            <g key={i}>
              <rect className={`layer-${kind}`} x={left + i * 46} y={gridBottom + 16} width={42} height={20} rx={3} />
              <text x={left + i * 46 + 21} y={gridBottom + 30} textAnchor="middle" className="on-fill">
                {kind.toUpperCase()}
              </text>
            </g>
          ))}
          <text x={left - 8} y={gridBottom + 30} textAnchor="end">
            layers
          </text>
          <text x={left} y={gridBottom + 52}>
            … and again, {d.cycle.filter((k) => k === 'kda').length}:{d.cycle.filter((k) => k === 'mla').length}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
