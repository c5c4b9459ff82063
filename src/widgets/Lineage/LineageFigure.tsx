/** The lineage figure (interactive part). */
export type LineageFigureProps = Record<string, never>;

export function LineageFigure(_props: LineageFigureProps) {
  return null;
}
