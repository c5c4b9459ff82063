import { expect, test, type Page } from '@playwright/test';
import { axeViolations, inEachTheme, openFigure, themesLabel, waitForFigure, watch, WIDTH_THEMES, keepScreenshot } from './helpers';

const NAMES = [
  'GPT-2 and its KV cache',
  'Linear attention',
  'The delta rule',
  'The delta rule, trained in parallel over chunks',
  'Gated DeltaNet',
  'Kimi Delta Attention and the nominally 3:1 hybrid',
  'Kimi K3',
];

const figure = (page: Page) => page.locator('#lineage-figure');
const marker = (page: Page, n: number) => figure(page).locator(`[data-marker="${n - 1}"]`);
const currentMarker = (page: Page) => figure(page).locator('[aria-current="step"]');
const card = (page: Page) => figure(page).locator('.lineage-card[data-current="true"]');
const cardTitle = (page: Page) => card(page).locator('.lineage-card-title');
const stepParam = (page: Page) => new URL(page.url()).searchParams.get('step');

for (const { width, themes } of WIDTH_THEMES) {
  test(`lineage at ${width}px, ${themesLabel(themes)}: every step by keyboard, clean console, no overflow, axe clean`, async ({ page }) => {
    const problems = watch(page);
    await openFigure(page, 'lineage', { width, theme: themes[0] });
    await expect(page.locator('#lineage .lineage-steps')).toBeHidden();
    await inEachTheme(page, themes, async (theme) => {
      await currentMarker(page).focus();
      for (let i = 0; i < NAMES.length; i++) {
        await expect(cardTitle(page)).toContainText(NAMES[i]!);
        await expect(currentMarker(page)).toHaveAttribute('data-marker', String(i));
        await expect(figure(page).getByRole('status')).toContainText(`Step ${i + 1} of 7`);
        await expect(card(page).locator('.katex').first()).toBeVisible();
        await expect(figure(page).locator('.lineage-card-title:visible')).toHaveCount(1);
        // This section stays inside the viewport; wide maths scrolls inside its own box.
        const overflow = await page.locator('#lineage').evaluate((s) => s.scrollWidth - s.clientWidth);
        expect(overflow, `horizontal overflow at step ${i + 1}`).toBeLessThanOrEqual(0);
        const box = (await figure(page).boundingBox())!;
        expect(box.x + box.width, `figure right edge at step ${i + 1}`).toBeLessThanOrEqual(width);
        await keepScreenshot(figure(page), `lineage-${width}-${theme}-step${i + 1}`);
        if (i < NAMES.length - 1) await page.keyboard.press('ArrowRight');
      }
      // The last step's picture is the one taken above, as step 7.
      await expect(figure(page).getByRole('button', { name: 'Next' })).toBeDisabled();

      expect(await axeViolations(page, '#lineage')).toEqual([]);

      await page.keyboard.press('Home');
      await expect(cardTitle(page)).toContainText(NAMES[0]!);
      await expect(figure(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
    });
    expect(problems).toEqual([]);
  });
}

test('the markers, buttons and reset meet the 44px target', async ({ page }) => {
  await openFigure(page, 'lineage', { width: 390, search: '?step=3' });
  for (const button of await figure(page).getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.width, await button.innerText()).toBeGreaterThanOrEqual(44);
    expect(box.height, await button.innerText()).toBeGreaterThanOrEqual(44);
  }
});

test('Tab reaches the stepper; Next disables itself at the end and focus stays in the stepper', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./');
  // Focusing the heading scrolls the figure near the screen, which is when it hydrates.
  await page.locator('#lineage-title a').focus();
  await waitForFigure(page, 'lineage');
  // From the heading, Tab passes the links in the prose (a glossary term), the ladder's seven
  // rungs, the worklog, its reference mark and the link in the card the mark opens, then lands
  // on the current marker.
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  await expect(marker(page, 1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(marker(page, 7)).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('Tab');
  await expect(figure(page).getByRole('button', { name: 'Next' })).toBeFocused();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Enter');
  await expect(cardTitle(page)).toContainText('Kimi K3');
  await expect(marker(page, 7)).toBeFocused();
  await expect.poll(() => stepParam(page)).toBe('7');
});

test('a deep link restores the step; nonsense falls back to step 1 without an error', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'lineage', { width: 1280, search: '?step=4' });
  await expect(cardTitle(page)).toContainText(NAMES[3]!);
  await expect(marker(page, 4)).toHaveAttribute('aria-current', 'step');
  await marker(page, 6).click();
  await expect.poll(() => stepParam(page)).toBe('6');
  expect(new URL(page.url()).hash).toBe('#lineage');
  for (const bad of ['99', 'abc', '-1', '2.5']) {
    await openFigure(page, 'lineage', { search: `?step=${bad}` });
    await expect(cardTitle(page)).toContainText(NAMES[0]!);
    await expect(marker(page, 1)).toHaveAttribute('aria-current', 'step');
  }
  expect(problems).toEqual([]);
});

