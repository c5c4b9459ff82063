/**
 * The small picture beside each step, drawn as SVG from the step's numbers, and the sentence
 * that says what it shows. Colours come from the page's tokens: the cache in the key colour,
 * the state in the state colour, gold and blue for positive and negative entries.
 */
import type { ChunkDiagram, DecayDiagram, Diagram, K3Diagram, LayerKind, MemoryDiagram, WriteDiagram } from './types';

const int = (x: number) => Math.round(x).toLocaleString('en-US');

/** 18,874,368 -> "18.9M". */
export function compact(x: number): string {
  if (x >= 1e6) return `${(x / 1e6).toFixed(1)}M`;
  if (x >= 1e3) return `${(x / 1e3).toFixed(0)}k`;
  return int(x);
}

/** "4, 8, 12, … 92 and 93" for a long list; every item for a short one. */
export function positionList(p: readonly number[]): string {
  if (p.length <= 5) return p.length > 1 ? `${p.slice(0, -1).join(', ')} and ${p[p.length - 1]}` : p.join('');
  return `${p[0]}, ${p[1]}, ${p[2]}, … ${p[p.length - 2]} and ${p[p.length - 1]}`;
}

export function mlaPositions(layers: readonly LayerKind[]): number[] {
  return layers.flatMap((k, i) => (k === 'mla' ? [i + 1] : []));
}

const LAYER_NAMES: Record<LayerKind, string> = { kda: 'Kimi Delta Attention', mla: 'gated MLA' };

function describeMemory(d: MemoryDiagram): string {
  const full = d.cachePerToken * d.context;
  const cache = `GPT-2 small’s KV cache grows in a straight line with the context: ${int(d.cachePerToken)} values for every token, ${int(full)} at the ${int(d.context)}-token limit, beyond which nothing is kept.`;
  if (d.state === null) return cache;
  return `${cache} A linear-attention state of the same shape holds ${int(d.state)} values at any length; the cache outgrows it after ${int(d.crossing)} tokens and is ${int(full / d.state)} times its size at the limit.`;
}

function describeWrite(d: WriteDiagram): string {
  const keys = d.rewritten.map((r) => r + 1);
  return `${d.size} values are written at ${d.size} different keys, then new values at keys ${positionList(keys)}: ${d.writes} writes in all. The additive state piles old and new together in ${keys.length === 1 ? 'that row' : 'those rows'}; mean read error over the latest values ${d.additiveError.toFixed(2)}. The delta rule keeps only the new values; read error ${d.deltaError.toFixed(2)}. Gold entries are positive, blue negative.`;
}

function describeChunks(d: ChunkDiagram): string {
  return `${d.tokens} tokens cut into ${d.chunkedSteps} chunks of ${d.chunk}. Inside a chunk the work is one masked matrix product (the lower triangle); only the state passes from one chunk to the next, so ${d.recurrentSteps} steps in order become ${d.chunkedSteps}.`;
}

function groupsOf(gates: readonly number[]): { gate: number; from: number; to: number }[] {
  const groups: { gate: number; from: number; to: number }[] = [];
  gates.forEach((gate, i) => {
    const last = groups[groups.length - 1];
    if (last && last.gate === gate) last.to = i + 1;
    else groups.push({ gate, from: i + 1, to: i + 1 });
  });
  return groups;
}

const kept = (x: number) => (x >= 0.01 ? x.toFixed(2) : x.toPrecision(1));

function describeDecay(d: DecayDiagram): string {
  const last = d.steps - 1;
  const groups = groupsOf(d.gates);
  const keeps = (gate: number) => (gate === 1 ? 'all of it' : `${kept(gate ** last)} of it`);
  const body =
    groups.length === 1
      ? `every channel decays by α = ${groups[0]!.gate.toFixed(2)} and keeps ${keeps(groups[0]!.gate)}`
      : groups
          .map((g) => `${g.from === g.to ? `channel ${g.from} decays` : `channels ${g.from}–${g.to} decay`} by α = ${g.gate.toFixed(2)} and keep${g.from === g.to ? 's' : ''} ${keeps(g.gate)}`)
          .join('; ');
  const cycle = d.cycle
    ? ` Below, the hybrid’s layer cycle: ${d.cycle.filter((k) => k === 'kda').length} Kimi Delta Attention layers, then ${d.cycle.filter((k) => k === 'mla').length} full-attention layer with an exact cache.`
    : '';
  return `One write, followed for ${last} steps, one row per key channel: ${body}.${cycle}`;
}

export function describeStack(d: K3Diagram): string {
  const mla = mlaPositions(d.layers);
  const rows = Math.ceil(d.layers.length / d.blockSize);
  return `${d.layers.length} layers in rows of ${d.blockSize}, one row per depth summary (${rows} in all): ${d.layers.length - mla.length} ${LAYER_NAMES.kda} layers and ${mla.length} ${LAYER_NAMES.mla} layers, the MLA layers at positions ${positionList(mla)}.`;
}

export function describeExperts(d: K3Diagram): string {
  const share = ((d.expertsActive / d.expertsRouted) * 100).toFixed(1);
  return `${int(d.expertsRouted)} routed experts; for one token the router lights ${d.expertsActive} of them (${share}%), and ${d.expertsShared} shared experts see every token. The rest stay resident in memory and do no work.`;
}

export function describeDiagram(d: Diagram): string {
  switch (d.kind) {
    case 'memory':
      return describeMemory(d);
    case 'write':
      return describeWrite(d);
    case 'chunks':
      return describeChunks(d);
    case 'decay':
      return describeDecay(d);
    case 'k3':
      return `${describeStack(d)} ${describeExperts(d)}`;
  }
}

