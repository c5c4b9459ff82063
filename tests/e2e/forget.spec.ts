import { expect, test } from '@playwright/test';
import { openFigure, steadyOverflow, watch, inEachTheme, themesLabel, WIDTH_THEMES, keepScreenshot } from './helpers';

const slider = '#forget-n';
/** The opening stream's pairs, and the pair it opens at: the new context's first. */
const LAST = 20;
const OPEN = 17;

for (const { width, themes } of WIDTH_THEMES) {
  test(`forget figure at ${width}px, ${themesLabel(themes)}: ${width === 1280 ? 'untouched, a clean address and one screen for memories, slider and chart; ' : ''}drag 1 → ${LAST} → 1, readout, memories and the look-for line follow`, async ({
    page,
  }) => {
    const problems = watch(page);
    await openFigure(page, 'forget', { width, theme: themes[0] });
    const figure = page.locator('#forget-figure');
    const input = figure.locator(slider);
    const status = figure.getByRole('status');
    await expect(input).toHaveValue(String(OPEN));
    await expect(status).toContainText(`${OPEN} pairs written`);
    const lookFor = figure.locator('.look-for');
    await expect(lookFor).toContainText('A new context, and the gates fire');
    if (width === 1280) {
      // Untouched, the figure leaves the address clean,
      await page.waitForTimeout(300);
      expect(new URL(page.url()).search).toBe('');
      // and at 1280×900 the four memories, the slider and the chart fit one screen.
      await figure.locator('.forget-states').evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
      const boxes = await figure.evaluate((f) =>
        ['.forget-states', '#forget-n', '.line-chart svg'].map((sel) => {
          const r = f.querySelector(sel)!.getBoundingClientRect();
          return { sel, top: Math.round(r.top), bottom: Math.round(r.bottom) };
        }),
      );
      console.log(`forget at 1280×900: ${boxes.map((b) => `${b.sel} ${b.top}–${b.bottom}`).join(', ')}`);
      for (const b of boxes) {
        expect(b.top, b.sel).toBeGreaterThanOrEqual(0);
        expect(b.bottom, b.sel).toBeLessThanOrEqual(900);
      }
      // Opening the gates' fold moves no control: its summary and the row above it stay where they were.
      const placed = () =>
        figure.evaluate((f) => {
          // Relative to the figure, so a scroll that brings the summary into view moves nothing.
          const top = f.getBoundingClientRect().top;
          return ['.forget-gates > summary', '.forget-options select', '.forget-options button'].map((sel) => {
            const r = f.querySelector(sel)!.getBoundingClientRect();
            return [Math.round(r.left), Math.round(r.top - top)];
          });
        });
      const closed = await placed();
      await figure.locator('.forget-gates > summary').click();
      await expect(figure.locator('.forget-gates')).toHaveJSProperty('open', true);
      expect(await placed()).toEqual(closed);
      await figure.locator('.forget-gates > summary').click();
    }

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
    await expect(input).toHaveValue(String(LAST));
    await expect(status).toContainText(`${LAST} pairs written`);
    await expect(lookFor).toContainText('The new context writes the same rows 5–8');
    expect(await cellsAt()).not.toBe(at1);
    // The widest numbers fit their fixed boxes, and the readout's box kept its height.
    expect(await steadyOverflow(page, '#forget-figure')).toEqual([]);
    await expect(page).toHaveURL(new RegExp(`[?&]n=${LAST}\\b`));

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
  await expect(figure.locator(slider)).toHaveValue(String(LAST));
  await expect(figure.getByLabel('Stream')).toHaveValue('phases');
  await expect(figure.getByRole('status')).toContainText('Read error');
  expect(problems).toEqual([]);
});

test('play writes one pair per beat, pause stops it, and play runs on to the stream’s end', async ({ page }) => {
  await openFigure(page, 'forget');
  const figure = page.locator('#forget-figure');
  const input = figure.locator(slider);
  await input.focus();
  await page.keyboard.press('Home');
  await expect(input).toHaveValue('1');
  await figure.getByRole('button', { name: 'Play' }).click();
  // At least two beats (a slow machine may be polled less often than once a beat).
  await expect.poll(async () => Number(await input.inputValue()), { timeout: 3000 }).toBeGreaterThanOrEqual(3);
  await figure.getByRole('button', { name: 'Pause' }).click();
  const stopped = await input.inputValue();
  await page.waitForTimeout(1000);
  await expect(input).toHaveValue(stopped);
  await expect(figure.getByRole('status')).toContainText(`${stopped} pairs written`);
  await figure.getByRole('button', { name: 'Play' }).click();
  await expect(input).toHaveValue(String(LAST), { timeout: 15_000 });
  await expect(figure.getByRole('button', { name: 'Play' })).toHaveAttribute('aria-pressed', 'false');
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
        lookFor: figure.querySelector('.look-for')!.textContent,
        table: figure.querySelector('.forget-groups tbody')!.textContent,
        write: figure.querySelector('.forget-write .steady-live')!.textContent,
        scale: figure.querySelector('.forget-scale .steady-live')!.textContent,
        cursor: (figure.querySelector('.chart-cursor') as HTMLElement).style.backgroundPosition,
        bitmaps: [...figure.querySelectorAll('canvas')].map((c) => c.toDataURL()),
      };
    }, move);
  const during = await drawn('13');
  expect(during.status).toContain('13 pairs written');
  expect(during.lookFor).toContain('Keys come back with new values');
  // Once the reader pauses, the figure's own render agrees with every frame of the drag,
  await expect(page).toHaveURL(/[?&]n=13\b/);
  expect(await drawn()).toEqual(during);
  // and so does a fresh load of the shared link.
  await openFigure(page, 'forget', { search: '?n=13' });
  await expect(page.locator('#forget-figure').getByRole('status')).toContainText('13 pairs written');
  expect(await drawn()).toEqual(during);
  expect(problems).toEqual([]);
});

