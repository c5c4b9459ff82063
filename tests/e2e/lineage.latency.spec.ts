import { expect, test } from '@playwright/test';
import { openFigure } from './helpers';
import { expectLatencyWithinFloor } from './latency';

test('@latency lineage: main-thread work from a step button to the next paint, 42 steps, CPU 4x slower', async ({ page }) => {
  await openFigure(page, 'lineage', { width: 1280, settled: true });
  const figure = page.locator('#lineage-figure');
  // Forward through all seven steps and back, three times, then forward once more: every step
  // change both ways, ending on the last step.
  const clicks = Array.from({ length: 42 }, (_, i) => `#lineage-figure [data-dir="${i % 12 < 6 ? 'next' : 'prev'}"]`);
  // A step's card is built when the step is first shown and kept, hidden, after: the harness's
  // first, unkept pass shows every step, so these moves show cards already built, and the
  // direct-write floor makes the same writes (which card is current, the markers, the status).
  const run = await expectLatencyWithinFloor(page, {
    name: 'lineage step buttons',
    scope: '#lineage-figure',
    moves: { clicks },
    reset: () => figure.locator('[data-marker="0"]').evaluate((el: HTMLElement) => el.click()),
  });
  await expect(figure.locator('.lineage-card[data-current="true"] .lineage-card-title')).toContainText('Kimi K3');
  await expect(figure.locator('[aria-current="step"]')).toHaveAttribute('data-marker', '6');
  expect(run.figure.work).toHaveLength(42);
});
