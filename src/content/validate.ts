/**
 * Turns a zod failure on a data file into one message a maintainer can act on:
 * the file, the entry (by index and id) and the field that broke.
 */
import type { z } from 'zod';

export class DataError extends Error {
  override name = 'DataError';
}

function entryLabel(raw: unknown, path: readonly PropertyKey[]): string | null {
  const listKey = path[0];
  const index = path[1];
  if (typeof listKey !== 'string' || typeof index !== 'number') return null;
  const list = (raw as Record<string, unknown> | null)?.[listKey];
  const entry = Array.isArray(list) ? (list[index] as Record<string, unknown> | undefined) : undefined;
  const id = entry && typeof entry.id === 'string' ? ` "${entry.id}"` : '';
  return `entry ${listKey}[${index}]${id}`;
}

export function parseData<S extends z.ZodType>(schema: S, raw: unknown, file: string): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const entry = entryLabel(raw, issue.path);
    const fieldPath = entry ? issue.path.slice(2) : issue.path;
    const field = fieldPath.length ? fieldPath.map(String).join('.') : '(root)';
    return `${file}: ${entry ? `${entry}, ` : ''}field ${field}: ${issue.message}`;
  });
  throw new DataError(`Invalid data file ${file}\n${lines.join('\n')}`);
}
