/**
 * The essay first: what a reader sees with nothing opened holds the main path's limits, the
 * seven policies stand together, a phone opens on the title, and the column holds still while
 * the page loads. Words are counted in the page as `npm run words` counts them
 * (scripts/words-measure.mjs).
 */
import { expect, test } from '@playwright/test';
import { measureWords, summarise, WORDS_PER_MINUTE } from '../../scripts/words-measure.mjs';
import { settledLoad, watch } from './helpers';

const MAX_WORDS = 3000;
const MAX_BEFORE_TAKEAWAYS = 2000;
const MAX_NUMERAL_SHARE = 0.03;
const MAX_SENTENCE = 40;
const MAX_CAPTION = 45;
const MAX_SETTINGS = 4;

test('at 1280 px, script on, nothing opened: the main path holds its limits', async ({ page }) => {
  const problems = watch(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./');
  await page.waitForLoadState('load');
  const { sections } = await measureWords(page);
  expect(sections.map((s) => s.id)).toEqual(['scale', 'lineage', 'forget', 'chunking', 'shipping', 'takeaways', 'verify']);
  const s = summarise(sections);
  expect(s.words, 'visible words on the main path').toBeLessThanOrEqual(MAX_WORDS);
  expect(s.words, 'the count found the prose').toBeGreaterThan(1000);
  expect(s.beforeTakeaways, 'words before the takeaways').toBeLessThanOrEqual(MAX_BEFORE_TAKEAWAYS);
  expect(s.numeralShare, 'share of words with a numeral').toBeLessThanOrEqual(MAX_NUMERAL_SHARE);
  expect(s.long.filter((l) => l.words > MAX_SENTENCE).map((l) => `[${l.section}] ${l.words}: ${l.text}`)).toEqual([]);
  expect(s.figures.length).toBeGreaterThanOrEqual(7);
  for (const f of s.figures) {
    expect(f.captionWords, `${f.id}: caption words`).toBeLessThanOrEqual(MAX_CAPTION);
    expect(f.captionWords, `${f.id}: a caption`).toBeGreaterThan(0);
    expect(f.settings, `${f.id}: settings shown`).toBeLessThanOrEqual(MAX_SETTINGS);
    expect(f.lookFor, `${f.id}: a line saying what to look for`).toBeTruthy();
  }
  // The reading time under the title is the one these words take, to the minute.
  const stated = Number(await page.locator('.byline [data-reading-minutes]').getAttribute('data-reading-minutes'));
  expect(stated, `"${stated}-minute read" against ${s.words} words, as \`npm run words\` measures them`).toBe(Math.round(s.words / WORDS_PER_MINUTE));
  expect(problems).toEqual([]);
});

test('at 390 px the title starts in the top half of the first screen, and the contents are one press away', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./');
  const top = await page.locator('main h1').evaluate((h) => h.getBoundingClientRect().top);
  expect(top).toBeLessThan(844 / 2);
  await expect(page.locator('main .lede')).toBeInViewport();
  await page.locator('.byline a[href="#contents"]').click();
  await expect(page.getByRole('navigation', { name: 'Contents' })).toBeInViewport();
});

/** Frames in a row with no new layout shift, once what could still move the page has run. */
const STILL_FRAMES = 10;
/** The longest a load may take to settle; past it the shifts so far are scored. */
const SETTLE_LIMIT_MS = 5_000;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1280, height: 900 },
  { width: 1350, height: 940 },
]) {
  test(`at ${viewport.width}×${viewport.height} the column holds still through four loads`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (let i = 0; i < 4; i++) {
      await page.goto('about:blank');
      await page.goto('./');
      await page.waitForLoadState('load');
      const width = await page.locator('main').evaluate((m) => m.getBoundingClientRect().width);
      expect(width, `load ${i + 1}: the column's width`).toBe(832);
      const { shift } = await settledLoad(page, { frames: STILL_FRAMES, ms: SETTLE_LIMIT_MS });
      expect(shift, `load ${i + 1}: layout shift`).toBeLessThanOrEqual(0.01);
    }
  });
}