function MemoryChart(d: MemoryDiagram) {
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
            {f === 0 ? '0' : compact(yMax * f)}
          </text>
          <text x={x(d.context * f)} y={bottom + 16} textAnchor={f === 1 ? 'end' : f === 0 ? 'start' : 'middle'}>
            {int(d.context * f)}
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

/** v in [-1, 1]: gold for positive, blue for negative, stronger the larger. */
function cellFill(v: number) {
  if (v === 0) return { className: 'cell-zero', opacity: 1 };
  return { className: v > 0 ? 'cell-pos' : 'cell-neg', opacity: Math.min(1, Math.abs(v)) };
}

function StateGrid({ values, size, x, y, cell, rewritten }: { values: number[]; size: number; x: number; y: number; cell: number; rewritten: number[] }) {
  return (
    <g>
      {values.map((v, i) => {
        const f = cellFill(v);
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

function WriteGrids(d: WriteDiagram) {
  const cell = 14;
  const max = Math.max(...d.additive.map(Math.abs), ...d.delta.map(Math.abs));
  // Both grids on one colour scale, so the piled-up rows read as larger than the replaced ones.
  const scaled = (values: number[]) => values.map((v) => v / max);
  const width = d.size * cell;
  const lefts = [14, 306 - width];
  return (
    <svg className="lineage-svg" viewBox="0 0 320 170" aria-hidden="true" data-diagram="write">
      {(['additive', 'delta rule'] as const).map((title, i) => (
        <g key={title}>
          <text x={lefts[i]! + width / 2} y={16} textAnchor="middle" className="title">
            {title}
          </text>
          <StateGrid values={scaled(i === 0 ? d.additive : d.delta)} size={d.size} x={lefts[i]!} y={26} cell={cell} rewritten={d.rewritten} />
          <text x={lefts[i]! + width / 2} y={26 + width + 18} textAnchor="middle">
            read error {(i === 0 ? d.additiveError : d.deltaError).toFixed(2)}
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

function ChunkPicture(d: ChunkDiagram) {
  const chunks = Math.ceil(d.tokens / d.chunk);
  const [tok, gap, chunkGap] = [14, 3, 14];
  const chunkWidth = d.chunk * tok + (d.chunk - 1) * gap;
  const total = chunks * chunkWidth + (chunks - 1) * chunkGap;
  const x0 = (320 - total) / 2;
  const mask = 9;
  return (
    <svg className="lineage-svg" viewBox="0 0 320 170" aria-hidden="true" data-diagram="chunks">
      <text x={160} y={14} textAnchor="middle" className="title">
        {d.tokens} tokens, chunks of {d.chunk}
      </text>
      {Array.from({ length: chunks }, (_, c) => {
        const cx = x0 + c * (chunkWidth + chunkGap);
        const mx = cx + (chunkWidth - d.chunk * mask) / 2;
        return (
          <g key={c}>
            {Array.from({ length: d.chunk }, (_, t) => (
              <rect key={t} className="token" x={cx + t * (tok + gap)} y={24} width={tok} height={tok} rx={2} />
            ))}
            {Array.from({ length: d.chunk * d.chunk }, (_, i) => {
              const [r, col] = [Math.floor(i / d.chunk), i % d.chunk];
              return (
                <rect
                  key={i}
                  className={col <= r ? 'mask-on' : 'mask-off'}
                  x={mx + col * mask}
                  y={52 + r * mask}
                  width={mask - 1}
                  height={mask - 1}
                />
              );
            })}
            <rect className="state-box" x={cx + chunkWidth / 2 - 11} y={112} width={22} height={18} rx={3} />
            <text x={cx + chunkWidth / 2} y={125} textAnchor="middle" className="state-label">
              S
            </text>
            {c < chunks - 1 ? (
              <path className="carry" d={`M${cx + chunkWidth / 2 + 13} 121H${cx + chunkWidth + chunkGap + chunkWidth / 2 - 16}l-4 -3m4 3l-4 3`} />
            ) : null}
          </g>
        );
      })}
      <text x={160} y={154} textAnchor="middle">
        {d.recurrentSteps} steps in order become {d.chunkedSteps}
      </text>
    </svg>
  );
}

function DecayGrid(d: DecayDiagram) {
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
            α {gate.toFixed(2)}
          </text>
          {Array.from({ length: d.steps }, (_, t) => (
            <rect
              key={t}
              className="cell-pos"
              fillOpacity={Math.max(gate ** t, 0.02)}
              x={left + t * (w + 2)}
              y={top + r * (h + 2)}
              width={w}
              height={h}
            />
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

function LayerStack(d: K3Diagram) {
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

export const EXPERT_COLUMNS = 32;

function ExpertGrid(d: K3Diagram) {
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
        {int(d.expertsRouted)} routed experts, {d.expertsActive} lit for one token
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

export function DiagramView({ diagram }: { diagram: Diagram }) {
  switch (diagram.kind) {
    case 'memory':
      return <MemoryChart {...diagram} />;
    case 'write':
      return <WriteGrids {...diagram} />;
    case 'chunks':
      return <ChunkPicture {...diagram} />;
    case 'decay':
      return <DecayGrid {...diagram} />;
    case 'k3':
      return (
        <>
          <LayerStack {...diagram} />
          <ExpertGrid {...diagram} />
        </>
      );
  }
}
