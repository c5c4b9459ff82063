/**
 * The dated updates, a page of their own (updates.html): linked from the appendix, every update
 * from data/updates.json newest first, its links back into the essay landing, readable without
 * script, in both colour schemes and at both widths.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { axeViolations, watch } from './helpers';

const data = JSON.parse(readFileSync('data/updates.json', 'utf8')) as { updates: { date: string; title: string; corrections: string[] }[] };

test('the appendix links to the updates page, which lists every update newest first and leads back into the essay', async ({ page }) => {
  const problems = watch(page);
  await page.goto('./#updates');
  const link = page.locator('#updates-list a[href$="updates.html"]');
  await expect(link).toHaveText(new RegExp(`the dated updates, ${data.updates.length} of them, last on`));
  await link.click();
  await expect(page).toHaveURL(/updates\.html$/);
  await expect(page.locator('h1')).toContainText('Updates to');
  const entries = page.locator('main ol > li');
  await expect(entries).toHaveCount(data.updates.length);
  const newest = data.updates.at(-1)!;
  await expect(entries.first().locator('time')).toHaveAttribute('datetime', newest.date);
  await expect(entries.first()).toContainText(newest.title);
  await expect(entries.last().locator('time')).toHaveAttribute('datetime', data.updates[0]!.date);
  // An update that brought corrections links to the first of them in the essay, which is there.
  const withCorrections = data.updates.find((u) => u.corrections.length > 0)!;
  await page.locator(`main a[href="./#correction-${withCorrections.corrections[0]}"]`).click();
  await expect(page.locator(`#correction-${withCorrections.corrections[0]}`)).toBeInViewport();
  await page.goBack();
  await page.locator('main a', { hasText: 'Back to the essay' }).click();
  await expect(page.locator('#updates')).toBeInViewport();
  expect(problems).toEqual([]);
});

for (const width of [390, 1280]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the updates page at ${width}px, ${colorScheme}: axe clean, no sideways scroll, no console error`, async ({ page }) => {
      const problems = watch(page);
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 844 });
      await page.goto('./updates.html');
      await expect(page.locator('main ol > li')).toHaveCount(data.updates.length);
      // Its own stylesheet applied under the page's policy: the body is a column, not the full width.
      expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).not.toBe('none');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the updates page reads the same', async ({ page }) => {
    await page.goto('./updates.html');
    await expect(page.locator('main ol > li')).toHaveCount(data.updates.length);
    await expect(page.locator('main ol > li').first()).toContainText('Why:');
  });
});
