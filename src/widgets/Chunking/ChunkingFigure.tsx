/** The chunking figure (interactive part). */
export type ChunkingFigureProps = Record<string, never>;

export function ChunkingFigure(_props: ChunkingFigureProps) {
  return null;
}
