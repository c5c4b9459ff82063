/**
 * The evidence figure's arithmetic (data/comparisons.json): how much better a hybrid did than its
 * baseline in the benchmark's own direction, who each result favours, what a filter keeps, and
 * the counts a reader is told. Pure functions over plain objects, shared by the page and the figure.
 */

export type ResultKind = 'recall' | 'long' | 'perplexity' | 'short';

/** A result as the arithmetic needs it. */
export interface EvidenceResult {
  direction: 'higher' | 'lower';
  hybrid: number | null;
  baseline: number | null;
  difference?: number | undefined;
  kind: ResultKind;
}

export interface EvidenceStudy<R extends EvidenceResult = EvidenceResult> {
  id: string;
  builtByRunner: boolean;
  attention: { kind: 'global' | 'window' };
  control: { grade: string };
  results: readonly R[];
}

/**
 * How much better the hybrid did, relative to the baseline and in the benchmark's own direction:
 * +0.08 is 8% better, −0.04 4% worse. Relative, so that points of accuracy and units of perplexity
 * share one axis. Null where a study publishes only the difference.
 */
export function advantage(r: EvidenceResult): number | null {
  if (r.hybrid === null || r.baseline === null) return null;
  const change = (r.hybrid - r.baseline) / Math.abs(r.baseline);
  return r.direction === 'higher' ? change : -change;
}

export type Favours = 'hybrid' | 'baseline' | 'tie';

/** Who a result favours; a result published only as a difference goes by its sign. */
export function favours(r: EvidenceResult): Favours {
  const a = advantage(r) ?? (r.difference === undefined ? 0 : r.direction === 'higher' ? r.difference : -r.difference);
  return a > 0 ? 'hybrid' : a < 0 ? 'baseline' : 'tie';
}

export interface EvidenceFilter {
  attention: 'all' | 'global' | 'window';
  /** Only studies graded A: identical data and recipe. */
  controlledOnly: boolean;
  tasks: 'all' | 'recall' | 'other';
}

export const NO_FILTER: Readonly<EvidenceFilter> = Object.freeze({ attention: 'all', controlledOnly: false, tasks: 'all' });

/** The task groups a reader can filter to: recall and long context, or perplexity and short tasks. */
export const RECALL_KINDS: readonly ResultKind[] = ['recall', 'long'];

export interface Mark<R extends EvidenceResult = EvidenceResult> {
  study: string;
  index: number;
  result: R;
  advantage: number | null;
  favours: Favours;
}

/** Every result the filter keeps, study by study. */
export function marksOf<R extends EvidenceResult>(filter: EvidenceFilter, studies: readonly EvidenceStudy<R>[]): Mark<R>[] {
  return studies
    .filter((s) => filter.attention === 'all' || s.attention.kind === filter.attention)
    .filter((s) => !filter.controlledOnly || s.control.grade === 'A')
    .flatMap((s) =>
      s.results
        .map((result, index) => ({ study: s.id, index, result, advantage: advantage(result), favours: favours(result) }))
        .filter((m) => filter.tasks === 'all' || RECALL_KINDS.includes(m.result.kind) === (filter.tasks === 'recall')),
    );
}

export interface Tally {
  results: number;
  studies: number;
  hybrid: number;
  baseline: number;
  tie: number;
  /** Results that favour the hybrid from a study run by the lab that built it. */
  hybridFromBuilder: number;
}

export function tally(marks: readonly Mark[], studies: readonly EvidenceStudy[]): Tally {
  const byId = new Map(studies.map((s) => [s.id, s]));
  const count = (f: Favours) => marks.filter((m) => m.favours === f).length;
  return {
    results: marks.length,
    studies: new Set(marks.map((m) => m.study)).size,
    hybrid: count('hybrid'),
    baseline: count('baseline'),
    tie: count('tie'),
    hybridFromBuilder: marks.filter((m) => m.favours === 'hybrid' && byId.get(m.study)?.builtByRunner).length,
  };
}
