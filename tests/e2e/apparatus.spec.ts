/**
 * The reader's apparatus: numbered citations, footnotes and glossary terms with their cards, the
 * references, the appendix's citation with its copy buttons, and a link to each figure's view.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, inEachTheme, setTheme, themesLabel, WIDTH_THEMES, watch, untilHydrated } from './helpers';

/** Every address any data file holds. */
const dataUrls = new Set(
  ['architectures', 'comparisons', 'corrections', 'hardware', 'lineage', 'memory'].flatMap((f) =>
    [...readFileSync(`data/${f}.json`, 'utf8').matchAll(/"(https:\/\/[^"]+)"/g)].map((m) => m[1]!),
  ),
);

test('every citation resolves to a reference, every reference is cited, every arXiv id on the page is listed', async ({ page }) => {
  await page.goto('./');
  // The list numbers itself from 1: no start, no reversing, no item set to a number of its own.
  const list = await page.locator('ol.references').evaluate((ol) => ({ start: (ol as HTMLOListElement).start, reversed: (ol as HTMLOListElement).reversed }));
  expect(list).toEqual({ start: 1, reversed: false });
  const refs = await page.locator('ol.references > li').evaluateAll((lis) =>
    lis.map((li, i) => ({
      id: li.id,
      value: li.hasAttribute('value') ? Number(li.getAttribute('value')) : i + 1,
      href: li.querySelector('a')!.getAttribute('href')!,
      text: li.textContent ?? '',
    })),
  );
  expect(refs.length).toBeGreaterThan(50);
  expect(refs.map((r) => r.value)).toEqual(refs.map((_, i) => i + 1));
  const marks = await page.locator('.cite-mark > a').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href')!, text: a.textContent })));
  const ids = new Set(refs.map((r) => `#${r.id}`));
  expect(marks.filter((m) => !ids.has(m.href))).toEqual([]);
  // The number on a mark is its reference's.
  for (const m of marks) expect(m.text).toBe(`[${refs.find((r) => `#${r.id}` === m.href)!.value}]`);
  // Cited: by a numbered mark, by a link outside the list, or as the source of a figure in data/.
  const linked = new Set(
    await page.locator('a[href^="https://"]').evaluateAll((as) => as.filter((a) => !a.closest('ol.references')).map((a) => a.getAttribute('href')!)),
  );
  const marked = new Set(marks.map((m) => m.href));
  const uncited = refs.filter((r) => !marked.has(`#${r.id}`) && !linked.has(r.href) && !dataUrls.has(r.href));
  expect(uncited.map((r) => r.id)).toEqual([]);
  // Every arXiv id the page mentions outside its list is one of the references'.
  const text = await page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    clone.querySelector('ol.references')?.remove();
    return `${clone.textContent} ${[...clone.querySelectorAll('a')].map((a) => a.getAttribute('href')).join(' ')}`;
  });
  // arXiv ids are YYMM.NNNNN: a year and month, then the number.
  const arxiv = new Set([...text.matchAll(/(?<![\d.])(\d{2}(?:0[1-9]|1[0-2])\.\d{4,5})(?!\d)/g)].map((m) => m[1]!));
  const listed = refs.map((r) => r.text).join(' ');
  expect([...arxiv].filter((id) => !listed.includes(`arXiv:${id}`))).toEqual([]);
});

/** The card's box against its mark's line: below it, within the window. */
async function cardBelowMark(page: Page, holder: ReturnType<Page['locator']>) {
  const card = holder.locator(':scope > .card');
  await expect(card).toBeVisible();
  // Both boxes in one frame: the page may still be scrolling to the mark, and two reads apart
  // would set the mark's place at one moment against the card's at another.
  const { mark, box } = await holder.evaluate((el) => {
    const rect = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    return { mark: rect(el.querySelector(':scope > a')!), box: rect(el.querySelector(':scope > .card')!) };
  });
  const width = page.viewportSize()!.width;
  expect(box.y, 'the card starts below the line it annotates').toBeGreaterThanOrEqual(mark.y + mark.height - 1);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
}

for (const { width, themes } of WIDTH_THEMES) {
  test(`cards at ${width}px, ${themesLabel(themes)}: by keyboard and pointer, below their line, Escape closes, axe clean`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await setTheme(page, themes[0]);
    const problems = watch(page);
    await page.goto('./#lineage');
    // A citation, by keyboard: Tab from the link before it reaches the mark and opens its card.
    const cite = page.locator('#lineage .cite-mark').first();
    await cite.locator(':scope > a').focus();
    await cardBelowMark(page, cite);
    const entry = (await cite.locator(':scope > a').getAttribute('href'))!;
    await expect(cite.locator('.card')).toContainText(await page.locator(`${entry} a`).first().innerText());
    // The card's own link is the next stop for Tab, and the card stays open on it.
    await page.keyboard.press('Tab');
    await expect(cite.locator('.card a')).toBeFocused();
    await expect(cite.locator('.card')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cite.locator('.card')).toBeHidden();
    // A glossary term, by pointer.
    const term = page.locator('.term.has-card').first();
    await term.scrollIntoViewIfNeeded();
    await term.locator(':scope > a').hover();
    await cardBelowMark(page, term);
    await expect(term.locator('.card')).toContainText(':');
    // A footnote, by keyboard.
    const note = page.locator('.note-mark').first();
    await note.scrollIntoViewIfNeeded();
    await note.locator(':scope > a').focus();
    await cardBelowMark(page, note);
    await expect(note.locator('.card .back-link')).toHaveCount(0);
    // The page itself is scanned whole in page.spec.ts; here, every mark with the card still open.
    await inEachTheme(page, themes, async () => {
      expect(await axeViolations(page, '.cite-mark, .term, .note-mark')).toEqual([]);
    });
    await expect(note.locator('.card'), 'the card stays open through a switch of theme').toBeVisible();
    expect(problems).toEqual([]);
  });
}

