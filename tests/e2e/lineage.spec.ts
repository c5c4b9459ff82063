/**
 * The eviction ladder, which is also the lineage's stepper: a rung opens its step's card in place,
 * by pointer or keyboard, with and without script; each step has its own address.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, inEachTheme, keepScreenshot, openFigure, themesLabel, waitForFigure, watch, WIDTH_THEMES } from './helpers';

const NAMES = [
  'GPT-2 and its KV cache',
  'Linear attention',
  'DeltaNet: the delta rule in attention',
  'The delta rule, trained in parallel over chunks',
  'Gated DeltaNet',
  'Kimi Delta Attention and the nominally 3:1 hybrid',
  'Kimi K3',
];

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

const figure = (page: Page) => page.locator('#lineage-figure');
const rung = (page: Page, n: number) =>
  figure(page)
    .locator('details.rung')
    .nth(n - 1);
const head = (page: Page, n: number) => rung(page, n).locator(':scope > summary');
const card = (page: Page, n: number) => page.locator(`#lineage-step-${n}`);
/** The open rungs, 1-based. */
const opened = (page: Page) =>
  figure(page)
    .locator('details.rung')
    .evaluateAll((ds) => ds.flatMap((d, i) => ((d as HTMLDetailsElement).open ? [i + 1] : [])));
const hash = (page: Page) => new URL(page.url()).hash;

