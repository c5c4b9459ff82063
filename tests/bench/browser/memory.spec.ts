import { expect, test } from '@playwright/test';
import { openFigure } from '../../e2e/helpers';
import { expectLatencyWithinFloor, SLIDER_MOVES } from './latency';

test(`memory: main-thread work from input to next paint, ${SLIDER_MOVES} moves of the context slider, CPU 4x slower`, async ({ page }) => {
  await openFigure(page, 'memory', { width: 1280, settled: true });
  const status = page.locator('#memory-figure .mem-readout');
  await expect(status).toContainText('At 131,072 tokens');
  // Each move a different context from the last, across the slider's 11 stops (1,024 to 1,048,576 tokens).
  const values = Array.from({ length: SLIDER_MOVES }, (_, i) => (i * 3) % 11);
  const drag = await expectLatencyWithinFloor(page, { name: 'memory slider', scope: '#memory-figure', moves: { control: '#mem-context', values } });
  await expect(status).toContainText(`At ${(2 ** (10 + values.at(-1)!)).toLocaleString('en-US')} tokens`);
  expect(drag.figure.work).toHaveLength(SLIDER_MOVES);
});
