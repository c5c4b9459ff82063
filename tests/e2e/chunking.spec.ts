import { expect, test, type Page } from '@playwright/test';
import {
  axeViolations,
  openFigure,
  steadyOverflow,
  waitForFigure,
  WIDTHS,
  watch,
  type OpenOptions,
  inEachTheme,
  themesLabel,
  WIDTH_THEMES,
  keepScreenshot,
  KEEP_SCREENSHOTS,
} from './helpers';

const figure = (page: Page) => page.locator('#chunking-figure');
const readout = (page: Page) => figure(page).getByRole('status');
const chunkSlider = (page: Page) => figure(page).getByRole('slider', { name: /chunk/i });

/** These tests measure laid-out text (overflow, fixed boxes, screenshots), so each waits until the network rests, fonts loaded. */
const open = async (page: Page, options: OpenOptions = {}) => {
  await openFigure(page, 'chunking', { idle: true, ...options });
  await openWorkload(page);
};

/** The workload's controls sit in a fold, closed at first: these tests open it as a reader would, by keyboard. */
async function openWorkload(page: Page) {
  const fold = figure(page).locator('details.chunking-workload');
  await expect(fold).not.toHaveAttribute('open');
  await fold.locator('> summary').press('Enter');
  await expect(fold).toHaveAttribute('open');
}

