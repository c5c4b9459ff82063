import { expect, test, type Page } from '@playwright/test';
import { openFigure } from '../../e2e/helpers';
import { expectLatencyWithinFloor, SLIDER_MOVES } from './latency';

/** Slider positions that sweep the whole range back and forth, so every change redraws both curves. */
function sweep(min: number, max: number, count: number): number[] {
  const span = max - min;
  return Array.from({ length: count }, (_, i) => {
    const phase = i % (2 * span);
    return min + (phase < span ? phase + 1 : 2 * span - phase - 1);
  });
}

const figure = (page: Page) => page.locator('#chunking-figure');

// One page for both sliders: the figure opened and settled once, then each slider measured in turn.
test('chunking: main-thread work from a control change to the next paint, CPU 4x slower: chunk-size slider, then sequence-length slider', async ({ page }) => {
  await openFigure(page, 'chunking', { width: 1280, idle: true, settled: true });
  const sizes = sweep(0, 12, SLIDER_MOVES);
  const before = await figure(page).locator('.chunking-current').first().getAttribute('x1');
  const size = await expectLatencyWithinFloor(page, {
    name: 'chunking chunk-size slider',
    scope: '#chunking-figure',
    moves: { control: '#chunking-C', values: sizes },
  });
  // The sweep ended away from the default, so the marker on the curves has moved.
  expect(await figure(page).locator('.chunking-current').first().getAttribute('x1')).not.toBe(before);
  await expect(figure(page).getByRole('status')).toContainText(`C = ${(2 ** sizes.at(-1)!).toLocaleString('en-US')} on`);
  expect(size.figure.work).toHaveLength(SLIDER_MOVES);

  // The sequence-length slider sits in the workload's fold: opened first, as a reader must, so its moves are drawn.
  await figure(page).locator('.chunking-workload > summary').press('Enter');
  await expect(figure(page).locator('#chunking-L')).toBeVisible();
  const lengths = sweep(10, 20, SLIDER_MOVES);
  const total = await figure(page).locator('path.chunking-series.is-total').getAttribute('d');
  const length = await expectLatencyWithinFloor(page, {
    name: 'chunking sequence-length slider',
    scope: '#chunking-figure',
    moves: { control: '#chunking-L', values: lengths },
  });
  expect(await figure(page).locator('path.chunking-series.is-total').getAttribute('d')).not.toBe(total);
  expect(length.figure.work).toHaveLength(SLIDER_MOVES);
});
