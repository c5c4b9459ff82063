/** What the state demo draws for n pairs: each rule's number, its memory, and their shared colour scale. */
import { groupErrors } from '../../core/groups';
import { RULES, type Rule } from '../../core/memory';
import { stateAt, type Trace } from '../../core/trace';
import type { Stream } from '../../core/stream';
import type { GroupValues } from './describe';
import type { Metric } from './state';

export function metricAt(t: Trace, metric: Metric, rule: Rule, n: number): number {
  return (metric === 'error' ? t.error : t.cosine)[rule][n - 1] ?? 0;
}

/** Everything drawn for n pairs that changes with n, computed once for the render and the drag. */
export function picture(t: Trace, metric: Metric, n: number) {
  const values = Object.fromEntries(RULES.map((r) => [r, metricAt(t, metric, r, n)])) as Record<Rule, number>;
  const states = RULES.map((r) => stateAt(t, r, n));
  let max = 0;
  for (const S of states) for (const x of S) max = Math.max(max, Math.abs(x));
  return { values, states, max };
}

/** The read error by group of pairs, shown for the lifetimes stream only, where the groups differ in kind. */
export function groupsAt(t: Trace, stream: Stream, kind: string, metric: Metric, n: number): GroupValues | null {
  if (kind !== 'lifetimes' || metric !== 'error') return null;
  return Object.fromEntries(RULES.map((r) => [r, groupErrors(stateAt(t, r, n), stream, n)])) as GroupValues;
}
