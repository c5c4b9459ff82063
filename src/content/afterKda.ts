/**
 * The write rules that came after KDA (data/afterKda.json), for the fold after the ladder's last
 * rung: each with its primary source, which must be one of the page's references, and its update
 * only where the page's equation registry holds it as read from the paper.
 */
import { z } from 'zod';
import raw from '../../data/afterKda.json';
import { httpsUrl } from './figure';
import { referenceAt } from './references';
import { DataError, parseData } from './validate';

export const AFTER_KDA_FILE = 'data/afterKda.json';

const ruleSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  year: z.number().int().min(2024).max(2100),
  paper: httpsUrl,
  equation: z.string().min(1).nullable(),
  code: z
    .string()
    .regex(/^fla\/ops\/[a-z0-9_/]+$/, { message: 'a path in flash-linear-attention, fla/ops/…' })
    .nullable(),
  evicts: z.string().min(1),
  when: z.string().min(1),
  ships: z.string().min(1),
});

const fileSchema = z.strictObject({ $comment: z.string().optional(), rules: z.array(ruleSchema).min(1) });

export type AfterKdaRule = z.output<typeof ruleSchema>;

/** The file checked as a whole: every paper among the references, every equation in the registry given. */
export function parseAfterKda(json: unknown, registry: Readonly<Record<string, unknown>>, file = AFTER_KDA_FILE): AfterKdaRule[] {
  const rules = parseData(fileSchema, json, file).rules;
  rules.forEach((r, i) => {
    const at = `${file}: entry rules[${i}] "${r.id}"`;
    if (!referenceAt(r.paper)) throw new DataError(`Invalid data file ${file}\n${at}, field paper: ${r.paper} is not in data/references.json`);
    if (r.equation !== null && !Object.hasOwn(registry, r.equation))
      throw new DataError(`Invalid data file ${file}\n${at}, field equation: "${r.equation}" is not in the equation registry (src/essay/equations.ts)`);
  });
  return rules;
}

export const AFTER_KDA_RAW: unknown = raw;
