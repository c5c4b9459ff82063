/**
 * Sections far from the screen skip layout from the first frame, holding the heights the build
 * measured (src/essay/sectionSizes.json, written by scripts/measure-sections.mjs). These tests
 * fail when those heights no longer match the page, and check that a link still lands exactly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { measureSections, SIZE_WIDTHS } from '../../scripts/section-sizes.mjs';
import { settledLoad } from './helpers';

const stored = JSON.parse(readFileSync(path.resolve('src/essay/sectionSizes.json'), 'utf8')) as Record<string, Record<string, number>>;
/** Fonts and rounding move a section by a few pixels between machines; a change of content moves it by more. */
const TOLERANCE = 0.03;

test('the stored section heights are the page’s own at every measured width', async ({ page }) => {
  const stale: string[] = [];
  for (const width of SIZE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('./');
    for (const [id, height] of Object.entries(await measureSections(page))) {
      const kept = stored[id]?.[String(width)];
      if (kept === undefined || Math.abs(kept - height) > TOLERANCE * height) stale.push(`${id} at ${width} px: stored ${kept}, laid out ${height}`);
    }
  }
  expect(stale, 'run `npm run build && node scripts/measure-sections.mjs`, then build again').toEqual([]);
});

/** Frames the target must hold its place through, with nothing near the screen still to hydrate. */
const STILL_FRAMES = 5;
/** Past this the target is judged where it stands. */
const SETTLE_LIMIT_MS = 5_000;

const TARGETS = ['lineage', 'forget', 'chunking', 'shipping', 'takeaways', 'verify', 'corrections', 'forget-figure', 'evidence-figure'];

for (const width of [390, 700, 1280]) {
  test(`a link to a section or figure lands on it at ${width} px, measured width or not`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 900 });
    const off: string[] = [];
    for (const id of TARGETS) {
      // A fresh load each time, as a shared link opens.
      await page.goto(`./?from=${id}#${id}`);
      await page.waitForLoadState('load');
      const { top, margin } = await settledLoad(page, { id, frames: STILL_FRAMES, ms: SETTLE_LIMIT_MS });
      if (Math.abs(top - margin) > 1) off.push(`${id}: top at ${top.toFixed(0)} px, expected ${margin}`);
    }
    expect(off).toEqual([]);
  });
}
