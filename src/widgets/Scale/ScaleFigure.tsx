/**
 * The opening figure: one mark per GPT-2 small inside Kimi K3, with the marks that fire on
 * a single token in gold. All numbers arrive as props from src/content at build time.
 */
import { MarkGrid } from '../../viz/MarkGrid';

export interface ScaleFigureProps {
  /** Whole copies of the small model in the large one (rounded). */
  marks: number;
  /** Copies' worth of parameters active on one token (rounded). */
  activeMarks: number;
  smallName: string;
  largeName: string;
  largeTotal: string;
  largeActive: string;
}

export const SCALE_COLUMNS = 200;

export function describeScale(p: ScaleFigureProps): string {
  return `${p.marks.toLocaleString('en-US')} small squares, one per ${p.smallName}, fill a grid the size of ${p.largeName} (${p.largeTotal} parameters). The first ${p.activeMarks.toLocaleString('en-US')}, in gold, are the ${p.largeActive} parameters that fire on any one token; the rest stay idle.`;
}

export function ScaleFigure(props: ScaleFigureProps) {
  const description = describeScale(props);
  return (
    <div className="scale-figure">
      <MarkGrid
        count={props.marks}
        highlighted={props.activeMarks}
        columns={SCALE_COLUMNS}
        label={description}
        fallback={<p>{description}</p>}
      />
      <p className="legend" aria-hidden="true">
        <span className="swatch swatch-gold" /> active on a token ({props.activeMarks.toLocaleString('en-US')})
        <span className="swatch swatch-muted" /> resident, idle ({(props.marks - props.activeMarks).toLocaleString('en-US')})
      </p>
    </div>
  );
}