for (const { width, themes } of WIDTH_THEMES) {
  test(`lineage at ${width}px, ${themesLabel(themes)}: every step opened by keyboard in place, clean console, no overflow, axe clean`, async ({ page }) => {
    const problems = watch(page);
    await openFigure(page, 'lineage', { width, theme: themes[0] });
    // One navigator: no tab bar of markers, no Previous or Next.
    await expect(figure(page).locator('[data-marker], [aria-current="step"]')).toHaveCount(0);
    await expect(figure(page).getByRole('button', { name: /^(previous|next)/i })).toHaveCount(0);
    // The walk once, in the theme the page opened in: what it checks does not depend on colour.
    const theme = themes[0];
    await head(page, 1).focus();
    for (let i = 1; i <= NAMES.length; i++) {
      await expect(head(page, i)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect.poll(() => opened(page)).toEqual([i]);
      await expect(head(page, i)).toContainText(NAMES[i - 1]!);
      await expect(card(page, i)).toBeVisible();
      await expect(card(page, i).locator('.katex').first()).toBeVisible();
      await expect(card(page, i).locator('.lineage-diagram svg').first()).toBeVisible();
      // The card opens under its own rung, before the next one: both read in one frame, as the
      // page may be scrolling to the rung between two separate reads.
      if (i < NAMES.length) {
        const gap = await page.evaluate((n) => {
          const c = document.getElementById(`lineage-step-${n}`)!.getBoundingClientRect();
          const next = document.querySelectorAll('#lineage-figure details.rung > summary')[n]!.getBoundingClientRect();
          return next.top - c.bottom;
        }, i);
        expect(gap, `step ${i}'s card ends above the next rung`).toBeGreaterThanOrEqual(-1);
      }
      // This section stays inside the viewport; wide maths scrolls inside its own box.
      const overflow = await page.locator('#lineage').evaluate((s) => s.scrollWidth - s.clientWidth);
      expect(overflow, `horizontal overflow at step ${i}`).toBeLessThanOrEqual(0);
      const box = (await figure(page).boundingBox())!;
      expect(box.x + box.width, `figure right edge at step ${i}`).toBeLessThanOrEqual(width);
      if (i === 5) await keepScreenshot(figure(page), `lineage-${width}-${theme}-step5`);
      if (i === 7) {
        // K3's stack, drawn from the data (its counts: tests/widgets/LineageFigure.test.tsx): MLA
        // cells painted in the key colour and KDA cells in the state colour, in each theme.
        await expect(card(page, 7).locator('[data-layer]')).toHaveCount(93);
        const [kdaFill, mlaFill] = await Promise.all(
          ['kda', 'mla'].map((k) =>
            card(page, 7)
              .locator(`[data-kind="${k}"]`)
              .first()
              .evaluate((e) => getComputedStyle(e).fill),
          ),
        );
        expect(kdaFill).not.toBe(mlaFill);
      }
      if (i < NAMES.length) await page.keyboard.press('ArrowDown');
    }
    // Axe in each theme on the last step's open card; in the second, after a switch that changes colours alone.
    await inEachTheme(page, themes, async (shown) => {
      expect(await axeViolations(page, '#lineage')).toEqual([]);
      await keepScreenshot(figure(page), `lineage-${width}-${shown}-step7`);
    });
    // Enter on the open rung closes it; Home goes back to the first.
    await page.keyboard.press('Enter');
    await expect.poll(() => opened(page)).toEqual([]);
    await keepScreenshot(figure(page), `lineage-${width}-${themes[1]}-closed`);
    await page.keyboard.press('Home');
    await expect(head(page, 1)).toBeFocused();
    expect(problems).toEqual([]);
  });
}

test('every rung and the copy button meet the 44px target, and a rung has a visible focus ring', async ({ page }) => {
  await openFigure(page, 'lineage', { width: 390 });
  const controls = [...(await figure(page).locator('summary').all()), figure(page).getByRole('button', { name: 'Copy a link to this view' })];
  expect(controls).toHaveLength(8);
  for (const control of controls) {
    const box = (await control.boundingBox())!;
    expect(box.width, await control.innerText()).toBeGreaterThanOrEqual(44);
    expect(box.height, await control.innerText()).toBeGreaterThanOrEqual(44);
  }
  await head(page, 2).focus();
  await page.keyboard.press('ArrowDown');
  await expect(head(page, 3)).toBeFocused();
  const outline = await head(page, 3).evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
});

test('a rung pressed opens its card in place, without moving under the pointer, and writes #lineage-step-N', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'lineage', { width: 1280, search: '?n=20' });
  await head(page, 2).click();
  await expect.poll(() => opened(page)).toEqual([2]);
  await expect.poll(() => hash(page)).toBe('#lineage-step-2');
  // The card above closes as the one pressed opens: the pressed rung stays where it was.
  await head(page, 5).scrollIntoViewIfNeeded();
  const before = (await head(page, 5).boundingBox())!.y;
  const scrolled = await page.evaluate(() => window.scrollY);
  await head(page, 5).click();
  await expect.poll(() => opened(page)).toEqual([5]);
  expect(Math.abs((await head(page, 5).boundingBox())!.y - before)).toBeLessThanOrEqual(2);
  await expect(card(page, 5)).toContainText('The wall');
  await expect(card(page, 5).locator('.lineage-diagram svg')).toBeVisible();
  await expect.poll(() => hash(page)).toBe('#lineage-step-5');
  expect(new URL(page.url()).search).toBe('?n=20');
  // Written in place: no jump of its own beyond what kept the rung still, and no new history entry.
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled);
  await head(page, 5).click();
  await expect.poll(() => opened(page)).toEqual([]);
  await expect.poll(() => hash(page)).toBe('#lineage-figure');
  expect(problems).toEqual([]);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'each step’s address, script on' : 'each step’s address, script off', () => {
    test.use({ javaScriptEnabled, reducedMotion: 'reduce' });

    test('#lineage-step-N opens step N, its rung and card in view; a rung pressed opens its own', async ({ page }) => {
      const problems = watch(page);
      for (const viewport of [
        { width: 1280, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        for (const n of [5, 2]) {
          await page.goto('about:blank');
          await page.goto(`./#lineage-step-${n}`);
          if (javaScriptEnabled) await waitForFigure(page, 'lineage');
          await expect.poll(() => opened(page)).toEqual([n]);
          await expect(head(page, n)).toBeInViewport();
          await expect(card(page, n)).toBeInViewport();
          await expect(card(page, n)).toContainText('The wall');
          // The equations are in the card either way: KaTeX once script runs, else MathML alone.
          const equation = card(page, n).locator('[data-equation]').first();
          await expect(equation).toBeVisible();
          expect((await equation.boundingBox())!.height).toBeGreaterThan(10);
          expect(hash(page)).toBe(`#lineage-step-${n}`);
        }
      }
      // A rung pressed opens its card and closes the other, script or not.
      await head(page, 7).click();
      await expect.poll(() => opened(page)).toEqual([7]);
      await expect(card(page, 7)).toContainText('Every parameter has to stay resident');
      if (!javaScriptEnabled) await keepScreenshot(page.locator('#lineage'), 'lineage-nojs-390');
      expect(problems).toEqual([]);
    });

    test('the seven policies stand together, visible, within one screen at 1280 px, every card closed; on a phone within one and a half', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('./#lineage');
      const rungs = page.locator('#ladder > li');
      await expect(rungs).toHaveCount(7);
      for (let i = 0; i < 7; i++) {
        await expect(rungs.nth(i).locator('.rung-policy')).toContainText(POLICIES[i]!);
        await expect(rungs.nth(i).locator('.rung-policy')).toBeVisible();
      }
      expect(await opened(page)).toEqual([]);
      const boxes = await rungs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
      expect(boxes.at(-1)!.bottom - boxes[0]!.top, 'the ladder fits one screen').toBeLessThanOrEqual(900);
      for (const box of boxes) expect(box.right).toBeLessThanOrEqual(1280);
      // On a phone the ladder is a list of seven within one and a half screens.
      await page.setViewportSize({ width: 390, height: 844 });
      const phone = await rungs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
      expect(phone).toHaveLength(7);
      expect(phone.at(-1)!.bottom - phone[0]!.top, 'the ladder within one and a half phone screens').toBeLessThanOrEqual(1.5 * 844);
      for (const box of phone) expect(box.right).toBeLessThanOrEqual(390);
      await keepScreenshot(page.locator('#ladder'), `ladder-390-${javaScriptEnabled ? 'js' : 'nojs'}`);
    });
  });
}

