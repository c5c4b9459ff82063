/**
 * The page's one diverging colour rule for signed values: gold for positive, blue for negative,
 * strength growing with magnitude up to `max`, zero counting as positive at no strength.
 * Heatmaps and the lineage's small state pictures both draw with it.
 */
export interface DivergingCell {
  positive: boolean;
  /** min(1, |x| / max), 0 when max is 0. */
  strength: number;
}

export function diverging(x: number, max = 1): DivergingCell {
  return { positive: x >= 0, strength: max > 0 ? Math.min(1, Math.abs(x) / max) : 0 };
}
