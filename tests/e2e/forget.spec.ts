import { expect, test } from '@playwright/test';
import { openFigure, steadyOverflow, watch, inEachTheme, themesLabel, WIDTH_THEMES, keepScreenshot } from './helpers';

const slider = '#forget-n';

for (const { width, themes } of WIDTH_THEMES) {
  test(`forget figure at ${width}px, ${themesLabel(themes)}: drag 1 → 128 → 1, readout and memories follow`, async ({ page }) => {
    const problems = watch(page);
    await openFigure(page, 'forget', { width, theme: themes[0] });
    const figure = page.locator('#forget-figure');
    const input = figure.locator(slider);
    const status = figure.getByRole('status');
    await expect(input).toHaveValue('16');
    await expect(status).toContainText('16 pairs written');

    const cellsAt = () =>
      figure
        .locator('.heatmap canvas')
        .first()
        .evaluate((c: HTMLCanvasElement) => c.toDataURL());
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

    // The memories are painted on canvas: a switch of theme repaints them in its colours.
    let painted = await cellsAt();
    await inEachTheme(page, themes, async (theme) => {
      if (theme !== themes[0]) await expect.poll(cellsAt, `the memories repainted for the ${theme} theme`).not.toBe(painted);
      painted = await cellsAt();
      await figure.scrollIntoViewIfNeeded();
      await keepScreenshot(figure, `forget-${width}-${theme}`);
    });
    expect(problems).toEqual([]);
  });
}

test('a shared link restores the figure; nonsense in the link is clamped or ignored', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'forget', { search: '?n=40&stream=lifetimes&seed=7&beta=0.5&alpha=0.7&slow=1&fast=0.3&metric=cosine' });
  const figure = page.locator('#forget-figure');
  await expect(figure.locator(slider)).toHaveValue('40');
  await expect(figure.getByRole('status')).toContainText('40 pairs written. Cosine similarity');
  await expect(figure.locator('.seed')).toHaveText('seed 7');
  await expect(figure.getByLabel('Stream')).toHaveValue('lifetimes');

  await openFigure(page, 'forget', { search: '?n=99999&stream=banana&seed=-3&beta=NaN&alpha=7&metric=<script>' });
  await expect(figure.locator(slider)).toHaveValue('128');
  await expect(figure.getByLabel('Stream')).toHaveValue('capacity');
  await expect(figure.getByRole('status')).toContainText('Read error');
  expect(problems).toEqual([]);
});

test('an untouched figure leaves the address clean', async ({ page }) => {
  await openFigure(page, 'forget');
  await page.waitForTimeout(300);
  expect(new URL(page.url()).search).toBe('');
});

test('play writes one pair per beat and pause stops it', async ({ page }) => {
  await openFigure(page, 'forget');
  const figure = page.locator('#forget-figure');
  await figure.getByRole('button', { name: 'Play' }).click();
  // At least two beats (a slow machine may be polled less often than once a beat).
  await expect.poll(async () => Number(await figure.locator(slider).inputValue()), { timeout: 3000 }).toBeGreaterThanOrEqual(18);
  await figure.getByRole('button', { name: 'Pause' }).click();
  const stopped = await figure.locator(slider).inputValue();
  await page.waitForTimeout(1000);
  await expect(figure.locator(slider)).toHaveValue(stopped);
  await expect(figure.getByRole('status')).toContainText(`${stopped} pairs written`);
});

test('each move of a drag draws what the figure renders for that n, pictures included', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'forget');
  /**
   * Everything drawn that changes with n: the numbers, the four bitmaps, the cursor. Given a value,
   * first moves the slider there as a drag does, and reads back in the same task, before any
   * timer of the page can run.
   */
  const drawn = (move: string | null = null) =>
    page.evaluate((to) => {
      const figure = document.getElementById('forget-figure')!;
      if (to !== null) {
        const input = figure.querySelector('#forget-n') as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, to);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
      return {
        status: figure.querySelector('[role="status"]')!.textContent,
        scale: figure.querySelector('.forget-scale .steady-live')!.textContent,
        cursor: (figure.querySelector('.chart-cursor') as HTMLElement).style.backgroundPosition,
        bitmaps: [...figure.querySelectorAll('canvas')].map((c) => c.toDataURL()),
      };
    }, move);
  const during = await drawn('77');
  expect(during.status).toContain('77 pairs written');
  // Once the reader pauses, the figure's own render agrees with every frame of the drag,
  await expect(page).toHaveURL(/[?&]n=77\b/);
  expect(await drawn()).toEqual(during);
  // and so does a fresh load of the shared link.
  await openFigure(page, 'forget', { search: '?n=77' });
  await expect(page.locator('#forget-figure').getByRole('status')).toContainText('77 pairs written');
  expect(await drawn()).toEqual(during);
  expect(problems).toEqual([]);
});
