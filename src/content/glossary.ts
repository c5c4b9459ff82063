/** The glossary (data/glossary.json): each abbreviation and symbol the essay uses, defined once. */
import { z } from 'zod';
import raw from '../../data/glossary.json';
import { parseData } from './validate';

export const GLOSSARY_FILE = 'data/glossary.json';

const glossarySchema = z.strictObject({
  $comment: z.string().optional(),
  terms: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]+$/),
        term: z.string().min(1),
        expansion: z.string().min(1).nullable(),
        definition: z.string().min(1),
      }),
    )
    .min(1)
    .refine((terms) => new Set(terms.map((t) => t.id)).size === terms.length, { message: 'ids must be unique' }),
});

export type GlossaryEntry = z.output<typeof glossarySchema>['terms'][number];

export function parseGlossary(json: unknown, file = GLOSSARY_FILE): GlossaryEntry[] {
  return parseData(glossarySchema, json, file).terms;
}

export const glossary: GlossaryEntry[] = parseGlossary(raw);

export function glossaryEntry(id: string): GlossaryEntry {
  const found = glossary.find((t) => t.id === id);
  if (!found) throw new Error(`no term "${id}" in ${GLOSSARY_FILE}`);
  return found;
}
