import { expect, test } from '@playwright/test';
import { openFigure } from './helpers';
import { expectLatencyWithinFloor } from './latency';

test('@latency recall: main-thread work from input to next paint, 100 moves of the pairs slider, CPU 4x slower', async ({ page }) => {
  await openFigure(page, 'recall', { width: 1280, settled: true });
  const status = page.locator('#recall-figure').getByRole('status').first();
  await expect(status).toContainText('16 pairs written');
  const values = Array.from({ length: 100 }, (_, i) => ((i * 37) % 128) + 1);
  const drag = await expectLatencyWithinFloor(page, { name: 'recall slider', scope: '#recall-figure', moves: { control: '#recall-n', values } });
  await expect(status).toContainText(`${values.at(-1)} pairs written`);
  expect(drag.figure.work).toHaveLength(100);
});
