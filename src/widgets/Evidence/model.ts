/**
 * The evidence figure's state (its filters and the table's order), how it travels in the URL as
 * attn, tasks, controlled, by and order, and the words of its readout.
 */
import type { EvidenceFilter, Mark, Tally } from '../../core/evidence';
import type { FigureResult as Result, FigureStudy as Study } from '../../content/comparisons';
import { oneOf, type UrlCodec } from '../urlState';

export type SortKey = 'study' | 'benchmark' | 'advantage';
export interface EvidenceState {
  filter: EvidenceFilter;
  sort: { key: SortKey; dir: 'asc' | 'desc' };
}

const ATTENTION = ['all', 'global', 'window'] as const;
const TASKS = ['all', 'recall', 'other'] as const;
const KEYS: readonly SortKey[] = ['study', 'benchmark', 'advantage'];
const DIRS = ['asc', 'desc'] as const;

export const evidenceCodec: UrlCodec<EvidenceState> = {
  parse(params, d) {
    return {
      filter: {
        attention: oneOf(params, 'attn', ATTENTION) ?? d.filter.attention,
        tasks: oneOf(params, 'tasks', TASKS) ?? d.filter.tasks,
        controlledOnly: params.get('controlled') === '1' ? true : params.get('controlled') === '0' ? false : d.filter.controlledOnly,
      },
      sort: { key: oneOf(params, 'by', KEYS) ?? d.sort.key, dir: oneOf(params, 'order', DIRS) ?? d.sort.dir },
    };
  },
  write(s, d) {
    const unless = <T>(v: T, dv: T, text: string) => (v === dv ? null : text);
    return {
      attn: unless(s.filter.attention, d.filter.attention, s.filter.attention),
      tasks: unless(s.filter.tasks, d.filter.tasks, s.filter.tasks),
      controlled: unless(s.filter.controlledOnly, d.filter.controlledOnly, s.filter.controlledOnly ? '1' : '0'),
      by: unless(s.sort.key, d.sort.key, s.sort.key),
      order: unless(s.sort.dir, d.sort.dir, s.sort.dir),
    };
  },
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "43 results from 14 studies: 31 favour the hybrid, 12 the baseline; 27 of the 31 come from the lab that built it." */
export function readoutOf(t: Tally): string {
  if (t.results === 0) return 'No result matches these filters.';
  const ties = t.tie ? `, ${plural(t.tie, 'tie', 'ties')}` : '';
  return (
    `${plural(t.results, 'result', 'results')} from ${plural(t.studies, 'study', 'studies')}: ${t.hybrid} favour the hybrid, ` +
    `${t.baseline} the baseline${ties}; ${t.hybridFromBuilder} of the ${t.hybrid} come from the lab that built it.`
  );
}

/** The table's rows in the reader's order: studies in the data's order, benchmarks by name, or by advantage (a result published only as a difference last). */
export function sortMarks(marks: Mark<Result>[], sort: EvidenceState['sort'], studies: Map<string, Study>): Mark<Result>[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const order = new Map([...studies.keys()].map((id, i) => [id, i]));
  return [...marks].sort((a, b) => {
    if (sort.key === 'advantage') {
      if (a.advantage === null || b.advantage === null) return (a.advantage === null ? 1 : 0) - (b.advantage === null ? 1 : 0);
      return sign * (a.advantage - b.advantage);
    }
    if (sort.key === 'study') return sign * (order.get(a.study)! - order.get(b.study)!) || a.index - b.index;
    return sign * a.result.benchmark.localeCompare(b.result.benchmark) || order.get(a.study)! - order.get(b.study)!;
  });
}
