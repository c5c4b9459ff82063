/**
 * Sections far from the screen skip layout from the first frame, holding the heights the build
 * measured (src/essay/sectionSizes.json, written by scripts/measure-sections.mjs). These tests
 * fail when those heights no longer match the page, and check that a link still lands exactly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { measureSections, SIZE_WIDTHS } from '../../scripts/section-sizes.mjs';
import { WAKE_MARGIN } from '../../src/app/wake';

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

/**
 * Where the target stands once whatever could move it has run: the fonts loaded, every figure
 * within the page's wake margin of the screen hydrated (they hydrate as they come near, seen by
 * an observer with that margin, see src/app/wake.ts, and may change height when they do), and
 * the sections around it drawn, the target holding its place through several frames in a row.
 */
async function settledTop({ id, wake, frames, ms }: { id: string; wake: string; frames: number; ms: number }) {
  const el = document.getElementById(id)!;
  await document.fonts.ready;
  const near = new Set<HTMLElement>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) e.isIntersecting ? near.add(e.target as HTMLElement) : near.delete(e.target as HTMLElement);
    },
    { rootMargin: wake },
  );
  for (const island of document.querySelectorAll('[data-island]')) observer.observe(island);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const end = performance.now() + ms;
  let [last, still] = [Number.NaN, 0];
  while (still < frames && performance.now() < end) {
    await frame();
    const top = el.getBoundingClientRect().top;
    still = top === last && [...near].every((island) => island.dataset.hydrated === 'true') ? still + 1 : 0;
    last = top;
  }
  observer.disconnect();
  return { top: el.getBoundingClientRect().top, margin: parseFloat(getComputedStyle(el).scrollMarginTop) || 0 };
}

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
      const { top, margin } = await page.evaluate(settledTop, { id, wake: WAKE_MARGIN, frames: STILL_FRAMES, ms: SETTLE_LIMIT_MS });
      if (Math.abs(top - margin) > 1) off.push(`${id}: top at ${top.toFixed(0)} px, expected ${margin}`);
    }
    expect(off).toEqual([]);
  });
}
