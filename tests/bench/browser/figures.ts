/**
 * A speed figure the bench prints: a measured value against its limit, both in a unit that a
 * busy machine moves little (a multiple of a floor measured in the same run, or of a yardstick).
 * The figure is attached to its test, and the bench's reporter prints every figure in one table.
 * Past its limit a figure is reported; past twice its limit it fails the bench: a regression that
 * large is the page's, not the machine's.
 */
import { expect, test } from '@playwright/test';

export const FAIL_MULTIPLE = 2;
export const FIGURE_ATTACHMENT = 'bench-figure';

export interface BenchFigure {
  /** What was measured. */
  name: string;
  /** The measured value, in `unit`. */
  value: number;
  /** The limit the value is held to, in `unit`. */
  limit: number;
  unit: string;
  /** What the value was measured against, in milliseconds, for the printed table. */
  detail: string;
}

export async function judgeFigure(f: BenchFigure): Promise<void> {
  await test.info().attach(FIGURE_ATTACHMENT, { body: JSON.stringify(f), contentType: 'application/json' });
  const verdict = f.value <= f.limit ? 'within its limit' : f.value <= FAIL_MULTIPLE * f.limit ? 'over its limit, reported' : 'over twice its limit';
  console.log(`bench: ${f.name}: ${f.value.toFixed(2)} ${f.unit} (limit ${f.limit}): ${verdict}; ${f.detail}`);
  expect.soft(f.value, `${f.name}, in ${f.unit}: over ${FAIL_MULTIPLE}x its limit of ${f.limit} (${f.detail})`).toBeLessThanOrEqual(FAIL_MULTIPLE * f.limit);
}
