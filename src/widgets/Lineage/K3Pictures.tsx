/**
 * Kimi K3 in two pictures: its layer stack, one mark per layer in rows of one depth summary,
 * linear-attention (KDA) and full-attention (MLA) layers told apart; and its routed experts,
 * the few lit for one token among the many resident ones, with the shared experts beside them.
 */
import { integer } from '../../format';
import type { K3Diagram } from './types';

export function LayerStack(d: K3Diagram) {
  const [left, top, w, h] = [60, 22, 16, 13];
  const rows = Math.ceil(d.layers.length / d.blockSize);
  const bottom = top + rows * (h + 3);
  return (
    <svg className="lineage-svg" viewBox={`0 0 320 ${bottom + 30}`} aria-hidden="true" data-diagram="stack">
      <text x={left} y={12} className="title">
        {d.layers.length} layers, one row per depth summary
      </text>
      {Array.from({ length: rows }, (_, r) => {
        const first = r * d.blockSize + 1;
        const last = Math.min(d.layers.length, first + d.blockSize - 1);
        return (
          <text key={r} x={left - 8} y={top + r * (h + 3) + 10} textAnchor="end">
            {first}–{last}
          </text>
        );
      })}
      {d.layers.map((kind, i) => (
        <rect
          key={i}
          data-layer={i + 1}
          data-kind={kind}
          className={`layer-${kind}`}
          x={left + (i % d.blockSize) * (w + 2)}
          y={top + Math.floor(i / d.blockSize) * (h + 3)}
          width={w}
          height={h}
          rx={2}
        />
      ))}
      <rect className="layer-kda" x={left} y={bottom + 10} width={12} height={12} rx={2} />
      <text x={left + 17} y={bottom + 20}>
        KDA (fixed state)
      </text>
      <rect className="layer-mla" x={left + 128} y={bottom + 10} width={12} height={12} rx={2} />
      <text x={left + 145} y={bottom + 20}>
        MLA (cache)
      </text>
    </svg>
  );
}

/** Experts per row of the grid. */
const EXPERT_COLUMNS = 32;

export function ExpertGrid(d: K3Diagram) {
  const [left, top, cell] = [24, 22, 8.5];
  const rows = Math.ceil(d.expertsRouted / EXPERT_COLUMNS);
  const lit = new Set(d.lit);
  const at = (i: number) => [left + (i % EXPERT_COLUMNS) * cell, top + Math.floor(i / EXPERT_COLUMNS) * cell] as const;
  let idle = '';
  for (let i = 0; i < d.expertsRouted; i++) {
    if (lit.has(i)) continue;
    const [x, y] = at(i);
    idle += `M${x} ${y}h7v7h-7z`;
  }
  const bottom = top + rows * cell;
  return (
    <svg className="lineage-svg" viewBox={`0 0 320 ${bottom + 34}`} aria-hidden="true" data-diagram="experts">
      <text x={left} y={12} className="title">
        {integer(d.expertsRouted)} routed experts, {d.expertsActive} lit for one token
      </text>
      <path className="expert-idle" d={idle} data-count={d.expertsRouted - lit.size} />
      {d.lit.map((i) => {
        const [x, y] = at(i);
        return <rect key={i} className="expert-lit" data-expert={i} x={x - 0.75} y={y - 0.75} width={8.5} height={8.5} />;
      })}
      {Array.from({ length: d.expertsShared }, (_, i) => (
        <rect key={`s${i}`} className="expert-shared" x={left + i * 18} y={bottom + 12} width={14} height={14} rx={2} />
      ))}
      <text x={left + d.expertsShared * 18 + 4} y={bottom + 23}>
        {d.expertsShared} shared experts, on for every token
      </text>
    </svg>
  );
}
