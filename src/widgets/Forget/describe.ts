/**
 * Words for what the forget figure shows: rule names, the live readout and the sentence that
 * describes the picture to a screen reader. Pure, so tests can read them without a DOM.
 */
import { PAIR_GROUPS, RECENT_FAST, type PairGroup } from '../../core/groups';
import type { Rule } from '../../core/memory';
import type { StreamKind } from '../../core/stream';
import { fixed as fmt } from '../../format';
import type { Metric } from './state';

export const RULE_LABELS: Record<Rule, string> = {
  additive: 'Additive',
  delta: 'Delta',
  gatedDelta: 'Gated delta',
  perChannelGated: 'Per-channel gated',
};

export const METRIC_LABELS: Record<Metric, string> = {
  error: 'Read error',
  cosine: 'Cosine similarity',
};

export const STREAM_LABELS: Record<StreamKind, string> = {
  capacity: 'Capacity',
  orthogonal: 'Orthogonal',
  lifetimes: 'Lifetimes',
};

export const GROUP_LABELS: Record<PairGroup, string> = {
  slow: 'slow facts',
  oldFast: 'older fast pairs',
  recentFast: `latest ${RECENT_FAST} fast pairs`,
};

/** Each rule's read error by group of pairs, on the lifetimes stream. */
export type GroupValues = Record<Rule, Record<PairGroup, number | null>>;

function groupLine(groups: GroupValues, order: readonly Rule[]): string {
  const parts = PAIR_GROUPS.map((g) => {
    const values = order.map((r) => groups[r][g]);
    if (values.some((v) => v === null)) return `${GROUP_LABELS[g]}: none yet`;
    return `${GROUP_LABELS[g]}: ${order.map((r, i) => `${RULE_LABELS[r].toLowerCase()} ${fmt(values[i]!)}`).join(', ')}`;
  });
  return `By group, ${parts.join('; ')}.`;
}

/** The live numbers: pairs written, each rule's value, and on the lifetimes stream the read error by group on a line of its own. */
export function readout(n: number, metric: Metric, values: Record<Rule, number>, order: readonly Rule[], groups: GroupValues | null = null): string {
  const parts = order.map((r) => `${RULE_LABELS[r].toLowerCase()} ${fmt(values[r])}`);
  const head = `${n} ${n === 1 ? 'pair' : 'pairs'} written. ${METRIC_LABELS[metric]}: ${parts.join(', ')}.`;
  return groups ? `${head}\n${groupLine(groups, order)}` : head;
}

/** One or two sentences on what the picture shows now, led by the comparison that matters. */
export function describePicture(n: number, stream: StreamKind, seed: number, metric: Metric, values: Record<Rule, number>, order: readonly Rule[]): string {
  const head = `After ${n} ${n === 1 ? 'pair' : 'pairs'} of the ${stream} stream (seed ${seed}),`;
  if (metric === 'cosine') {
    const best = [...order].sort((a, b) => values[b] - values[a])[0]!;
    return `${head} ${RULE_LABELS[best].toLowerCase()} has the highest cosine similarity, ${fmt(values[best])}. Cosine ignores length, so a memory that hoards every direction scores well here even when its reads are wrong.`;
  }
  const best = [...order].sort((a, b) => values[a] - values[b])[0]!;
  const above = order.filter((r) => values[r] > 1);
  const wrong =
    above.length === 0
      ? 'every rule reads back better than answering zero.'
      : `${above.map((r) => RULE_LABELS[r].toLowerCase()).join(', ')} ${above.length === 1 ? 'reads' : 'read'} back worse than answering zero (error above 1.00).`;
  return `${head} ${wrong} The lowest read error is ${RULE_LABELS[best].toLowerCase()}, ${fmt(values[best])}.`;
}
