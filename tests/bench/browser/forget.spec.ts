import { expect, test } from '@playwright/test';
import { openFigure } from '../../e2e/helpers';
import { expectLatencyWithinFloor, PRESSES, SLIDER_MOVES } from './latency';

test(`forget: main-thread work from input to next paint, ${SLIDER_MOVES} slider moves, ${PRESSES} step-button presses and ${PRESSES} full renders, CPU 4x slower`, async ({
  page,
}) => {
  await openFigure(page, 'forget', { width: 1280, settled: true });
  const status = page.locator('#forget-figure').getByRole('status');
  await expect(status).toContainText('17 pairs written');
  // The opening stream's twenty pairs, visited out of order.
  const values = Array.from({ length: SLIDER_MOVES }, (_, i) => ((i * 7) % 20) + 1);
  const drag = await expectLatencyWithinFloor(page, { name: 'forget slider', scope: '#forget-figure', moves: { control: '#forget-n', values } });
  await expect(status).toContainText(`${values.at(-1)} pairs written`);
  expect(drag.figure.work).toHaveLength(SLIDER_MOVES);

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
    moves: { clicks: Array.from({ length: PRESSES }, (_, i) => (i % 2 === 0 ? forward : back)) },
    reset,
  });
  await expect(status).toContainText('17 pairs written');
  expect(step.figure.work).toHaveLength(PRESSES);

  // The full render, which a drag's or a press's pause and every other control take: four
  // memories and twelve strips of the write redrawn, the table by group, the look-for line and the
  // write line generated again. Measured on the Memory / Last change toggle, whose every press
  // renders the figure. Its median took 0.95 to 1.8 times its floor's in runs one after another on
  // one 2-core machine (6 December), where the short path took 0.9 to 1.2: held to 2.
  const [memory, change] = ['#forget-figure .forget-draw button:nth-of-type(1)', '#forget-figure .forget-draw button:nth-of-type(2)'];
  const render = await expectLatencyWithinFloor(page, {
    name: 'forget full render (the draw toggle)',
    scope: '#forget-figure',
    moves: { clicks: Array.from({ length: PRESSES }, (_, i) => (i % 2 === 0 ? change : memory)) },
    reset,
    held: 2,
  });
  expect(render.figure.work).toHaveLength(PRESSES);
});
