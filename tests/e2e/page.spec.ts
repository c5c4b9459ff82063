import { expect, test } from '@playwright/test';
import {
  axeViolations,
  inEachTheme,
  onlyColoursChanged,
  SECTION_IDS,
  setTheme,
  themesLabel,
  WIDTH_THEMES,
  watch,
  keepScreenshot,
  untilFoldsLoaded,
} from './helpers';

for (const { width, themes } of WIDTH_THEMES) {
  // One load a width for every whole-page check: the overflow, the screenshot and axe's scan, in each theme.
  test(`the page at ${width}px, ${themesLabel(themes)}: loads clean, every section shown, no sideways scroll, the whole page passes axe`, async ({ page }) => {
    const problems = watch(page);
    await page.setViewportSize({ width, height: 900 });
    await setTheme(page, themes[0]);
    const response = await page.goto('./');
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#scale-figure svg[role="img"]')).toBeVisible();
    for (const id of SECTION_IDS) await expect(page.locator(`section#${id} h2`)).toBeVisible();

    await inEachTheme(page, themes, async (theme) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
      await keepScreenshot(page, `page-${width}-${theme}`, { fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
    });
    expect(problems).toEqual([]);
  });
}

test('the axe scan finds what it should: a nameless button and grey-on-grey text, inside its scope and not outside', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('./');
  // Planted by DOM calls and CSSOM styles, which the page's policy allows.
  await page.evaluate(() => {
    const figure = document.querySelector('#scale-figure')!;
    const button = document.createElement('button');
    button.className = 'planted';
    const faint = document.createElement('p');
    faint.textContent = 'Barely there.';
    faint.style.color = '#777';
    faint.style.background = '#888';
    figure.append(button, faint);
  });
  const inside = await axeViolations(page, '#scale-figure');
  expect(inside.map((v) => v.split(' ')[0]).sort()).toEqual(['button-name', 'color-contrast']);
  expect(await axeViolations(page, '#credit')).toEqual([]);
});

test('after a theme switch that changes only colours, the scan judges the colours alone and still finds text the new theme hides', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await setTheme(page, 'light');
  await page.goto('./');
  // The folds' bodies come back after load, which changes the markup: the switch comes after.
  await untilFoldsLoaded(page);
  // A stylesheet adopted by script leaves the markup as it was: in the dark theme the caption's
  // text turns nearly the colour of the surface behind it.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('@media (prefers-color-scheme: dark) { #scale-figure figcaption { color: #363d48; background: #1e232b } }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  const found: Record<string, string[]> = {};
  await inEachTheme(page, ['light', 'dark'], async (theme) => {
    expect(onlyColoursChanged(page), `in the ${theme} theme, only the colours changed`).toBe(theme === 'dark');
    found[theme] = (await axeViolations(page, '#scale-figure')).map((v) => v.split(' ')[0]!);
  });
  expect(found).toEqual({ light: [], dark: ['color-contrast'] });
});

test('the opening grid draws one mark per GPT-2, gold first, in the counts the caption gives', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./');
  const figure = page.locator('#scale-figure');
  const caption = (await figure.locator('figcaption').innerText()).replace(/,/g, '');
  const [, total, gold] = caption.match(/(\d+) of them make up .*?The (\d+) in gold/s) ?? [];
  const cells = await figure.locator('svg rect[data-marks]').evaluateAll((rects) =>
    rects.reduce<Record<string, number>>((sum, r) => {
      const kind = r.getAttribute('data-marks')!;
      sum[kind] = (sum[kind] ?? 0) + Number(r.getAttribute('width')) * Number(r.getAttribute('height'));
      return sum;
    }, {}),
  );
  expect(cells.accent).toBe(Number(gold));
  expect((cells.accent ?? 0) + (cells.muted ?? 0)).toBe(Number(total));
  // Drawn: gold marks at the top left have much more red than blue; idle marks at the bottom are grey.
  const shot = await figure.locator('svg').screenshot();
  // Decoded in a blank page of its own: the essay's policy admits no data: image.
  const blank = await page.context().newPage();
  // Only the two pixels read come back: the whole image as a list would be megabytes over the protocol.
  const { width, first, last } = await blank.evaluate(async (png) => {
    const img = new Image();
    img.src = `data:image/png;base64,${png}`;
    await img.decode();
    const c = document.createElement('canvas');
    [c.width, c.height] = [img.width, img.height];
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const at = (x: number, y: number) => Array.from(ctx.getImageData(x, y, 1, 1).data);
    return { width: img.width, first: at(1, 1), last: at(1, img.height - 3) };
  }, shot.toString('base64'));
  await blank.close();
  expect(width).toBeGreaterThan(300);
  expect(first[0]! - first[2]!).toBeGreaterThan(60);
  expect(Math.abs(last[0]! - last[2]!)).toBeLessThan(40);
});