for (const { width, themes } of WIDTH_THEMES) {
  test(`chunking at ${width}px, ${themesLabel(themes)}: clean, accessible, no sideways scroll`, async ({ page }) => {
    const problems = watch(page);
    await open(page, { width, theme: themes[0] });
    await inEachTheme(page, themes, async (theme) => {
      // Only this section's own overflow: anything wider than the viewport must scroll inside a box of its own.
      const sticking = await page.evaluate(() => {
        const vw = document.documentElement.clientWidth;
        const clipped = (el: Element) => {
          for (let p = el.parentElement; p && p.id !== 'chunking'; p = p.parentElement) {
            if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) return true;
          }
          return false;
        };
        return [...document.querySelectorAll('#chunking *')]
          .filter((el) => el.getBoundingClientRect().right > vw + 0.5 && !clipped(el))
          .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`);
      });
      expect(sticking, 'elements sticking out of the viewport').toEqual([]);
      expect(await axeViolations(page, '#chunking')).toEqual([]);
      // The figure is taller than the window; headless Chromium sometimes returns a blank first
      // capture of an element that reaches beyond it, so the kept screenshot is the second.
      if (KEEP_SCREENSHOTS) await figure(page).screenshot();
      await keepScreenshot(figure(page), `chunking-${width}-${theme}`);
    });
    expect(problems).toEqual([]);
  });
}

test('the chunk slider moves by keyboard and redraws diagram, curves and readout', async ({ page }) => {
  const problems = watch(page);
  await open(page, { width: 1280 });
  await expect(readout(page)).toContainText('C = 64 on H100 SXM');
  const diagram = figure(page).getByRole('img').first();
  await expect(diagram).toHaveAttribute('aria-label', /256 tokens cut into 4 chunks of 64/);

  await chunkSlider(page).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await expect(readout(page)).toContainText('C = 4 on H100 SXM');
  // 4096 / 4 = 1,024 steps; F(4) = 10·4·128 + 6·128² + 16/3 = 103,429 ≈ 1.05 × 6d².
  await expect(readout(page)).toContainText('1,024 sequential steps');
  await expect(readout(page)).toContainText('1.05×');
  await expect(diagram).toHaveAttribute('aria-label', /256 tokens cut into 64 chunks of 4/);

  await page.keyboard.press('Home');
  await expect(readout(page)).toContainText('C = 1 on H100 SXM');
  await expect(readout(page)).toContainText('4,096 sequential steps');
  await page.keyboard.press('End');
  await expect(readout(page)).toContainText('C = 4,096 on H100 SXM');
  await expect(readout(page)).toContainText('1 sequential step,');
  await expect(diagram).toHaveAttribute('aria-label', /256 tokens inside one chunk of 4,096/);
  await expect(page).toHaveURL(/[?&]C=4096/);
  expect(problems).toEqual([]);
});

test('switching GPUs redraws the time curve and moves the optimum', async ({ page }) => {
  const problems = watch(page);
  await open(page);
  const total = figure(page).locator('path.chunking-series.is-total');
  const select = figure(page).getByRole('combobox', { name: 'GPU' });
  const optimum = async () => Number(/Fastest: C ≈ (\d+)/.exec((await readout(page).textContent()) ?? '')?.[1]);
  const seen = new Map<string, number>();
  const paths = new Set<string>();
  for (const id of ['a100', 'h100', 'h200', 'b200', 'gb200']) {
    await select.focus();
    await select.selectOption(id);
    const name = await select.locator(`option[value="${id}"]`).textContent();
    await expect(readout(page)).toContainText(`on ${name}`);
    seen.set(id, await optimum());
    paths.add((await total.getAttribute('d')) ?? '');
  }
  expect(paths.size).toBe(5);
  // research §4.2, L = 4096, d = 128, B·H = 16, no overlap: A100 81, H100 115, H200 113, B200 150.
  for (const [id, expected] of [
    ['a100', 81],
    ['h100', 115],
    ['h200', 113],
    ['b200', 150],
  ] as const) {
    expect(Math.abs(seen.get(id)! - expected)).toBeLessThanOrEqual(0.03 * expected);
  }
  await expect(page).toHaveURL(/[?&]gpu=gb200/);
  expect(problems).toEqual([]);
});

test('shared state survives a reload and keeps other figures’ parameters', async ({ page }) => {
  const problems = watch(page);
  await open(page, { search: '?ref=share&C=16&gpu=a100&L=65536&bh=256&d=64&tau=1.5' });
  await expect(readout(page)).toContainText('C = 16 on A100 SXM 80GB');
  await expect(figure(page).getByRole('slider', { name: /sequence length/i })).toHaveAttribute('aria-valuetext', 'L = 65,536 tokens');
  await chunkSlider(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/[?&]C=32/);
  expect(new URL(page.url()).searchParams.get('ref')).toBe('share');
  await page.reload();
  await waitForFigure(page, 'chunking');
  await expect(readout(page)).toContainText('C = 32 on A100 SXM 80GB');
  // The fold's summary says the shared workload before it is opened.
  await expect(figure(page).locator('.chunking-workload > summary')).toHaveText(
    'Workload and hardware: A100 SXM 80GB, L = 65,536, B·H = 256, d = 64, τ₀ = 1.50 µs',
  );
  await openWorkload(page);
  await figure(page).getByRole('button', { name: 'Reset' }).press('Enter');
  await expect(readout(page)).toContainText('C = 64 on H100 SXM');
  // The address follows once the controls rest: the chunking parameters go, the foreign one stays.
  await expect.poll(() => new URL(page.url()).searchParams.has('C')).toBe(false);
  const params = new URL(page.url()).searchParams;
  expect(params.get('ref')).toBe('share');
  for (const key of ['gpu', 'L', 'bh', 'd', 'tau']) expect(params.has(key), key).toBe(false);
  expect(problems).toEqual([]);
});

for (const width of WIDTHS) {
  test(`at ${width}px the longest values fit their fixed boxes`, async ({ page }) => {
    // The longest GPU name, the longest sequence, the most heads, the slowest step, and chunks
    // of one (the most chunks and steps), then one chunk as long as the sequence.
    await open(page, { width, search: '?gpu=gb200&L=1048576&bh=1024&d=256&tau=4&C=1' });
    await expect(readout(page)).toContainText('C = 1 on GB200');
    await expect(readout(page)).toContainText('1,048,576 sequential steps');
    expect(await steadyOverflow(page, '#chunking-figure')).toEqual([]);
    await chunkSlider(page).focus();
    await page.keyboard.press('End');
    await expect(readout(page)).toContainText('C = 1,048,576 on GB200');
    expect(await steadyOverflow(page, '#chunking-figure')).toEqual([]);
  });
}
