import { expect, test } from '@playwright/test';
import { steadyOverflow, THEMES, WIDTHS, watch } from './helpers';

const slider = '#forget-n';

for (const width of WIDTHS) {
  for (const theme of THEMES) {
    test(`forget figure at ${width}px, ${theme}: drag 1 → 128 → 1, readout and memories follow`, async ({ page }) => {
      const problems = watch(page);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('./#forget');
      const figure = page.locator('#forget-figure');
      const input = figure.locator(slider);
      const status = figure.getByRole('status');
      await expect(page.locator('[data-island="forget"]')).toHaveAttribute('data-hydrated', 'true');
      await expect(input).toHaveValue('16');
      await expect(status).toContainText('16 pairs written');

      const cellsAt = () => figure.locator('.heatmap canvas').first().evaluate((c: HTMLCanvasElement) => c.toDataURL());
      const at16 = await cellsAt();

      await input.focus();
      await page.keyboard.press('Home');
      await expect(status).toContainText('1 pair written');
      const at1 = await cellsAt();
      expect(at1).not.toBe(at16);

      // Drag with the pointer across the whole track.
      await input.scrollIntoViewIfNeeded();
      const box = (await input.boundingBox())!;
      await page.mouse.move(box.x + 2, box.y + box.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + (box.width * i) / 10, box.y + box.height / 2);
      await page.mouse.move(box.x + box.width + 20, box.y + box.height / 2);
      await page.mouse.up();
      await expect(input).toHaveValue('128');
      await expect(status).toContainText('128 pairs written');
      expect(await cellsAt()).not.toBe(at1);
      // The widest numbers fit their fixed boxes, and the readout's box kept its height.
      expect(await steadyOverflow(page, '#forget-figure')).toEqual([]);
      await expect(page).toHaveURL(/[?&]n=128\b/);

      await page.keyboard.press('Home');
      await expect(status).toContainText('1 pair written');
      await page.keyboard.press('ArrowRight');
      await expect(status).toContainText('2 pairs written');

      await figure.scrollIntoViewIfNeeded();
      await figure.screenshot({ path: `test-results/screenshots/forget-${width}-${theme}.png` });
      expect(problems).toEqual([]);
    });
  }
}

test('a shared link restores the figure; nonsense in the link is clamped or ignored', async ({ page }) => {
  const problems = watch(page);
  await page.goto('./?n=40&stream=lifetimes&seed=7&beta=0.5&alpha=0.7&slow=1&fast=0.3&metric=cosine#forget');
  const figure = page.locator('#forget-figure');
  await expect(page.locator('[data-island="forget"]')).toHaveAttribute('data-hydrated', 'true');
  await expect(figure.locator(slider)).toHaveValue('40');
  await expect(figure.getByRole('status')).toContainText('40 pairs written. Cosine similarity');
  await expect(figure.locator('.seed')).toHaveText('seed 7');
  await expect(figure.getByLabel('Stream')).toHaveValue('lifetimes');

  await page.goto('./?n=99999&stream=banana&seed=-3&beta=NaN&alpha=7&metric=<script>#forget');
  await expect(page.locator('[data-island="forget"]')).toHaveAttribute('data-hydrated', 'true');
  await expect(figure.locator(slider)).toHaveValue('128');
  await expect(figure.getByLabel('Stream')).toHaveValue('capacity');
  await expect(figure.getByRole('status')).toContainText('Read error');
  expect(problems).toEqual([]);
});

test('an untouched figure leaves the address clean', async ({ page }) => {
  await page.goto('./#forget');
  await expect(page.locator('[data-island="forget"]')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForTimeout(300);
  expect(new URL(page.url()).search).toBe('');
});

test('play writes one pair per beat and pause stops it', async ({ page }) => {
  await page.goto('./#forget');
  const figure = page.locator('#forget-figure');
  await expect(page.locator('[data-island="forget"]')).toHaveAttribute('data-hydrated', 'true');
  await figure.getByRole('button', { name: 'Play' }).click();
  await expect(figure.locator(slider)).toHaveValue('18', { timeout: 3000 });
  await figure.getByRole('button', { name: 'Pause' }).click();
  const stopped = await figure.locator(slider).inputValue();
  await page.waitForTimeout(1000);
  await expect(figure.locator(slider)).toHaveValue(stopped);
});
