import { expect, test } from '@playwright/test';
import { SECTION_IDS, keepScreenshot } from './helpers';

test.use({ javaScriptEnabled: false });

test('with JavaScript off, every section, its prose, the equations and the ratio are there', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('./');
  for (const id of SECTION_IDS) {
    const section = page.locator(`section#${id}`);
    await expect(section.locator('h2')).toBeVisible();
    const words = (await section.innerText()).split(/\s+/).length;
    expect(words, `${id} prose`).toBeGreaterThan(60);
  }
  await expect(page.locator('.katex-display').first()).toBeVisible();
  // KaTeX in the prose; the lineage's cards, prerendered, set their equations as MathML alone.
  expect(await page.locator('.katex-display').count()).toBeGreaterThanOrEqual(5);
  expect(await page.locator('#ladder [data-equation] > math').count()).toBeGreaterThanOrEqual(7);
  expect(await page.locator('[data-equation] math[display="block"]').count()).toBeGreaterThanOrEqual(15);
  await expect(page.locator('#scale .lede strong').first()).toHaveText('about 22,500');
  // The claim tests' marks are the build's own: the page as served carries none outside its figures.
  expect(await page.locator('main [data-claim]:not(.island [data-claim])').count()).toBe(0);
  // The opening grid is a finished picture, with its text alternative.
  const grid = page.locator('#scale-figure svg[role="img"]');
  await expect(grid).toBeVisible();
  await expect(grid).toHaveAttribute('aria-label', /22,501 small squares/);
  await expect(page.getByRole('button', { name: /dark theme/i })).toBeHidden();
  await keepScreenshot(page, 'nojs-390', { fullPage: true });
});
