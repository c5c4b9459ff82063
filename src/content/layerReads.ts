/**
 * What data/architectures.json says of a model's layers by what they read, checked as a whole:
 * a count for each read group of layerReads, in its order, that add up to the layers, and agree
 * with the model's linear and full-attention counts. The schema reports each issue with its field.
 */

/** A layer with no attention and no state (a feed-forward-only layer) reads nothing, and nothing else. */
export const READS_NOTHING = 'nothing' as const;

interface CountLike {
  value: number | string;
  status: string;
}

interface ModelReads {
  layers: CountLike;
  linearLayers?: CountLike | undefined;
  fullAttentionLayers?: CountLike | undefined;
  layerReads: readonly (readonly string[])[];
  layerReadCounts?: readonly CountLike[] | undefined;
}

export interface ReadsIssue {
  message: string;
  path: (string | number)[];
}

const known = (c: CountLike | undefined): number | null => (c && typeof c.value === 'number' ? c.value : null);

/** The count of the one group that reads exactly `read`, or null when there is none or it is not published. */
function countOfOnly(m: ModelReads, read: string): number | null {
  const i = m.layerReads.findIndex((g) => g.length === 1 && g[0] === read);
  return i < 0 ? null : known(m.layerReadCounts?.[i]);
}

export function layerReadsIssues(m: ModelReads): ReadsIssue[] {
  const issues: ReadsIssue[] = [];
  const groups = m.layerReads;
  const seen = new Set<string>();
  groups.forEach((g, i) => {
    if (g.includes(READS_NOTHING) && g.length > 1) {
      issues.push({ message: 'a layer that reads "nothing" reads nothing else: give it a group of its own', path: ['layerReads', i] });
    }
    if (new Set(g).size !== g.length) issues.push({ message: 'a read is listed twice in one group', path: ['layerReads', i] });
    const key = [...g].sort().join(' + ');
    if (seen.has(key)) issues.push({ message: 'two read groups list the same reads: give their layers one group and one count', path: ['layerReads', i] });
    seen.add(key);
  });
  const counts = m.layerReadCounts;
  if (!counts) {
    if (groups.length) {
      issues.push({
        message: 'required: one count per read group of layerReads, in its order (or "not published" / "not found")',
        path: ['layerReadCounts'],
      });
    }
    return issues;
  }
  if (counts.length !== groups.length) {
    issues.push({
      message: `${counts.length} counts for ${groups.length} read groups: give one per group of layerReads, in its order`,
      path: ['layerReadCounts'],
    });
    return issues;
  }
  const layers = known(m.layers);
  const values = counts.map(known);
  const sum = values.reduce<number>((s, v) => s + (v ?? 0), 0);
  const unknown = values.filter((v) => v === null).length;
  if (layers !== null && unknown === 0 && sum !== layers) {
    issues.push({
      message: `the read groups' counts add up to ${sum}, not the ${layers} layers: every layer belongs to one group (["nothing"] for layers that read no context)`,
      path: ['layerReadCounts'],
    });
  }
  if (layers !== null && unknown > 0 && sum >= layers) {
    issues.push({
      message: `the published counts already add up to ${sum} of the ${layers} layers, leaving none for the groups whose count is not published`,
      path: ['layerReadCounts'],
    });
  }
  const pairs = [
    ['linearLayers', m.linearLayers, 'a fixed-size state'],
    ['fullAttentionLayers', m.fullAttentionLayers, 'every token'],
  ] as const;
  for (const [field, figure, read] of pairs) {
    const stated = known(figure);
    const grouped = countOfOnly(m, read);
    if (stated !== null && grouped !== null && stated !== grouped) {
      issues.push({ message: `${stated} here, but ${grouped} in the layerReadCounts group that reads ${read}`, path: [field, 'value'] });
    }
  }
  return issues;
}
