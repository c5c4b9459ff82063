/** The corrections list: each entry's link lands on the sentence that says it right. */
import { expect, test } from '@playwright/test';
import { waitForFigure, watch } from './helpers';

test('a correction of the lineage opens the ladder at its step; one of the prose lands on its paragraph', async ({ page }) => {
  const problems = watch(page);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('./#corrections');
  await page.locator('#correction-k3-layout a', { hasText: 'the lineage, step 7' }).click();
  await expect(page).toHaveURL(/#lineage-step-7$/);
  await waitForFigure(page, 'lineage');
  const card = page.locator('#lineage-step-7');
  await expect(page.locator('details.rung[open]')).toHaveAttribute('data-step', 'kimi-k3');
  await expect(card).toBeInViewport();
  await expect(card).toContainText('Of its 93 layers, 69 are Kimi Delta Attention and 24 are gated MLA');
  await page.goto('./#corrections');
  await page.locator('#correction-depth-attention a', { hasText: 'What the whole chain says' }).click();
  await expect(page.locator('#takeaways-depth')).toBeInViewport();
  await expect(page.locator('#takeaways-depth')).toContainText('one summary per 12 layers');
  // And back: the card of the step that is usually told otherwise links to its correction.
  await page.goto('./#lineage-step-7');
  await waitForFigure(page, 'lineage');
  await page.locator('#lineage-step-7').getByRole('link', { name: 'See the correction' }).click();
  await expect(page.locator('#correction-k3-layout')).toBeInViewport();
  expect(problems).toEqual([]);
});
