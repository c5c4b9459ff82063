/**
 * The write rules beside and after KDA (data/afterKda.json), for the fold after the ladder's last
 * rung: each with its primary source, which must be one of the page's references, the month of
 * that source, which must match its arXiv number, and its update from the page's equation
 * registry, with how much of it was read and where.
 */
import { z } from 'zod';
import raw from '../../data/afterKda.json';
import { httpsUrl } from './figure';
import { referenceAt, referenceById } from './references';
import { DataError, parseData } from './validate';

export const AFTER_KDA_FILE = 'data/afterKda.json';

/** How much of a rule's update was read: its paper, reference code, only the abstract, or only its structure. */
export const READ_KINDS = ['paper', 'code', 'abstract', 'structure'] as const;

const ruleSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  date: z.string().regex(/^20\d\d-(0[1-9]|1[0-2])$/, { message: 'a month, YYYY-MM' }),
  paper: httpsUrl,
  update: z.string().min(1),
  read: z.enum(READ_KINDS),
  readAt: httpsUrl,
  readNote: z.string().min(1),
  code: z
    .string()
    .regex(/^fla\/ops\/[a-z0-9_/]+$/, { message: 'a path in flash-linear-attention, fla/ops/…' })
    .nullable(),
  evicts: z.string().min(1),
  when: z.string().min(1),
  keeps: z.string().min(1),
  ships: z.string().min(1),
});

const fileSchema = z.strictObject({ $comment: z.string().optional(), rules: z.array(ruleSchema).min(1) });

export type AfterKdaRule = z.output<typeof ruleSchema>;

/** The arXiv number's year and month as YYYY-MM: 2510.26692 is October 2025. */
export const arxivMonth = (arxiv: string) => `20${arxiv.slice(0, 2)}-${arxiv.slice(2, 4)}`;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2025-06" as "June 2025". */
export const monthWords = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** KDA's own month, from its paper (Kimi Linear) among the references. */
export const KDA_MONTH = arxivMonth(referenceById('kimiteam2025b').arxiv!);

/**
 * The file checked as a whole: every paper among the references, its month its arXiv number's,
 * every update in the registry given. The rules come back latest first: by month, then by arXiv number.
 */
export function parseAfterKda(json: unknown, registry: Readonly<Record<string, unknown>>, file = AFTER_KDA_FILE): AfterKdaRule[] {
  const rules = parseData(fileSchema, json, file).rules;
  rules.forEach((r, i) => {
    const at = `${file}: entry rules[${i}] "${r.id}"`;
    const ref = referenceAt(r.paper);
    if (!ref) throw new DataError(`Invalid data file ${file}\n${at}, field paper: ${r.paper} is not in data/references.json`);
    if (ref.arxiv && arxivMonth(ref.arxiv) !== r.date)
      throw new DataError(`Invalid data file ${file}\n${at}, field date: ${r.date} is not the month of arXiv ${ref.arxiv} (${arxivMonth(ref.arxiv)})`);
    if (!Object.hasOwn(registry, r.update))
      throw new DataError(`Invalid data file ${file}\n${at}, field update: "${r.update}" is not in the equation registry (src/essay/equations.ts)`);
  });
  const arxivOf = (r: AfterKdaRule) => referenceAt(r.paper)?.arxiv ?? '';
  return [...rules].sort((a, b) => b.date.localeCompare(a.date) || arxivOf(b).localeCompare(arxivOf(a)));
}

export const AFTER_KDA_RAW: unknown = raw;

/** How the fold's intro counts the rules: those after KDA's month, and those before it or in it. */
export function afterKdaCounts(rules: readonly AfterKdaRule[]): { after: number; before: number } {
  const after = rules.filter((r) => r.date > KDA_MONTH).length;
  return { after, before: rules.length - after };
}
