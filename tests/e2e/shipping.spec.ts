import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, openFigure, waitForFigure, watch, inEachTheme, themesLabel, WIDTH_THEMES, keepScreenshot } from './helpers';

const data = JSON.parse(readFileSync('data/architectures.json', 'utf8')) as {
  models: {
    id: string;
    name: string;
    featured: boolean;
    reference: boolean;
    totalParams: { value: number };
    activeParams: { value: number };
  }[];
};
const featured = data.models.filter((m) => m.featured);
const share = (m: (typeof featured)[number]) => m.activeParams.value / m.totalParams.value;

const table = data.models.filter((m) => m.featured || m.reference);

/**
 * Each model's layer strip where a reader meets it (in its attention cell beside the full table,
 * in its card's fold summary on a phone): its box, and the reads its rectangles paint.
 */
const strips = (page: Page) =>
  page.locator('#shipping-figure tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const shown = [...row.querySelectorAll('svg.lr')].filter((s) => s.getBoundingClientRect().width > 0);
      const box = shown[0]?.getBoundingClientRect();
      return {
        id: row.getAttribute('data-model') ?? '',
        shown: shown.length,
        width: box?.width ?? 0,
        height: box?.height ?? 0,
        inSummary: Boolean(shown[0]?.closest('summary')),
        label: shown[0]?.getAttribute('aria-label') ?? '',
        rects: shown[0]?.querySelectorAll('rect').length ?? 0,
      };
    }),
  );

/** The colour each read's cells are painted in, as the theme resolves it. */
const readColours = (page: Page) => page.locator('#shipping-figure .lr-defs pattern rect').evaluateAll((rects) => rects.map((r) => getComputedStyle(r).fill));

async function expectStrips(page: Page, width: number) {
  const found = await strips(page);
  expect(found.map((s) => s.id).sort()).toEqual(table.map((m) => m.id).sort());
  for (const s of found) {
    expect(s.shown, `${s.id}: one strip in view`).toBe(1);
    expect(s.inSummary, `${s.id}: on a card, in its fold's summary`).toBe(width < 700);
    expect(s.width, s.id).toBeGreaterThan(150);
    expect(s.height, s.id).toBeGreaterThanOrEqual(8);
    expect(s.label, s.id).toMatch(/^\d+ layers: \d+ read /);
    expect(s.rects, s.id).toBeGreaterThan(0);
  }
  await expect(page.locator('#shipping-figure .lr-key')).toBeVisible();
}

const rowIds = (page: Page) =>
  page.locator('#shipping-figure tbody:not(.shipping-reference) tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-model')));

for (const { width, themes } of WIDTH_THEMES) {
  test(`shipping at ${width}px, ${themesLabel(themes)}: clean, no sideways page scroll`, async ({ page }) => {
    const problems = watch(page);
    await openFigure(page, 'shipping', { width, theme: themes[0], idle: true });
    await inEachTheme(page, themes, async (theme) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'horizontal page overflow in px').toBeLessThanOrEqual(0);
      // The table may be wider than the phone, but it scrolls inside its own box.
      const scroller = page.locator('#shipping-figure .shipping-scroll');
      const box = await scroller.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      if (width >= 1280) {
        // Beside the full table nothing scrolls sideways: every column, Layers and Context included, fits the column.
        const wider = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(wider, 'table wider than its box, in px').toBeLessThanOrEqual(0);
        await expect(page.locator('#shipping-figure .shipping-scroll-hint')).toBeHidden();
      }
      // Sparse layers that keep every token are said where the eye is, not only in the strips' labels.
      await expect(page.locator('#shipping-figure .lr-key .lr-kept')).toBeVisible();
      // The first question drawn: a strip per model, and every read in a colour of its own, none the page's.
      await expectStrips(page, width);
      const colours = await readColours(page);
      expect(colours.length).toBeGreaterThanOrEqual(5);
      expect(new Set(colours).size, colours.join(' ')).toBe(colours.length);
      expect(colours).not.toContain(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
      expect(await axeViolations(page, '#shipping-figure')).toEqual([]);
      await keepScreenshot(page.locator('#shipping-figure'), `shipping-${width}-${theme}`);
    });
    expect(problems).toEqual([]);
  });
}

test('sorting by active share, by keyboard, orders the rows and sets aria-sort; the URL keeps it', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'shipping', { width: 1280, search: '?step=3' });
  const header = page.locator('#shipping-figure th[scope="col"]', { hasText: 'Active share' });
  await header.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const descending = [...featured].sort((a, b) => share(b) - share(a)).map((m) => m.id);
  expect(await rowIds(page)).toEqual(descending);
  await page.keyboard.press('Space');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(await rowIds(page)).toEqual([...descending].reverse());
  await expect(page.getByRole('status').filter({ hasText: 'Sorted by active share' })).toContainText('lowest first');
  // The address follows once the controls rest.
  await expect.poll(() => new URL(page.url()).searchParams.get('dir')).toBe('asc');
  const url = new URL(page.url());
  expect(url.searchParams.get('sort')).toBe('share');
  expect(url.searchParams.get('dir')).toBe('asc');
  expect(url.searchParams.get('step'), 'other figures keep their parameters').toBe('3');
  // The reference row stays pinned under the eight whatever the order.
  await expect(page.locator('#shipping-figure tbody.shipping-reference tr')).toHaveAttribute('data-model', 'gpt-2-small');

  await page.reload();
  await waitForFigure(page, 'shipping');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(await rowIds(page)).toEqual([...descending].reverse());
  await page.getByRole('button', { name: 'Reset order' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBeNull();
  await expect(page.locator('#shipping-figure th[aria-sort]')).toContainText('Total parameters');
  expect(problems).toEqual([]);
});

test('a bad sort in the URL is ignored, and the page still loads clean', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'shipping', { search: '?sort=nonsense&dir=sideways' });
  await expect(page.locator('#shipping-figure th[aria-sort="descending"]')).toContainText('Total parameters');
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBeNull();
  expect(problems).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the table, its notes and its sentences are in the page, laid out, without sideways scroll', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('./');
    const rows = page.locator('#shipping-figure tbody tr');
    await expect(rows).toHaveCount(featured.length + 1);
    await expect(page.locator('#shipping-six')).toContainText('The outlier is Nemotron 3 Ultra');
    // The notes' fold left the first download: its own page holds them.
    await expect(page.locator('#shipping-notes > .fold-slot a[href="shipping-notes.html"]')).toBeAttached();
    // Only the tables' own boxes may hold anything wider than the phone.
    const sticking = await page.locator('#shipping').evaluate((section) =>
      [...section.querySelectorAll('*')]
        .filter((el) => !el.closest('.shipping-scroll, .memory-table-region') || el.matches('.shipping-scroll, .memory-table-region'))
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map((el) => `${el.tagName}.${el.className}`),
    );
    expect(sticking).toEqual([]);
    // The strips are in the page itself: on the cards, and beside the full table.
    await expectStrips(page, 390);
    await keepScreenshot(page.locator('#shipping'), 'shipping-nojs-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectStrips(page, 1280);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // The table fits the column without script too.
    expect(await page.locator('#shipping-figure .shipping-scroll').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.goto('./shipping-notes.html');
    await expect(page.locator('#shipping-note-kimi-k3')).toContainText('one summary per 12 layers');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});
