/**
 * A few tokens cut into chunks: inside each chunk a masked block (its lower triangle) of work
 * done at once, and between chunks only the state S carried forward, so fewer steps run in order.
 */
import type { ChunkDiagram } from './types';

export function ChunkPicture(d: ChunkDiagram) {
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
              return <rect key={i} className={col <= r ? 'mask-on' : 'mask-off'} x={mx + col * mask} y={52 + r * mask} width={mask - 1} height={mask - 1} />;
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
