/**
 * The main thread while a worker computes: the lab's run and the trainer's, each page's longest
 * main-thread task in yardsticks (yardstick.ts: this renderer parsing and laying out a fixed
 * reference document, measured just before and after the run). On a quiet machine a yardstick is
 * about 20 ms, so the limit of two and a half stands where 50 ms stood.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { openFigure, untilHydrated, watch } from '../../e2e/helpers';
import { judgeFigure } from './figures';
import { median, recordLongTasks, yardstick } from './yardstick';

const TASK_YARDS = 2.5;

const streamsAt = JSON.parse(
  readFileSync('src/content/defaults.ts', 'utf8')
    .match(/LAB_STREAM_COUNTS[^{]*(\{[^}]*\})/)![1]!
    .replace(/(\d+):/g, '"$1":'),
) as Record<string, number>;

/** Runs `work` with long tasks recorded and a yardstick either side; judges the longest task. */
async function judgeWhile(page: Page, name: string, work: () => Promise<void>) {
  const before = await yardstick(page);
  const longTasks = await recordLongTasks(page);
  await work();
  const long = await longTasks();
  const after = await yardstick(page);
  const yard = median([before, after]);
  const longest = Math.max(0, ...long);
  await judgeFigure({
    name,
    value: longest / yard,
    limit: TASK_YARDS,
    unit: 'yardsticks',
    detail: `Chromium ${page.context().browser()!.version()}; yardstick ${before.toFixed(1)} ms before, ${after.toFixed(1)} after; tasks of 50 ms or more: ${long.length ? long.join(', ') : 'none'}`,
  });
}

test('while the lab’s worker runs at d = 64, the page’s longest main-thread task', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'lab', { width: 1280, settled: true });
  await judgeWhile(page, 'lab worker at d = 64: the longest main-thread task', async () => {
    // d = 64: 20 streams of a tenth of a second or more, each drawn as it is posted.
    await page.locator('#lab-d').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('#lab-figure .lab-progress')).toHaveText(`Done: ${streamsAt['64']} streams at d = 64.`, { timeout: 40_000 });
  });
  expect(problems).toEqual([]);
});

test('while the trainer’s worker trains 300 steps at kv = 16, the page’s longest main-thread task', async ({ page }) => {
  const problems = watch(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./train.html?tkv=16&tsteps=300');
  const island = page.locator('[data-island="train"]');
  await island.scrollIntoViewIfNeeded();
  await untilHydrated(island);
  await page.waitForLoadState('load');
  await judgeWhile(page, 'trainer worker, 300 steps at kv = 16: the longest main-thread task', async () => {
    await page.getByRole('button', { name: 'Train it here' }).click();
    await expect(page.locator('#train-figure .train-status')).toHaveText(/^Trained delta rule/, { timeout: 40_000 });
  });
  expect(problems).toEqual([]);
});
