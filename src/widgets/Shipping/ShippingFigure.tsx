/** The shipping figure (interactive part). */
export type ShippingFigureProps = Record<string, never>;

export function ShippingFigure(_props: ShippingFigureProps) {
  return null;
}
