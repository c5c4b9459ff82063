/**
 * The lineage as the page shows it: every step with its text filled from the data, its rung's
 * lines, its papers with their reference numbers, its equation ids and the numbers of its
 * picture. The ladder receives it as props and only draws.
 */
import { GPT2_ID, K3_ID, k3Facts, model } from './architectures';
import { listWords } from '../format';
import { referenceAt } from './references';
import {
  cacheAgainstState,
  chunkPicture,
  decayGates,
  k3LayerKinds,
  lineage,
  lineageSteps,
  litExperts,
  writeComparison,
  type DiagramKind,
  type LayerKind,
  type LineageStep,
} from './lineage';

export type { LayerKind };

/** Columns of the decay pictures: the write itself, then eleven more steps. */
const DECAY_STEPS = 12;

export interface PaperView {
  title: string;
  authors: string;
  year: number;
  arxiv: string | null;
  href: string;
  /** Its entry in the references, for the numbered mark after the link; null for one not listed. */
  reference: { id: string; number: number } | null;
}

/** An equation a step names: its registry id and what a screen reader calls it. */
export interface EquationRef {
  id: string;
  label: string;
}

/** Values held against context length: GPT-2's cache, and a state of its shape (or none). */
export interface MemoryDiagram {
  kind: 'memory';
  context: number;
  cachePerToken: number;
  state: number | null;
  crossing: number;
}

/** The same writes into an additive and a delta-rule state (row-major size × size). */
export interface WriteDiagram {
  kind: 'write';
  size: number;
  additive: number[];
  delta: number[];
  rewritten: number[];
  writes: number;
  additiveError: number;
  deltaError: number;
}

export interface ChunkDiagram {
  kind: 'chunks';
  tokens: number;
  chunk: number;
  recurrentSteps: number;
  chunkedSteps: number;
}

/** How much of one write each key channel keeps, step after step, under one decay per channel. */
export interface DecayDiagram {
  kind: 'decay';
  gates: number[];
  steps: number;
  /** The hybrid's layer cycle, drawn under the decays; null before hybrids. */
  cycle: LayerKind[] | null;
}

export interface K3Diagram {
  kind: 'k3';
  layers: LayerKind[];
  blockSize: number;
  expertsRouted: number;
  expertsActive: number;
  expertsShared: number;
  /** Indices of the routed experts lit in the picture of one token. */
  lit: number[];
}

export type Diagram = MemoryDiagram | WriteDiagram | ChunkDiagram | DecayDiagram | K3Diagram;

export interface StepView<E extends EquationRef = EquationRef> {
  id: string;
  year: number;
  name: string;
  /** The rung's lines: the step's rule in a line, and what it gave up. */
  rule: string;
  gaveUp: string;
  wall: string;
  fix: string;
  cost: string;
  policy: string;
  papers: PaperView[];
  equations: E[];
  diagram: Diagram;
}

function diagramFor(kind: DiagramKind): Diagram {
  switch (kind) {
    case 'cache':
    case 'cacheVsState': {
      const m = cacheAgainstState();
      return { kind: 'memory', context: m.context, cachePerToken: m.cachePerToken, state: kind === 'cache' ? null : m.state, crossing: m.crossing };
    }
    case 'write': {
      const w = writeComparison();
      // Four decimals are finer than any colour step, and keep the props small.
      const round = (xs: number[]) => xs.map((x) => Math.round(x * 1e4) / 1e4);
      return { kind: 'write', ...w, additive: round(w.additive), delta: round(w.delta) };
    }
    case 'chunks':
      return { kind: 'chunks', ...chunkPicture() };
    case 'decay':
      return { kind: 'decay', gates: decayGates(false), steps: DECAY_STEPS, cycle: null };
    case 'perChannelDecay':
      return { kind: 'decay', gates: decayGates(true), steps: DECAY_STEPS, cycle: [...lineage.hybridCycle.value] };
    case 'k3': {
      const k3 = k3Facts();
      return {
        kind: 'k3',
        layers: k3LayerKinds(),
        blockSize: k3.depthSummaryEvery,
        expertsRouted: k3.expertsRouted,
        expertsActive: k3.expertsActive,
        expertsShared: k3.expertsShared,
        lit: litExperts(k3.expertsRouted, k3.expertsActive),
      };
    }
  }
}

function stepView(step: LineageStep): StepView {
  return {
    id: step.id,
    year: step.year.value,
    name: step.name,
    rule: step.rule,
    gaveUp: step.gaveUp,
    wall: step.wall,
    fix: step.fix,
    cost: step.cost,
    policy: step.policy,
    papers: step.papers.map((p) => {
      const r = referenceAt(p.url);
      return {
        title: p.title,
        authors: listWords(p.authors),
        year: p.year.value,
        arxiv: p.arxiv,
        href: p.url,
        reference: r ? { id: r.id, number: r.number } : null,
      };
    }),
    equations: step.equations.map((eq) => ({ id: eq.id, label: eq.label })),
    diagram: diagramFor(step.diagram),
  };
}

export interface LineageFacts {
  steps: StepView[];
  smallName: string;
  largeName: string;
  firstYear: number;
  lastYear: number;
  k3ConfigSource: string;
  gpt2ShapeSource: string;
}

export function lineageFacts(): LineageFacts {
  const filled = lineageSteps();
  const steps = filled.map(stepView);
  return {
    steps,
    smallName: model(GPT2_ID).name,
    largeName: model(K3_ID).name,
    firstYear: steps[0]?.year ?? 0,
    lastYear: steps[steps.length - 1]?.year ?? 0,
    k3ConfigSource: lineage.k3Stack.cycle.source,
    gpt2ShapeSource: lineage.gpt2Shape.dModel.source,
  };
}
