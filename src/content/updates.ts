/**
 * What changed on the page and why (data/updates.json), dated, with the corrections to the usual
 * account (data/corrections.json) each update brought in.
 */
import { z } from 'zod';
import raw from '../../data/updates.json';
import { corrections, type Correction } from './corrections';
import { DataError, parseData } from './validate';

export const UPDATES_FILE = 'data/updates.json';

/** The page of their own the dated updates are written to, beside index.html, and its stylesheet. */
export const UPDATES_PAGE = 'updates.html';
export const UPDATES_STYLES = 'updates.css';

const updatesSchema = z.strictObject({
  $comment: z.string().optional(),
  updates: z
    .array(
      z.strictObject({
        date: z.iso.date(),
        title: z.string().min(1),
        what: z.string().min(1),
        why: z.string().min(1),
        corrections: z.array(z.string().regex(/^[a-z0-9-]+$/)),
      }),
    )
    .min(1),
});

export interface Update {
  date: string;
  title: string;
  what: string;
  why: string;
  corrections: Correction[];
}

/** The updates, oldest first, each with its corrections; every correction is listed under one. */
export function parseUpdates(json: unknown, list: Correction[] = corrections(), file = UPDATES_FILE): Update[] {
  const updates = parseData(updatesSchema, json, file).updates;
  const byId = new Map(list.map((c) => [c.id, c]));
  const listed = new Set<string>();
  const out = updates.map((u, i) => ({
    ...u,
    corrections: u.corrections.map((id) => {
      const c = byId.get(id);
      if (!c) throw new DataError(`Invalid data file ${file}\n${file}: entry updates[${i}], field corrections: no correction "${id}" in data/corrections.json`);
      if (listed.has(id)) throw new DataError(`Invalid data file ${file}\n${file}: entry updates[${i}], field corrections: "${id}" is listed twice`);
      listed.add(id);
      return c;
    }),
  }));
  const unlisted = list.filter((c) => !listed.has(c.id)).map((c) => c.id);
  if (unlisted.length) throw new DataError(`Invalid data file ${file}\n${file}: corrections not listed under any update: ${unlisted.join(', ')}`);
  for (let i = 1; i < out.length; i++) {
    if (out[i]!.date < out[i - 1]!.date)
      throw new DataError(`Invalid data file ${file}\n${file}: entry updates[${i}], field date: the updates run oldest first`);
  }
  return out;
}

export const updates: Update[] = parseUpdates(raw);

/** The date of the latest update: the page's "updated" date. */
export const lastUpdated = (list: Update[] = updates) => list.at(-1)!.date;
