/**
 * GPT-2's KV cache against a fixed state, over the context: the cache grows in a straight line
 * to the context limit; a linear-attention state of the same shape stays flat at any length.
 */
import { compactCount, integer } from '../../format';
import type { MemoryDiagram } from './types';

export function MemoryChart(d: MemoryDiagram) {
  const [left, top, width, height] = [52, 14, 250, 132];
  const yMax = d.cachePerToken * d.context;
  const x = (n: number) => left + (n / d.context) * width;
  const y = (v: number) => top + height - (v / yMax) * height;
  const bottom = top + height;
  return (
    <svg className="lineage-svg" viewBox="0 0 320 190" aria-hidden="true" data-diagram="memory">
      <path className="axis" d={`M${left} ${top}V${bottom}H${left + width}`} />
      {[0, 0.5, 1].map((f) => (
        <g key={`y${f}`}>
          <text x={left - 6} y={y(yMax * f) + 4} textAnchor="end">
            {f === 0 ? '0' : compactCount(yMax * f)}
          </text>
          <text x={x(d.context * f)} y={bottom + 16} textAnchor={f === 1 ? 'end' : f === 0 ? 'start' : 'middle'}>
            {integer(d.context * f)}
          </text>
        </g>
      ))}
      <text x={left + width / 2} y={bottom + 34} textAnchor="middle">
        tokens of context
      </text>
      <text x={12} y={top + height / 2} textAnchor="middle" transform={`rotate(-90 12 ${top + height / 2})`}>
        values held
      </text>
      <path className="line-cache" d={`M${x(0)} ${y(0)}L${x(d.context)} ${y(yMax)}`} />
      <text className="label-cache" x={x(d.context * 0.55)} y={y(yMax * 0.55) - 10} textAnchor="end">
        KV cache
      </text>
      <path className="limit" d={`M${x(d.context)} ${top}V${bottom}`} />
      {d.state !== null ? (
        <>
          <path className="line-state" d={`M${x(0)} ${y(d.state)}H${x(d.context)}`} />
          <text className="label-state" x={x(d.context)} y={y(d.state) - 6} textAnchor="end">
            fixed state, any length
          </text>
          <circle className="crossing" cx={x(d.crossing)} cy={y(d.state)} r={3.5} />
        </>
      ) : (
        <text x={x(d.context) - 4} y={bottom - 8} textAnchor="end">
          window ends
        </text>
      )}
    </svg>
  );
}