test('an older link’s ?step=N opens step N at the new address; nonsense opens nothing, without an error', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'lineage', { width: 1280, search: '?step=4' });
  await expect.poll(() => opened(page)).toEqual([4]);
  await expect(card(page, 4)).toBeInViewport();
  await expect.poll(() => page.url()).toMatch(/\/#lineage-step-4$/);
  for (const bad of ['99', 'abc', '-1', '2.5']) {
    await openFigure(page, 'lineage', { search: `?step=${bad}` });
    expect(await opened(page), bad).toEqual([]);
    await expect.poll(() => new URL(page.url()).search).toBe('');
  }
  expect(problems).toEqual([]);
});

test('every step change is in the DOM before the next frame begins, on a fast CPU and a 4x slower one', async ({ page }) => {
  await openFigure(page, 'lineage', { width: 1280 });
  const cdp = await page.context().newCDPSession(page);
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const updated = await page.evaluate(async () => {
      const rungs = [...document.querySelectorAll<HTMLDetailsElement>('#lineage-figure details.rung')];
      const out: boolean[] = [];
      for (let i = 0; i < 24; i++) {
        const k = i % 12 < 6 ? (i % 12) + 1 : 11 - (i % 12);
        rungs[k]!.querySelector('summary')!.click();
        // React renders a click's update in a microtask queued ahead of this one.
        await Promise.resolve();
        out.push(rungs[k]!.open && rungs.filter((d) => d.open).length === 1 && rungs[k]!.querySelector('.lineage-diagram') !== null);
        await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 40)));
      }
      return out;
    });
    expect(updated, `${rate}x CPU`).toEqual(Array.from({ length: 24 }, () => true));
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
