/**
 * The facts the "what ships today" section rests on: which models are in the table, the share
 * of its parameters each fires on a token, and who falls under 4% or over 6%.
 */
import { architectures as defaultData, GPT2_ID, model } from '../architectures';
import type { Architectures, Model } from '../schema';

export const SIX_PERCENT = 0.06;
export const FOUR_PERCENT = 0.04;

export interface Share {
  model: Model;
  share: number;
}

export function activeShare(m: Model): number {
  return m.activeParams.value / m.totalParams.value;
}

/** Each model with its share, lowest share first. */
export function byShare(models: readonly Model[]): Share[] {
  return models.map((m) => ({ model: m, share: activeShare(m) })).sort((a, b) => a.share - b.share);
}

/** The eight architectures of the table, in file order. */
export function featuredModels(data: Architectures = defaultData): Model[] {
  return data.models.filter((m) => m.featured);
}

export function referenceModel(data: Architectures = defaultData): Model {
  return model(GPT2_ID, data);
}

/**
 * Mixture-of-experts models checked for the section but left out of the table. A dense model left
 * out (Qwen3.8-27B) fires every parameter: it is in the memory figure, not among the shares.
 */
export function otherModels(data: Architectures = defaultData): Model[] {
  return data.models.filter((m) => !m.featured && !m.reference && m.moe);
}

export interface ShareFacts {
  /** The featured models, lowest share first. */
  shares: Share[];
  lowest: Share;
  highest: Share;
  /** Share above 6%. */
  over6: Share[];
  /** Share of 6% or less. */
  within6: Share[];
  /** Share below 4%, lowest first. */
  under4: Share[];
  /** The two largest by total parameters, largest first. */
  twoLargest: [Share, Share];
}

export function shareFacts(data: Architectures = defaultData): ShareFacts {
  const shares = byShare(featuredModels(data));
  const lowest = shares[0];
  const highest = shares[shares.length - 1];
  const bySize = [...shares].sort((a, b) => b.model.totalParams.value - a.model.totalParams.value);
  const [first, second] = bySize;
  if (!lowest || !highest || !first || !second) throw new Error('data/architectures.json: the table needs at least two featured models');
  return {
    shares,
    lowest,
    highest,
    over6: shares.filter((s) => s.share > SIX_PERCENT),
    within6: shares.filter((s) => s.share <= SIX_PERCENT),
    under4: shares.filter((s) => s.share < FOUR_PERCENT),
    twoLargest: [first, second],
  };
}
