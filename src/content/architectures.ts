/**
 * Loads data/architectures.json once, validated, and answers the questions the essay asks
 * of it, so that no number in the prose is typed by hand.
 */
import raw from '../../data/architectures.json';
import { architecturesSchema, type Architectures, type Model } from './schema';
import { parseData } from './validate';

export const ARCHITECTURES_FILE = 'data/architectures.json';

export function parseArchitectures(json: unknown, file = ARCHITECTURES_FILE): Architectures {
  return parseData(architecturesSchema, json, file);
}

export const architectures: Architectures = parseArchitectures(raw);

export function model(id: string, data: Architectures = architectures): Model {
  const found = data.models.find((m) => m.id === id);
  if (!found) throw new Error(`${ARCHITECTURES_FILE}: no model with id "${id}"`);
  return found;
}

export const GPT2_ID = 'gpt-2-small';
export const K3_ID = 'kimi-k3';
export const KIMI_LINEAR_ID = 'kimi-linear-48b-a3b';

/** How many copies of the small model fit in the large one, by parameter count. */
export interface ScaleRatio {
  small: Model;
  large: Model;
  /** large total / small's exact count. */
  exact: number;
  /** large total / small's headline count (124M), the figure usually quoted. */
  headline: number;
  /** large active per token / small's exact count. */
  active: number;
  activeShare: number;
}

export function scaleRatio(data: Architectures = architectures): ScaleRatio {
  const small = model(GPT2_ID, data);
  const large = model(K3_ID, data);
  const exactSmall = small.totalParams.value;
  const headlineSmall = small.headlineParams?.value ?? exactSmall;
  return {
    small,
    large,
    exact: large.totalParams.value / exactSmall,
    headline: large.totalParams.value / headlineSmall,
    active: large.activeParams.value / exactSmall,
    activeShare: large.activeParams.value / large.totalParams.value,
  };
}

/** A figure the prose relies on; the build stops if the data no longer publishes it. */
export function required(m: Model, field: keyof Model): number {
  const figure = m[field] as { value: unknown } | undefined;
  if (!figure || typeof figure.value !== 'number') {
    throw new Error(`${ARCHITECTURES_FILE}: ${m.id}.${String(field)} is needed by the essay but is not a published number`);
  }
  return figure.value;
}

export interface K3Facts {
  linearLayers: number;
  fullAttentionLayers: number;
  layers: number;
  expertsRouted: number;
  expertsActive: number;
  expertsShared: number;
  depthSummaryEvery: number;
  contextTokens: number;
}

export function k3Facts(data: Architectures = architectures): K3Facts {
  const k3 = model(K3_ID, data);
  return {
    linearLayers: required(k3, 'linearLayers'),
    fullAttentionLayers: required(k3, 'fullAttentionLayers'),
    layers: required(k3, 'layers'),
    expertsRouted: required(k3, 'expertsRouted'),
    expertsActive: required(k3, 'expertsActive'),
    expertsShared: required(k3, 'expertsShared'),
    depthSummaryEvery: required(k3, 'depthSummaryEvery'),
    contextTokens: required(k3, 'contextTokens'),
  };
}
