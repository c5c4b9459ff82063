import { expect, test } from '@playwright/test';
import { openFigure } from './helpers';
import { expectLatencyWithinFloor } from './latency';

test('@latency forget: main-thread work from input to next paint, 100 slider moves and 40 step-button presses, CPU 4x slower', async ({ page }) => {
  await openFigure(page, 'forget', { width: 1280, settled: true });
  const status = page.locator('#forget-figure').getByRole('status');
  await expect(status).toContainText('17 pairs written');
  // The opening stream's twenty pairs, visited out of order.
  const values = Array.from({ length: 100 }, (_, i) => ((i * 7) % 20) + 1);
  const drag = await expectLatencyWithinFloor(page, { name: 'forget slider', scope: '#forget-figure', moves: { control: '#forget-n', values } });
  await expect(status).toContainText(`${values.at(-1)} pairs written`);
  expect(drag.figure.work).toHaveLength(100);

  // A step button's press takes the slider's short path too: the next pair drawn at once, the
  // figure's render once the reader pauses. Measured forward and back in turn from 17 pairs,
  // within the opening stream's twenty, and held to the same 1.5 as the slider.
  const reset = () => page.locator('#forget-figure').getByRole('button', { name: 'Reset' }).click();
  await reset();
  const forward = '#forget-figure button[aria-label="Forward one pair"]';
  const back = '#forget-figure button[aria-label="Back one pair"]';
  const step = await expectLatencyWithinFloor(page, {
    name: 'forget step buttons',
    scope: '#forget-figure',
    moves: { clicks: Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? forward : back)) },
    reset,
  });
  await expect(status).toContainText('17 pairs written');
  expect(step.figure.work).toHaveLength(40);
});