test('a mark jumps to its entry, and a footnote links back', async ({ page }) => {
  await page.goto('./');
  const note = page.locator('.note-mark a').first();
  const target = (await note.getAttribute('href'))!;
  await note.scrollIntoViewIfNeeded();
  await note.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator(target)).toBeInViewport();
  await page.locator(`${target} .back-link`).click();
  await expect(page.locator('.note-mark').first()).toBeInViewport();
  const term = page.locator('.term-link').first();
  const entry = (await term.getAttribute('href'))!;
  await term.scrollIntoViewIfNeeded();
  await term.click();
  await expect(page.locator(entry)).toBeInViewport();
});

// The browser context outlives a test (playwright.config.ts): the clipboard granted here is taken back.
test.afterEach(async ({ context }) => {
  await context.clearPermissions();
});

test('the citation copies by keyboard, says so, and carries the page’s address', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./#cite');
  const address = new URL('./', baseURL).href;
  await expect(page.locator('#cite-plain')).toContainText(address);
  const button = page.getByRole('button', { name: 'Copy the BibTeX' });
  await button.focus();
  await page.keyboard.press('Enter');
  const status = button.locator('xpath=following-sibling::*[@role="status"]');
  await expect(status).toHaveText('Copied.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^@misc\{eviction-policies-\d{4},/);
  expect(copied).toContain(`url    = {${address}}`);
});

test('“copy a link to this view” copies the figure’s state and anchor, and the link restores it', async ({ page, context, browser }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./#shipping');
  const island = page.locator('[data-island="shipping"]');
  await island.scrollIntoViewIfNeeded();
  await untilHydrated(island);
  await island.getByRole('button', { name: /Active share/ }).click();
  // The figure keeps its settings in the address.
  await expect.poll(() => new URL(page.url()).search).not.toBe('');
  const sorted = await island.locator('[aria-sort]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-sort')));
  const line = page.locator('#shipping-figure + .copy-line');
  await line.getByRole('button', { name: 'Copy a link to this view' }).click();
  await expect(line.getByRole('status')).toContainText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('#shipping-figure');
  expect(new URL(link).search).toBe(new URL(page.url()).search);
  expect(new URL(link).search).not.toBe('');
  const other = await browser.newPage();
  await other.goto(link);
  const again = other.locator('[data-island="shipping"]');
  await again.scrollIntoViewIfNeeded();
  await untilHydrated(again);
  await expect.poll(() => again.locator('[aria-sort]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-sort')))).toEqual(sorted);
  await other.close();
});

test('in print there are no cards or copy buttons; the notes and the references print where they stand', async ({ page }) => {
  await page.goto('./');
  await page.locator('.cite-mark a').first().focus();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.card').first()).toBeHidden();
  await expect(page.locator('.copy-button').first()).toBeHidden();
  await expect(page.locator('.notes').first()).toBeVisible();
  await expect(page.locator('ol.references')).toBeVisible();
});

/** Whether an element is drawn as lit: outlined by the highlight rule. */
const lit = (loc: ReturnType<Page['locator']>) => loc.evaluate((el) => getComputedStyle(el).outlineStyle === 'solid');

for (const width of [1280, 390]) {
  test(`prose and figure light each other at ${width}px, by pointer and by keyboard`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const problems = watch(page);
    await page.goto('./#forget');
    const island = page.locator('[data-island="forget"]');
    await island.scrollIntoViewIfNeeded();
    await untilHydrated(island);
    // A rule's name in the prose lights its memory and curve; the others step back.
    const name = page.locator('a[data-highlight="rule-gatedDelta"]');
    await name.hover();
    expect(await lit(page.locator('.forget-state.rule-gatedDelta'))).toBe(true);
    await expect(page.locator('.forget-state.rule-delta')).toHaveCSS('opacity', '0.35');
    await expect(page.locator('.chart-line.rule-gatedDelta')).toHaveCSS('opacity', '1');
    await expect(page.locator('.forget-named')).toContainText('Gated delta memory');
    // By keyboard: a symbol lights where it lives in the figure (β: its gate and the equations' β).
    await page.locator('a[data-highlight="sym-beta"]').focus();
    expect(await lit(page.locator('.forget .tok-beta').first())).toBe(true);
    // In reverse: a memory, focused, lights its name in the prose and names itself in the figure.
    await page.locator('.forget-state.rule-delta [tabindex="0"]').first().focus();
    expect(await lit(page.locator('a[data-highlight="rule-delta"]'))).toBe(true);
    await expect(page.locator('.forget-named')).toContainText('Delta memory: read error');
    // Leaving clears it: focus on something unmarked, the pointer away.
    await page.locator('#forget-title a').focus();
    await page.mouse.move(0, 0);
    await expect(page.locator('html')).not.toHaveAttribute('data-highlight', /rule-/);
    // The chunk size C in its section lights the figure's C control.
    await page.locator('a[data-highlight="sym-C"]').scrollIntoViewIfNeeded();
    await page.locator('a[data-highlight="sym-C"]').hover();
    expect(await lit(page.locator('.chunking-c'))).toBe(true);
    expect(problems).toEqual([]);
  });
}
