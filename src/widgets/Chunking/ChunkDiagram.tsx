/**
 * The first tokens of a sequence cut into chunks of C: which earlier tokens each token reads
 * directly (the masked block inside its chunk) and which reach it only through the carried state.
 */
import { memo } from 'react';
import { integer } from '../../format';

export interface DiagramCounts {
  tokens: number;
  /** Chunk size as drawn: C, or the whole window when C is longer. */
  span: number;
  /** Chunks the window is cut into, each one state update. */
  chunks: number;
  /** Pairs (i ≥ j) computed inside a chunk's masked block. */
  direct: number;
  /** Pairs (i > j) that meet only through the state. */
  viaState: number;
}

export function diagramCounts(tokens: number, C: number): DiagramCounts {
  const span = Math.min(C, tokens);
  const chunks = Math.ceil(tokens / span);
  let direct = 0;
  for (let start = 0; start < tokens; start += span) {
    const n = Math.min(span, tokens - start);
    direct += (n * (n + 1)) / 2;
  }
  return { tokens, span, chunks, direct, viaState: (tokens * (tokens + 1)) / 2 - direct };
}

/** Every count here is a whole number, so `integer` prints it exactly. */
export function describeDiagram(c: DiagramCounts, C: number): string {
  const cut =
    C >= c.tokens
      ? `${integer(c.tokens)} tokens inside one chunk of ${integer(C)}`
      : `${integer(c.tokens)} tokens cut into ${integer(c.chunks)} chunks of ${integer(C)}`;
  const updates = c.chunks === 1 ? 'once' : `${integer(c.chunks)} times, one update after another`;
  return `${cut}: ${integer(c.direct)} token pairs are computed directly in masked blocks along the diagonal, ${integer(c.viaState)} reach each other only through the state, which is updated ${updates}.`;
}

/** The matrix side in SVG units, whatever the number of tokens. */
const SIDE = 256;
const LEFT = 18;
const TOP = 16;
const LANE_GAP = 14;

/**
 * Outline of the lower triangle (diagonal included) of rows and columns [s, e), in token units:
 * a step right and a step down for each token, written relative so the page carries one repeat.
 */
function staircase(s: number, e: number): string {
  return `M${s},${s}${'h1v1'.repeat(e - s)}H${s}Z`;
}

function gridPath(n: number): string {
  let path = '';
  for (let k = 0; k <= n; k++) path += `M0,${k}H${n}M${k},0V${n}`;
  return path;
}

/** Each mark kind is one path, so a chunk of 1 over hundreds of tokens still draws a handful of nodes. */
function diagramPaths(tokens: number, span: number) {
  let blocks = '';
  let viaState = '';
  let outlines = '';
  for (let s = 0; s < tokens; s += span) {
    const e = Math.min(s + span, tokens);
    blocks += staircase(s, e);
    if (s > 0) viaState += `M0,${s}H${s}V${e}H0Z`;
    outlines += `M${s},${s}H${e}V${e}H${s}Z`;
  }
  return { blocks, viaState, outlines };
}

export const ChunkDiagram = memo(function ChunkDiagram({ tokens, C }: { tokens: number; C: number }) {
  const counts = diagramCounts(tokens, C);
  const cell = SIDE / tokens;
  const laneY = TOP + SIDE + LANE_GAP;
  const width = LEFT + SIDE + 10;
  const height = laneY + 26;
  const { blocks, viaState, outlines } = diagramPaths(tokens, counts.span);
  const ends = Array.from({ length: counts.chunks }, (_, c) => Math.min((c + 1) * counts.span, tokens));
  const markers = ends.map((e) => `M${LEFT + e * cell - 3.5},${laneY - 3.5}h7v7h-7Z`).join('');
  const labelled = counts.chunks <= 8 ? ends : [ends[0] ?? tokens, tokens];
  return (
    <svg
      className="chunking-diagram"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      style={{ aspectRatio: `${width} / ${height}` }}
      role="img"
      aria-label={describeDiagram(counts, C)}
    >
      <text className="chunking-axis-label" x={LEFT} y={TOP - 5}>
        earlier tokens →
      </text>
      <text className="chunking-axis-label" transform={`translate(${LEFT - 12} ${TOP}) rotate(90)`}>
        each token →
      </text>
      <g transform={`translate(${LEFT} ${TOP}) scale(${cell})`}>
        {/* Opaque, so the largest opaque shape here never changes with C either. */}
        <rect className="paint-still chunking-ground" width={tokens} height={tokens} />
        <path className="chunking-via-state" d={viaState} />
        <path className="chunking-block" d={blocks} />
        {tokens <= 64 ? <path className="chunking-grid" d={gridPath(tokens)} vectorEffect="non-scaling-stroke" /> : null}
        <path className="chunking-chunk-outline" d={outlines} vectorEffect="non-scaling-stroke" />
      </g>
      <rect className="paint-still" width={width} height={height} />
      <line className="chunking-lane" x1={LEFT} x2={LEFT + SIDE} y1={laneY} y2={laneY} />
      <path className="chunking-state" d={markers} />
      {/* Keyed by place in the lane, so a new C rewrites these labels instead of replacing them. */}
      {labelled.map((e, i) => {
        const c = Math.ceil(e / counts.span);
        return (
          <text key={i} className="chunking-state-label" x={LEFT + e * cell} y={laneY + 17} textAnchor="end">
            S{c}
          </text>
        );
      })}
    </svg>
  );
});
