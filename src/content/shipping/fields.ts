/** The sourced figures a model may carry, with the words the notes, caveats and CSV use for each. */
import type { Model } from '../schema';

/** The shipping table's columns, in order. */
export type ColumnKey = 'name' | 'released' | 'total' | 'active' | 'share' | 'layers' | 'attention' | 'experts' | 'context' | 'licence';

export type FigureField =
  | 'released'
  | 'totalParams'
  | 'headlineParams'
  | 'activeParams'
  | 'layers'
  | 'linearLayers'
  | 'fullAttentionLayers'
  | 'attention'
  | 'expertsRouted'
  | 'expertsActive'
  | 'expertsShared'
  | 'contextTokens'
  | 'licence'
  | 'depthSummaryEvery';

export const FIGURE_LABELS: Record<FigureField, string> = {
  released: 'release date',
  totalParams: 'total parameters',
  headlineParams: 'headline count',
  activeParams: 'active parameters',
  layers: 'layers',
  linearLayers: 'linear-attention layers',
  fullAttentionLayers: 'full-attention layers',
  attention: 'attention design',
  expertsRouted: 'routed experts',
  expertsActive: 'active experts',
  expertsShared: 'shared experts',
  contextTokens: 'context length',
  licence: 'licence',
  depthSummaryEvery: 'depth summaries',
};

/** The layer counts by what the layers read (layerReadCounts), as the notes and the CSV name them. */
export const LAYER_READ_COUNTS = 'layers by what they read';

/** Every sourced figure a model may carry, in the order the notes and the CSV list them. */
export const FIGURE_FIELDS = Object.keys(FIGURE_LABELS) as FigureField[];

export interface AnyFigure {
  value: unknown;
  status: string;
  source?: string | undefined;
  note?: string | undefined;
}

export function figuresOf(m: Model): { field: FigureField; figure: AnyFigure }[] {
  return FIGURE_FIELDS.flatMap((field) => {
    const figure = m[field] as AnyFigure | undefined;
    return figure ? [{ field, figure }] : [];
  });
}
