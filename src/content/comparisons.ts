/**
 * Loads data/comparisons.json, validated: every published controlled comparison of a hybrid with
 * attention, each result in the benchmark's own direction. Computes the marks the evidence figure
 * draws, what each filter keeps, and the counts the verify section's sentences state.
 */
import { z } from 'zod';
import raw from '../../data/comparisons.json';
import { httpsUrl } from './figure';
import { parseData } from './validate';

export const COMPARISONS_FILE = 'data/comparisons.json';

const KINDS = ['recall', 'long', 'perplexity', 'short'] as const;
const EVIDENCE = ['primary', 'secondary', 'abstract'] as const;
const GRADES = ['A', 'A-', 'B', 'C'] as const;

const resultSchema = z
  .strictObject({
    benchmark: z.string().min(1),
    metric: z.string().min(1),
    direction: z.enum(['higher', 'lower']),
    hybrid: z.number().finite().nullable(),
    baseline: z.number().finite().nullable(),
    /** Decimals the study prints its values with, so 51.0 is shown as 51.0. */
    digits: z.number().int().min(0).max(4),
    /** Only where a study publishes the difference and not the two values. */
    difference: z.number().finite().optional(),
    reference: z.string().min(1),
    kind: z.enum(KINDS),
    evidence: z.enum(EVIDENCE),
    variant: z.string().min(1).optional(),
    note: z.string().min(1).optional(),
    /** Where the numbers were read, if not the study's own page. */
    source: httpsUrl.optional(),
  })
  .refine((r) => (r.hybrid === null) === (r.baseline === null), { message: 'give both values or neither', path: ['baseline'] })
  .refine((r) => r.hybrid !== null || r.difference !== undefined, { message: 'a result without values needs the published difference', path: ['difference'] });

const studySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  arxiv: z
    .string()
    .regex(/^\d{4}\.\d{4,5}$/)
    .nullable(),
  url: httpsUrl,
  /** The paper or report the study comes from, by a short name: studies from one paper share it. */
  paper: z.string().min(1),
  /** The version of the paper its table numbers hold for ("arXiv v3 / ICLR 2025"); required where there are results. */
  version: z.string().min(1).optional(),
  ranBy: z.string().min(1),
  /** Whether the lab that ran the comparison built (proposed) the hybrid. */
  builtByRunner: z.boolean(),
  /** Total and active parameters; a study may give only the active count (total null). */
  scale: z.strictObject({ total: z.number().positive().nullable(), active: z.number().positive() }).nullable(),
  tokens: z.number().positive().nullable(),
  trainingContext: z.number().int().positive().nullable(),
  layout: z.strictObject({ ratio: z.string().min(1).nullable(), detail: z.string().min(1) }),
  attention: z.strictObject({
    kind: z.enum(['global', 'window']),
    detail: z.string().min(1),
    window: z.number().int().positive().nullable().optional(),
  }),
  baseline: z.string().min(1),
  control: z.strictObject({ grade: z.enum(GRADES), reason: z.string().min(1) }),
  results: z.array(resultSchema),
  /** Rows of the tables read that are not among the results, each with why. */
  leftOut: z.array(z.strictObject({ rows: z.string().min(1), reason: z.string().min(1) })).optional(),
  /** For a study without results: its numbers exist but were not retrieved, or it publishes none. */
  numbers: z.enum(['not found', 'not published']).optional(),
  note: z.string().min(1).optional(),
});

const dependsSchema = z.strictObject({ text: z.string().min(1), studies: z.array(z.string()).min(1), sources: z.array(httpsUrl).min(1) });

const comparisonsSchema = z
  .strictObject({ $comment: z.string().optional(), studies: z.array(studySchema).min(1), dependsOn: z.array(dependsSchema) })
  .refine((d) => new Set(d.studies.map((s) => s.id)).size === d.studies.length, { message: 'study ids must be unique', path: ['studies'] })
  .superRefine((d, ctx) => {
    const ids = new Set(d.studies.map((s) => s.id));
    d.dependsOn.forEach((x, i) => {
      x.studies.forEach((id, j) => {
        if (!ids.has(id)) ctx.addIssue({ code: 'custom', message: `no study with id "${id}"`, path: ['dependsOn', i, 'studies', j] });
      });
    });
    d.studies.forEach((s, i) => {
      if (s.results.length === 0 && !s.note)
        ctx.addIssue({ code: 'custom', message: 'a study with no results needs a note that says why', path: ['studies', i, 'note'] });
      if (s.results.length > 0 && !s.version)
        ctx.addIssue({ code: 'custom', message: 'a study with results names the paper version its tables hold for', path: ['studies', i, 'version'] });
      if ((s.results.length === 0) !== (s.numbers !== undefined)) {
        ctx.addIssue({
          code: 'custom',
          message: 'a study without results says not found or not published, and only such a study',
          path: ['studies', i, 'numbers'],
        });
      }
    });
  });

export type Comparisons = z.output<typeof comparisonsSchema>;
export type Study = Comparisons['studies'][number];
export type Result = Study['results'][number];

export function parseComparisons(json: unknown, file = COMPARISONS_FILE): Comparisons {
  return parseData(comparisonsSchema, json, file);
}

export const comparisons: Comparisons = parseComparisons(raw);

/** A result as the evidence figure draws and lists it. */
export type FigureResult = Pick<Result, 'benchmark' | 'direction' | 'hybrid' | 'baseline' | 'digits' | 'reference' | 'kind' | 'evidence'> &
  Partial<Pick<Result, 'difference' | 'variant' | 'source'>>;

/** A study as the figure needs it: the prose beside the figure says the rest, so the page does not carry it twice. */
export interface FigureStudy {
  id: string;
  name: string;
  url: string;
  paper: string;
  builtByRunner: boolean;
  attention: { kind: 'global' | 'window' };
  control: { grade: Study['control']['grade'] };
  results: FigureResult[];
  /** For a study without results: why the figure has none of its numbers. */
  numbers?: Study['numbers'];
}

export function figureStudies(data: Comparisons = comparisons): FigureStudy[] {
  return data.studies.map((s) => ({
    id: s.id,
    name: s.name,
    url: s.url,
    paper: s.paper,
    builtByRunner: s.builtByRunner,
    attention: { kind: s.attention.kind },
    control: { grade: s.control.grade },
    results: s.results.map(({ metric: _metric, note: _note, ...r }) => r),
    ...(s.numbers ? { numbers: s.numbers } : {}),
  }));
}
