/**
 * The ladder's props: the steps of src/content/lineageView.ts, each equation typeset by the
 * build twice over (MathML alone for the page, KaTeX's markup for the open card), so the client only draws.
 */
import type { EquationRef, StepView } from '../../content/lineageView';
import type { EquationMarkup } from '../../viz/TypesetMath';

export type { ChunkDiagram, DecayDiagram, Diagram, K3Diagram, LayerKind, MemoryDiagram, WriteDiagram } from '../../content/lineageView';

/**
 * A step's equation with the line that names its symbols. `mathml` is what the prerendered page
 * holds (the page keeps its markup, so the props leave it out); `html` is KaTeX's markup, its
 * inline styles as data, which a card sets once script runs.
 */
type EquationView = EquationRef & { where: string | null; mathml: EquationMarkup; html: string };

/** With the id of the correction (data/corrections.json) of what the usual account says of the step, if any. */
export type FigureStep = StepView<EquationView> & { correction?: string };