test("K3's layer stack is drawn from the data: 93 layers, MLA at 4, 8 … 92 and 93; 16 of 896 experts lit", async ({ page }) => {
  await openFigure(page, 'lineage', { width: 1280, search: '?step=7' });
  await expect(cardTitle(page)).toContainText('Kimi K3');
  const layers = figure(page).locator('[data-layer]');
  await expect(layers).toHaveCount(93);
  const mla = await figure(page)
    .locator('[data-kind="mla"]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-layer'))));
  expect(mla).toEqual([...Array.from({ length: 23 }, (_, i) => 4 * (i + 1)), 93]);
  await expect(figure(page).locator('[data-kind="kda"]')).toHaveCount(69);
  await expect(figure(page).locator('[data-expert]')).toHaveCount(16);
  // MLA cells are painted in the key colour and KDA cells in the state colour.
  const [kdaFill, mlaFill] = await Promise.all(
    ['kda', 'mla'].map((k) =>
      figure(page)
        .locator(`[data-kind="${k}"]`)
        .first()
        .evaluate((e) => getComputedStyle(e).fill),
    ),
  );
  expect(kdaFill).not.toBe(mlaFill);
});

test('every step change is in the DOM before the next frame begins, on a fast CPU and a 4x slower one', async ({ page }) => {
  await openFigure(page, 'lineage', { width: 1280 });
  const cdp = await page.context().newCDPSession(page);
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const updated = await page.evaluate(async () => {
      const current = () => document.querySelector('#lineage-figure .lineage-card[data-current="true"]')!.getAttribute('data-step');
      const button = (dir: string) => document.querySelector<HTMLButtonElement>(`#lineage-figure [data-dir="${dir}"]`)!;
      const out: boolean[] = [];
      for (let i = 0; i < 24; i++) {
        const before = current();
        button(i % 12 < 6 ? 'next' : 'prev').click();
        // React renders a click's update in a microtask queued ahead of this one.
        await Promise.resolve();
        out.push(current() !== before);
        await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 40)));
      }
      return out;
    });
    expect(updated, `${rate}x CPU`).toEqual(Array.from({ length: 24 }, () => true));
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('all seven steps are an ordered list, and the stepper is not shown', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('./?step=4');
    const items = page.locator('#lineage ol.lineage-steps > li');
    await expect(items).toHaveCount(7);
    for (let i = 0; i < 7; i++) {
      await expect(items.nth(i).locator('h3')).toContainText(NAMES[i]!);
      await expect(items.nth(i)).toBeVisible();
      // The list's equations are MathML alone: drawn by the browser, with a box of their own.
      const equation = items.nth(i).locator('[data-equation] math').first();
      await expect(equation).toBeVisible();
      expect((await equation.boundingBox())!.height).toBeGreaterThan(10);
    }
    await expect(figure(page)).toBeHidden();
    await keepScreenshot(page.locator('#lineage'), 'lineage-nojs-390');
  });
});

/** The policy lines as data/lineage.json states them, its figures filled in as the essay fills them. */
const POLICIES = [
  'Evict nothing inside the 1,024-token window',
  'No policy at all',
  'Evict by replacement, one key at a time.',
  'The delta rule’s policy, unchanged',
  'Fade everything a little, then replace at one key.',
  'Evict per channel in most layers; keep everything in a few.',
  'Evict parameters from the compute path',
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'the ladder, script on' : 'the ladder, script off', () => {
    test.use({ javaScriptEnabled, reducedMotion: 'reduce' });

    test('the seven policies stand together, and a rung opens its step', async ({ page }) => {
      const problems = watch(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('./#lineage');
      const rungs = page.locator('#ladder .rung');
      await expect(rungs).toHaveCount(7);
      for (let i = 0; i < 7; i++) await expect(rungs.nth(i).locator('.rung-policy')).toContainText(POLICIES[i]!);
      const boxes = await rungs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
      expect(boxes.at(-1)!.bottom - boxes[0]!.top, 'the ladder fits one screen').toBeLessThanOrEqual(900);
      for (const box of boxes) expect(box.right).toBeLessThanOrEqual(1280);
      await page.locator('#ladder a[data-rung="5"]').click();
      if (javaScriptEnabled) {
        await waitForFigure(page, 'lineage');
        await expect(cardTitle(page)).toContainText(NAMES[4]!);
        await expect(figure(page)).toBeInViewport();
        await expect.poll(() => stepParam(page)).toBe('5');
      } else {
        await expect(page.locator('#lineage-step-5')).toBeInViewport();
        await expect(page.locator('#lineage-step-5 h3')).toContainText(NAMES[4]!);
      }
      expect(problems).toEqual([]);
    });
  });
}

test('on a phone the ladder is a list of seven within one and a half screens', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('./#lineage');
  const boxes = await page.locator('#ladder .rung').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
  expect(boxes).toHaveLength(7);
  expect(boxes.at(-1)!.bottom - boxes[0]!.top).toBeLessThanOrEqual(1.5 * 844);
  for (const box of boxes) expect(box.right).toBeLessThanOrEqual(390);
  await keepScreenshot(page.locator('#ladder'), 'ladder-390');
});
