/**
 * The lineage stepper's props: the steps of src/content/lineageView.ts, each equation with its
 * markup typeset by the build, so the client only draws.
 */
import type { EquationRef, StepView } from '../../content/lineageView';
import type { EquationMarkup } from '../../viz/TypesetMath';

export type { ChunkDiagram, DecayDiagram, Diagram, K3Diagram, LayerKind, MemoryDiagram, WriteDiagram } from '../../content/lineageView';

/** A step's equation, typeset, with the line that names its symbols. */
type EquationView = EquationRef & EquationMarkup & { where: string | null };

/** With the id of the correction (data/corrections.json) of what the usual account says of the step, if any. */
export type FigureStep = StepView<EquationView> & { correction?: string };
