/**
 * The lineage stepper's props: the steps of src/content/lineageView.ts, each equation with its
 * markup typeset by the build, so the client only draws.
 */
import type { EquationRef, StepView } from '../../content/lineageView';
import type { EquationMarkup } from '../../viz/TypesetMath';

export type { ChunkDiagram, DecayDiagram, Diagram, K3Diagram, LayerKind, MemoryDiagram, WriteDiagram } from '../../content/lineageView';

type EquationView = EquationRef & EquationMarkup;

export type FigureStep = StepView<EquationView>;
