/**
 * The evidence figure's state (its filters and the table's order), how it travels in the URL as
 * attn, run, tasks, controlled, by and order, the words of its readout, and its rows.
 */
import { type EvidenceFilter, type Mark, type Runner, runnerOf, type StudyCount, studyCountWords, type Tally } from '../../core/evidence';
import type { FigureResult as Result, FigureStudy as Study } from '../../content/comparisons';
import { listWords } from '../../format';
import { oneOf, type UrlCodec } from '../urlState';

export type SortKey = 'study' | 'benchmark' | 'advantage';
export interface EvidenceState {
  filter: EvidenceFilter;
  sort: { key: SortKey; dir: 'asc' | 'desc' };
}

const ATTENTION = ['all', 'global', 'window'] as const;
export const RUNNERS = ['all', 'builder', 'rival', 'independent'] as const;
const TASKS = ['all', 'recall', 'other'] as const;
const KEYS: readonly SortKey[] = ['study', 'benchmark', 'advantage'];
const DIRS = ['asc', 'desc'] as const;

export const evidenceCodec: UrlCodec<EvidenceState> = {
  parse(params, d) {
    return {
      filter: {
        attention: oneOf(params, 'attn', ATTENTION) ?? d.filter.attention,
        runner: oneOf(params, 'run', RUNNERS) ?? d.filter.runner,
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
      run: unless(s.filter.runner, d.filter.runner, s.filter.runner),
      tasks: unless(s.filter.tasks, d.filter.tasks, s.filter.tasks),
      controlled: unless(s.filter.controlledOnly, d.filter.controlledOnly, s.filter.controlledOnly ? '1' : '0'),
      by: unless(s.sort.key, d.sort.key, s.sort.key),
      order: unless(s.sort.dir, d.sort.dir, s.sort.dir),
    };
  },
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Who ran every result a filter by runner keeps, in the readout's words. */
const RAN: Record<Runner, string> = {
  builder: 'the lab that built the hybrid',
  rival: 'a rival lab, in a paper that promotes its own hybrid',
  independent: 'a lab with no hybrid of its own in the paper',
};

/**
 * "20 studies, 14 with numbers. Their 166 results: 125 favour the hybrid, 38 the baseline, 3 ties;
 * 94 of the 125 come from the lab that built it", or, filtered by who ran them, "…; each run by
 * a rival lab, …". The studies are counted in the words the list of studies uses
 * (studyCountWords). Where no result matches, the count and `none` (why not, where the figure can
 * say); where no study does, a plain no.
 */
export function readoutOf(t: Tally, count: StudyCount, runner: EvidenceFilter['runner'] = 'all', none?: string | null): string {
  if (count.studies === 0) return 'No study matches these filters.';
  const studies = studyCountWords(count);
  if (t.results === 0) return none ? `${studies}. ${none}` : `${studies}.`;
  const ties = t.tie ? `, ${plural(t.tie, 'tie', 'ties')}` : '';
  const who = runner === 'all' ? `${t.hybridFromBuilder} of the ${t.hybrid} come from the lab that built it` : `each run by ${RAN[runner]}`;
  const their = count.withNumbers === 1 ? 'Its' : 'Their';
  return `${studies}. ${their} ${plural(t.results, 'result', 'results')}: ${t.hybrid} favour the hybrid, ${t.baseline} the baseline${ties}; ${who}.`;
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

/** A result as a value pair, or as the difference a study published: "51.0 vs 47.2", "+2.65 points". */
export const valueWords = (r: Result) =>
  r.hybrid === null ? `${r.difference! > 0 ? '+' : ''}${r.difference} points` : `${r.hybrid.toFixed(r.digits)} vs ${r.baseline!.toFixed(r.digits)}`;

/** A relative difference to a tenth of a percent: +0.2%, −3.1%. */
export const relative = (a: number) => `${a > 0 ? '+' : a < 0 ? '−' : '±'}${Math.abs(100 * a).toFixed(1)}%`;

/** A row's badge, and the table's word: who ran its study. */
export const BY: Record<Runner, string> = { builder: 'builder', rival: 'rival', independent: 'independent' };

export interface Row {
  study: Study;
  runner: Runner;
  marks: Mark<Result>[];
  /** Where none of the row's results can be drawn (each published as a difference only), why, in words. */
  word: string | null;
}

/** One row per study the filter leaves a result of, in the data's order: its marks, or why it has none. */
export function rowsOf(studies: readonly Study[], marks: readonly Mark<Result>[]): Row[] {
  return studies.flatMap((study) => {
    const own = marks.filter((m) => m.study === study.id);
    if (own.length === 0) return [];
    const word = own.some((m) => m.advantage !== null) ? null : `published as a difference only: ${own.map((m) => valueWords(m.result)).join(', ')}`;
    return [{ study, runner: runnerOf(study, studies), marks: own, word }];
  });
}

/**
 * Why the independent studies leave nothing to draw, from the data: each one the other filters
 * keep, by whether its numbers were not found or not published; null where there is none to name.
 */
export function independentNone(filter: EvidenceFilter, studies: readonly Study[]): string | null {
  if (filter.runner !== 'independent') return null;
  const kept = studies.filter(
    (s) =>
      runnerOf(s, studies) === 'independent' &&
      s.results.length === 0 &&
      (filter.attention === 'all' || s.attention.kind === filter.attention) &&
      (!filter.controlledOnly || s.control.grade === 'A'),
  );
  const names = (n: Study['numbers']) => kept.filter((s) => s.numbers === n).map((s) => `“${s.name}”`);
  const [found, none] = [names('not found'), names('not published')];
  if (found.length + none.length === 0) return null;
  const parts = [
    found.length ? `the numbers of ${listWords(found)} were not found in the sources read` : '',
    none.length ? `${listWords(none)} ${none.length === 1 ? 'publishes' : 'publish'} none` : '',
  ].filter(Boolean);
  return `No independent study gives a number here: ${parts.join('; ')}.`;
}
