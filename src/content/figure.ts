/**
 * What every data file means by a figure: a value, the https page it comes from, a status
 * saying how that page knows it, and an optional note. Each file names the statuses it allows.
 */
import { z } from 'zod';

/** Every link the data holds is https, so the page never sends a reader to a plain-http one. */
export const httpsUrl = z.url({ protocol: /^https$/, message: 'must be an https URL' });

/** A figure with its source and one of `statuses`; unknown keys are refused. */
export function sourced<T extends z.ZodType, const S extends readonly string[]>(value: T, statuses: S) {
  return z.strictObject({ value, status: z.enum(statuses), source: httpsUrl, note: z.string().min(1).optional() });
}
