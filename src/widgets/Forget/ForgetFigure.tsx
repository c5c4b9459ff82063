/** The forget figure (interactive part). */
export type ForgetFigureProps = Record<string, never>;

export function ForgetFigure(_props: ForgetFigureProps) {
  return null;
}
