/**
 * The evidence figure's arithmetic (data/comparisons.json): how much better a hybrid did than its
 * baseline in the benchmark's own direction, who each result favours, who ran each study, what a
 * filter keeps, and the counts a reader is told. Pure functions over plain objects, shared by the
 * page and the figure.
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
  /** The paper or report the study comes from: studies from one paper share it. */
  paper: string;
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

/**
 * Who ran a study, against the hybrid it measures: the lab that built the hybrid, a rival lab
 * measuring it in a paper that presents a hybrid of its own, or a lab with no hybrid of its own.
 */
export type Runner = 'builder' | 'rival' | 'independent';

/**
 * Who ran `study`, derived from the data: 'builder' where the lab that ran it built the hybrid
 * (builtByRunner); 'rival' where it did not, but the same paper presents a hybrid of its own
 * (another study of that `paper` has builtByRunner); 'independent' otherwise, a paper that
 * promotes no hybrid. `studies` must hold every study of the study's paper.
 */
export function runnerOf(study: Pick<EvidenceStudy, 'paper' | 'builtByRunner'>, studies: readonly Pick<EvidenceStudy, 'paper' | 'builtByRunner'>[]): Runner {
  if (study.builtByRunner) return 'builder';
  return studies.some((s) => s.paper === study.paper && s.builtByRunner) ? 'rival' : 'independent';
}

export interface EvidenceFilter {
  attention: 'all' | 'global' | 'window';
  /** Only studies run by the hybrid's builder, by a rival, or independently. */
  runner: 'all' | Runner;
  /** Only studies graded A: identical data and recipe. */
  controlledOnly: boolean;
  tasks: 'all' | 'recall' | 'other';
}

export const NO_FILTER: Readonly<EvidenceFilter> = Object.freeze({ attention: 'all', runner: 'all', controlledOnly: false, tasks: 'all' });

/** The task groups a reader can filter to: recall and long context, or perplexity and short tasks. */
export const RECALL_KINDS: readonly ResultKind[] = ['recall', 'long'];

export interface Mark<R extends EvidenceResult = EvidenceResult> {
  study: string;
  index: number;
  result: R;
  advantage: number | null;
  favours: Favours;
}

/** Every study the filter keeps by attention, runner and grade, whether or not it has results; who ran each is judged among `studies`. */
function keptStudies<S extends EvidenceStudy<EvidenceResult>>(filter: EvidenceFilter, studies: readonly S[]): S[] {
  return studies
    .filter((s) => filter.attention === 'all' || s.attention.kind === filter.attention)
    .filter((s) => filter.runner === 'all' || runnerOf(s, studies) === filter.runner)
    .filter((s) => !filter.controlledOnly || s.control.grade === 'A');
}

/** Every result the filter keeps, study by study; who ran each study is judged among `studies`. */
export function marksOf<R extends EvidenceResult>(filter: EvidenceFilter, studies: readonly EvidenceStudy<R>[]): Mark<R>[] {
  return keptStudies(filter, studies).flatMap((s) =>
    s.results
      .map((result, index) => ({ study: s.id, index, result, advantage: advantage(result), favours: favours(result) }))
      .filter((m) => filter.tasks === 'all' || RECALL_KINDS.includes(m.result.kind) === (filter.tasks === 'recall')),
  );
}

/** How many studies a filter keeps (with results or not), and how many of those give a result it keeps. */
export interface StudyCount {
  studies: number;
  withNumbers: number;
  tasks: EvidenceFilter['tasks'];
}

export function studyCount(filter: EvidenceFilter, studies: readonly EvidenceStudy[]): StudyCount {
  return {
    studies: keptStudies(filter, studies).length,
    withNumbers: new Set(marksOf(filter, studies).map((m) => m.study)).size,
    tasks: filter.tasks,
  };
}

const NUMBERS: Record<EvidenceFilter['tasks'], string> = {
  all: 'numbers',
  recall: 'recall or long-context numbers',
  other: 'perplexity or short-task numbers',
};

/**
 * "20 studies, 14 with numbers": the one phrase that counts the studies, for the evidence
 * figure's readout and the list of studies alike, so that the two cannot disagree.
 */
export function studyCountWords({ studies, withNumbers, tasks }: StudyCount): string {
  const what = NUMBERS[tasks];
  const noun = studies === 1 ? 'study' : 'studies';
  if (withNumbers === 0) return `${studies} ${noun}, none with ${what}`;
  if (withNumbers === studies) return studies === 1 ? `1 study, with ${what}` : `${studies} studies, all with ${what}`;
  return `${studies} ${noun}, ${withNumbers} with ${what}`;
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
