import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { axeViolations, openFigure, watch, inEachTheme, themesLabel, WIDTH_THEMES, keepScreenshot } from './helpers';

const data = JSON.parse(readFileSync('data/comparisons.json', 'utf8')) as { studies: { id: string; attention: { kind: string }; results: unknown[] }[] };
const results = data.studies.reduce((n, s) => n + s.results.length, 0);

for (const { width, themes } of WIDTH_THEMES) {
  test(`evidence figure at ${width}px, ${themesLabel(themes)}: filters by keyboard, clean console, axe clean, no sideways page scroll`, async ({ page }) => {
    const problems = watch(page);
    await openFigure(page, 'evidence', { width, theme: themes[0] });
    const figure = page.locator('#evidence-figure');
    const status = figure.getByRole('status');
    await expect(status).toContainText(`${results} results from`);
    await expect(figure.locator('tbody tr')).toHaveCount(results);

    await figure.getByRole('combobox', { name: /attention in the hybrid/i }).selectOption('window');
    const windowStudies = data.studies.filter((s) => s.attention.kind === 'window');
    const windowResults = windowStudies.reduce((n, s) => n + s.results.length, 0);
    await expect(status).toContainText(`${windowResults} results from`);
    await expect(figure.locator('tbody tr')).toHaveCount(windowResults);
    await expect(page).toHaveURL(/[?&]attn=window\b/);

    await figure.getByRole('checkbox', { name: /controlled/i }).focus();
    await page.keyboard.press('Space');
    await expect(figure.getByRole('checkbox', { name: /controlled/i })).toBeChecked();

    // The table is folded; its summary counts the rows the filters leave, and Enter opens it.
    const fold = figure.locator('details.evidence-fold');
    await expect(fold).not.toHaveAttribute('open');
    const summary = fold.locator('> summary');
    await expect(summary).toHaveText(/^The \d+ results shown, as a table$/);
    await summary.press('Enter');
    await expect(fold).toHaveAttribute('open');
    await expect(figure.locator('tbody tr').first()).toBeVisible();

    const header = figure.getByRole('button', { name: /hybrid vs baseline/i });
    await header.focus();
    await page.keyboard.press('Enter');
    await expect(figure.locator('th[aria-sort="ascending"]')).toContainText('Hybrid vs baseline');

    await inEachTheme(page, themes, async (theme) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axeViolations(page, '#evidence-figure')).toEqual([]);
      await keepScreenshot(figure, `evidence-${width}-${theme}`);
    });
    expect(problems).toEqual([]);
  });
}

test('the downloads are served next to the page: the JSON as in data/, the CSV with a row per result', async ({ page, request }) => {
  await page.goto('./#verify');
  const json = await request.get('data/comparisons.json');
  expect(json.ok()).toBe(true);
  expect(((await json.json()) as typeof data).studies).toHaveLength(data.studies.length);
  const csv = await request.get('data/comparisons.csv');
  expect(csv.ok()).toBe(true);
  expect((await csv.text()).trimEnd().split('\r\n')).toHaveLength(results + 1);
  await expect(page.locator('#evidence-figure a[download]')).toHaveCount(2);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('every result is in the static table, and every study in the list below it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('./#verify');
    await expect(page.locator('#evidence-figure tbody tr')).toHaveCount(results);
    await expect(page.locator('.evidence-studies > li')).toHaveCount(data.studies.length);
  });
});
