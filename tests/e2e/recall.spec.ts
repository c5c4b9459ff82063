import { expect, test } from '@playwright/test';
import {
  axeViolations,
  inEachTheme,
  openFigure,
  steadyOverflow,
  themesLabel,
  WIDTH_THEMES,
  watch,
  keepScreenshot,
  untilHydrated,
  untilFoldsLoaded,
} from './helpers';

for (const { width, themes } of WIDTH_THEMES) {
  test(`attention-read figure at ${width}px, ${themesLabel(themes)}: every slider by keyboard, clean console, axe clean, no overflow`, async ({ page }) => {
    const problems = watch(page);
    await openFigure(page, 'recall', { width, theme: themes[0] });
    const figure = page.locator('#recall-figure');
    const toy = figure.getByRole('status').first();
    await expect(toy).toContainText('16 pairs written. Read error: delta state 0.92, whole cache 0.00, last 4 pairs 1.03.');

    const n = figure.locator('#recall-n');
    await n.focus();
    await page.keyboard.press('Home');
    await expect(toy).toContainText('1 pair written');
    await page.keyboard.press('End');
    await expect(toy).toContainText('128 pairs written');
    await expect(toy).toContainText('whole cache 2,048');
    await expect(figure.locator('.bar-row.recall-cache .bar-fill')).toHaveAttribute('style', /width: 100%/);

    // The sharpness slider by keyboard: at its low end the whole cache reads about as badly as answering zero.
    const s = figure.locator('#recall-s');
    await s.focus();
    await page.keyboard.press('Home');
    await expect(s).toHaveAttribute('aria-valuetext', 's = 1/√8 ≈ 0.35');
    await expect(toy).toContainText('whole cache 0.99');

    await inEachTheme(page, themes, async (theme) => {
      expect(await steadyOverflow(page, '#recall-figure')).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axeViolations(page, '#recall-figure')).toEqual([]);
      await keepScreenshot(figure, `recall-${width}-${theme}`);
    });
    expect(problems).toEqual([]);
  });
}

test('a shared link restores the figure; nonsense is clamped or ignored', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'recall', { width: 1280, search: '?an=999&sharp=abc&state=gatedDelta' });
  const toy = page.locator('#recall-figure').getByRole('status').first();
  await expect(toy).toContainText('128 pairs written. Read error: gated delta state');
  await expect(page.locator('#recall-s')).toHaveAttribute('aria-valuetext', 's = 32.0');
  await expect(page).toHaveURL(/[?&]an=128\b/);
  await expect(page).not.toHaveURL(/sharp=/);
  expect(problems).toEqual([]);
});

test('Kimi K3’s memory, behind the memory door, at both widths and in both themes: the context slider by keyboard, axe clean, no overflow', async ({
  page,
}) => {
  // Both widths and both themes, each scanned by axe: 12 to 22 s on a 2-core machine.
  test.setTimeout(90_000);
  const problems = watch(page);
  const figure = page.locator('#k3Memory-figure');
  const k3 = figure.getByRole('status');
  for (const { width, themes } of WIDTH_THEMES) {
    // Each width from a fresh load, as a reader on that screen opens it; the other theme switched to in place.
    await openFigure(page, 'k3Memory', { width, theme: themes[0] });
    await expect(k3).toContainText('At 1,048,576 tokens');
    await inEachTheme(page, themes, async (theme) => {
      await figure.locator('#k3-context').focus();
      await page.keyboard.press('Home');
      await expect(k3).toContainText('At 4,096 tokens');
      await page.keyboard.press('End');
      await expect(k3).toContainText('27.42 GiB in all; with every layer MLA, 104.6 GiB.');
      expect(await steadyOverflow(page, '#k3Memory-figure')).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${width}px, ${theme}`).toBeLessThanOrEqual(0);
      expect(await axeViolations(page, '#k3Memory-figure'), `${width}px, ${theme}`).toEqual([]);
      await keepScreenshot(figure, `k3-memory-${width}-${theme}`);
    });
  }
  expect(problems).toEqual([]);
});

test('K3’s memory, deep in the memory door, is drawn and wakes however the door opens: by a link, by find-in-page, or by a script while the section is off screen', async ({
  page,
}) => {
  // Both widths and both themes, each scanned by axe: 12 to 22 s on a 2-core machine.
  test.setTimeout(90_000);
  const problems = watch(page);
  const figure = page.locator('#k3Memory-figure');
  const island = figure.locator('[data-island="k3Memory"]');
  const ways = [
    { way: 'a link', open: () => page.goto('./#k3Memory-figure') },
    {
      // A reader's search comes once the page is in, with every fold's body back.
      way: 'find-in-page',
      open: async () => {
        await page.goto('./');
        await untilFoldsLoaded(page);
        await page.goto(`./#:~:text=${encodeURIComponent('the price is concrete')}`);
      },
    },
    {
      // The section's height was measured with its doors closed; opened from afar, it must not
      // stay skipped or clipped at that height.
      way: 'a script',
      open: async () => {
        await page.goto('./');
        await page.locator('#shipping-memory-fold').evaluate((d: HTMLDetailsElement) => {
          d.open = true;
        });
        await figure.scrollIntoViewIfNeeded();
      },
    },
  ];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const { way, open } of ways) {
      const at = `${width}px, by ${way}`;
      await page.goto('about:blank');
      await open();
      await expect(page.locator('#shipping-memory-fold'), at).toHaveAttribute('open', '');
      await expect(figure, at).toBeInViewport();
      // The figure wakes when it is drawn on the screen: a section skipped at its closed-door height would leave it asleep.
      await untilHydrated(island, { message: at });
      // What stands below it in the door is inside its section's box, not cut off at the measured height.
      const [paragraph, section] = await Promise.all(
        ['#takeaways-k3-memory', '#shipping'].map((s) => page.locator(s).evaluate((e) => e.getBoundingClientRect().bottom)),
      );
      expect(paragraph, `${at}: the door's last paragraph ends inside its section`).toBeLessThanOrEqual(section!);
    }
  }
  expect(problems).toEqual([]);
});

test('a shared link restores K3’s context; nonsense falls back to the full context', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'k3Memory', { width: 1280, search: '?ctx=8192' });
  await expect(page.locator('#k3Memory-figure').getByRole('status')).toContainText('At 8,192 tokens');
  await openFigure(page, 'k3Memory', { width: 1280, search: '?ctx=-4' });
  await expect(page.locator('#k3Memory-figure').getByRole('status')).toContainText('At 1,048,576 tokens');
  await expect(page).not.toHaveURL(/ctx=/);
  expect(problems).toEqual([]);
});
