import { expect, test } from '@playwright/test';
import { axeViolations, SECTION_IDS, THEMES, WIDTHS, watch, setTheme } from './helpers';

for (const width of WIDTHS) {
  for (const theme of THEMES) {
    test(`the page at ${width}px, ${theme}: loads clean, passes axe, no sideways scroll`, async ({ page }) => {
      const problems = watch(page);
      await page.setViewportSize({ width, height: 900 });
      await setTheme(page, theme);
      const response = await page.goto('./');
      expect(response?.status()).toBe(200);
      await page.waitForLoadState('networkidle');
      // The canvas figure has drawn once hydrated.
      await expect.poll(() => page.locator('#scale canvas').evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(0);
      for (const id of SECTION_IDS) await expect(page.locator(`section#${id} h2`)).toBeVisible();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);

      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/screenshots/page-${width}-${theme}.png`, fullPage: true });
      expect(problems).toEqual([]);
    });
  }
}

test('the canvas draws one mark per GPT-2, gold first', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./');
  const canvas = page.locator('#scale canvas');
  await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(300);
  const [first, last] = await canvas.evaluate((c: HTMLCanvasElement) => {
    // Read through a copy, whatever kind of context drew the figure.
    const copy = document.createElement('canvas');
    copy.width = c.width;
    copy.height = c.height;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(c, 0, 0);
    const px = (x: number, y: number) => Array.from(ctx.getImageData(x, y, 1, 1).data);
    return [px(1, 1), px(1, c.height - 2)];
  });
  // Gold marks have much more red than blue; idle marks are grey.
  expect(first[0]! - first[2]!).toBeGreaterThan(60);
  expect(Math.abs(last[0]! - last[2]!)).toBeLessThan(40);
});
