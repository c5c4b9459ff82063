/**
 * The opening figure: one mark per GPT-2 small inside Kimi K3, with the marks that fire on
 * a single token in gold. All numbers arrive as props from src/content at build time; the
 * picture is finished on the server and has nothing to hydrate.
 */
import { integer } from '../../format';
import { Swatch } from '../../viz/Legend';
import { MarkGrid } from '../../viz/MarkGrid';

interface ScaleFigureProps {
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

function describeScale(p: ScaleFigureProps): string {
  return `${integer(p.marks)} small squares, one per ${p.smallName}, fill a grid the size of ${p.largeName} (${p.largeTotal} parameters). The first ${integer(p.activeMarks)}, in gold, are the ${p.largeActive} parameters that fire on any one token; the rest stay idle.`;
}

export function ScaleFigure(props: ScaleFigureProps) {
  const description = describeScale(props);
  return (
    <div className="scale-figure">
      <MarkGrid count={props.marks} highlighted={props.activeMarks} columns={SCALE_COLUMNS} label={description} />
      <p className="legend" aria-hidden="true">
        <Swatch className="swatch swatch-gold" /> active on a token ({integer(props.activeMarks)})
        <Swatch className="swatch swatch-muted" /> resident, idle ({integer(props.marks - props.activeMarks)})
      </p>
    </div>
  );
}
