import { expect, test } from '@playwright/test';
import { openFigure } from '../../e2e/helpers';
import { expectLatencyWithinFloor } from './latency';

test('lineage: main-thread work from a rung pressed to the next paint, 42 steps, CPU 4x slower', async ({ page }) => {
  await openFigure(page, 'lineage', { width: 1280, settled: true });
  const figure = page.locator('#lineage-figure');
  // Down the ladder through all seven steps and back up, three times, then down once more: each
  // press opens a rung and closes the one open before, every step change both ways, ending on the last.
  const order = Array.from({ length: 42 }, (_, i) => (i % 12 < 6 ? (i % 12) + 2 : 12 - (i % 12)));
  const clicks = order.map((n) => `#lineage-figure li:nth-child(${n}) > details.rung > summary`);
  // A card draws its picture when its step is first opened and keeps it: the harness's first,
  // unkept pass opens every step, so these presses open cards already built, and the
  // direct-write floor makes the same writes (which rung is open, its card shown).
  const run = await expectLatencyWithinFloor(page, {
    name: 'lineage rungs',
    scope: '#lineage-figure',
    moves: { clicks },
    // The first rung open: pressed only where it is closed, as a press on an open rung closes it.
    reset: () =>
      figure.locator('li:nth-child(1) > details.rung').evaluate((d: HTMLDetailsElement) => {
        if (!d.open) d.querySelector('summary')!.click();
      }),
  });
  await expect(figure.locator('details.rung[open]')).toHaveAttribute('data-step', 'kimi-k3');
  expect(run.figure.work).toHaveLength(42);
});
