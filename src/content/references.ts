/**
 * Every source the page relies on (data/references.json), numbered in the file's order, which
 * is by year and then id. A citation on the page finds its reference by the address it links.
 */
import { z } from 'zod';
import raw from '../../data/references.json';
import { httpsUrl } from './figure';
import { DataError, parseData } from './validate';

export const REFERENCES_FILE = 'data/references.json';

const FIELDS = ['title', 'authors', 'year', 'venue'] as const;

const referenceSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/),
    kind: z.enum(['paper', 'model-card', 'config', 'post', 'docs', 'code']),
    title: z.string().min(1),
    authors: z.array(z.string().min(1)).min(1),
    /** Null where the source states no date. */
    year: z.number().int().min(1990).max(2100).nullable(),
    venue: z.string().min(1).nullable(),
    url: httpsUrl,
    arxiv: z
      .string()
      .regex(/^\d{4}\.\d{4,5}$/)
      .nullable(),
    aliases: z.array(httpsUrl),
    supports: z.string().min(1),
    /** The fields that could not be confirmed against the source itself. */
    unverified: z.array(z.enum(FIELDS)),
  })
  .refine((r) => r.arxiv === null || r.url === `https://arxiv.org/abs/${r.arxiv}`, {
    message: 'a paper with an arXiv id links to its abstract page, https://arxiv.org/abs/<id>',
    path: ['url'],
  });

const referencesSchema = z.strictObject({ $comment: z.string().optional(), references: z.array(referenceSchema).min(1) });

export type Reference = z.output<typeof referenceSchema> & { number: number };

export function parseReferences(json: unknown, file = REFERENCES_FILE): Reference[] {
  const list = parseData(referencesSchema, json, file).references;
  const seen = new Map<string, string>();
  for (const [i, r] of list.entries()) {
    for (const key of [`id ${r.id}`, ...[r.url, ...r.aliases].map((u) => `address ${u}`)]) {
      const before = seen.get(key);
      if (before) throw new DataError(`Invalid data file ${file}\n${file}: entry references[${i}] "${r.id}": ${key} is also ${before}'s`);
      seen.set(key, r.id);
    }
  }
  return list.map((r, i) => ({ ...r, number: i + 1 }));
}

export const references: Reference[] = parseReferences(raw);

const byAddress = new Map(references.flatMap((r) => [r.url, ...r.aliases].map((u) => [u, r] as const)));
const byId = new Map(references.map((r) => [r.id, r]));

/** The reference behind an address the page links, if it is one. */
export function referenceAt(url: string): Reference | undefined {
  return byAddress.get(url);
}

export function referenceById(id: string): Reference {
  const found = byId.get(id);
  if (!found) throw new Error(`no reference "${id}" in ${REFERENCES_FILE}`);
  return found;
}

/** Authors as a reader writes them: "A", "A and B", "A, B and C", keeping a closing "et al.". */
export function authorLine(authors: readonly string[]): string {
  const etAl = authors.at(-1) === 'et al.';
  const names = etAl ? authors.slice(0, -1) : [...authors];
  if (etAl) return `${names.join(', ')} et al.`;
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What the page says of a reference's unconfirmed fields, or null when all were confirmed. */
export function unverifiedNote(r: Pick<Reference, 'unverified'>): string | null {
  if (r.unverified.length === 0) return null;
  return `not confirmed against the source: ${r.unverified.join(', ')}`;
}