test('at 390×844 the four memories, their colour key, the slider and the readout are in view together while it is dragged', async ({ page }) => {
  await openFigure(page, 'forget', { width: 390 });
  await page.setViewportSize({ width: 390, height: 844 });
  const figure = page.locator('#forget-figure');
  const input = figure.locator(slider);
  // The memories at the top of the screen: the key, the slider and the readout under them must fit below.
  await figure.locator('.forget-states').evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
  const box = (await input.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
  const inView = await figure.evaluate((f) => {
    const at = (el: Element) => {
      const r = el.getBoundingClientRect();
      return [Math.round(r.top), Math.round(r.bottom)];
    };
    return {
      maps: [...f.querySelectorAll('.forget-state .heatmap-grid:not(.strip)')].map(at),
      key: at(f.querySelector('.forget-scale')!),
      slider: at(f.querySelector('#forget-n')!),
      readout: at(f.querySelector('.forget-readout')!),
      height: innerHeight,
    };
  });
  await page.mouse.up();
  console.log(`forget at 390×844 while dragging: ${JSON.stringify(inView)}`);
  expect(inView.maps).toHaveLength(4);
  for (const [top, bottom] of [...inView.maps, inView.key, inView.slider, inView.readout]) {
    expect(top).toBeGreaterThanOrEqual(0);
    expect(bottom).toBeLessThanOrEqual(inView.height);
  }
  await expect(figure.getByRole('status')).not.toContainText(`${OPEN} pairs written`);
});

test('a single write can be watched: a step, the change it made, the key and the row each rule wrote', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'forget');
  const figure = page.locator('#forget-figure');
  const pictures = () => figure.locator('canvas').evaluateAll((cs) => cs.map((c) => (c as HTMLCanvasElement).toDataURL()));
  const before = await pictures();
  // Four memories, and beside each its key, its read and its written row.
  expect(before).toHaveLength(16);
  await figure.getByRole('button', { name: 'Forward one pair' }).click();
  await expect(figure.locator('.forget-write .steady-live')).toContainText('Pair 18, a pair of the new context, writes along rows 5–8.');
  await figure.getByRole('button', { name: 'Last change' }).click();
  await expect(figure.getByRole('group', { name: /Delta change at the last write after 18 pairs/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]draw=change\b/);
  expect(await pictures()).not.toEqual(before);
  expect(problems).toEqual([]);
});
