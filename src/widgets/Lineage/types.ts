/**
 * The lineage stepper's props: seven steps of text, typeset equations and one diagram each,
 * all computed at build time by the essay section, so the client only draws.
 */
export type LayerKind = 'kda' | 'mla';

export interface PaperView {
  title: string;
  authors: string;
  year: number;
  arxiv: string | null;
  href: string;
}

export interface EquationView {
  id: string;
  label: string;
  /** Where the page keeps this equation's markup (see src/app/Island.tsx). */
  equationKey: string;
  /** KaTeX HTML and MathML, typeset by the build. */
  html: string;
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

export interface StepView {
  id: string;
  year: number;
  name: string;
  /** The marker's label. */
  short: string;
  wall: string;
  fix: string;
  cost: string;
  policy: string;
  papers: PaperView[];
  equations: EquationView[];
  diagram: Diagram;
}
