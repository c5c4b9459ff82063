/**
 * Every caveat the data attaches to a figure reaches the reader beside that figure: a numbered
 * mark in the table cell that links to the note in the model's entry below the table.
 */
import { expect, test } from '@playwright/test';
import { openFigure, watch } from './helpers';

/** The caveats a reader must be able to find (research/architectures.md), by model. */
const CAVEATS = [
  { model: 'kimi-k3', about: 'K3’s second published count', text: /2\.78 trillion parameters.*3\.74%.*about 22,340 copies/ },
  { model: 'kimi-k2.6', about: 'K2.6’s count in the Kimi K2 report', text: /1\.04 trillion parameters: 3\.08%/ },
  { model: 'minimax-m3', about: 'MiniMax-M3’s approximate date', text: /Approximate date of the open-weight release/ },
  { model: 'deepseek-v4-pro', about: 'DeepSeek-V4-Pro’s preview status', text: /Preview release/ },
  { model: 'deepseek-v4-pro', about: 'DeepSeek-V4-Pro’s disputed top-k', text: /gives 1,024 for Pro, and 512 for Flash/ },
];

test.describe('with JavaScript', () => {
  // Each link jumps: how a link's scroll animates, and where it lands, is tests/e2e/sections.spec.ts's to check.
  test.use({ reducedMotion: 'reduce' });
  // In one theme: nothing here is a colour, and the themes differ only in colours (tests/build/themes.test.ts).
  test('each listed caveat is marked in its table row and opens its note, at 390px; Mistral Large 3 crosses 6% only on its headline count', async ({
    page,
  }) => {
    const problems = watch(page);
    await openFigure(page, 'shipping', { width: 390, theme: 'dark' });
    for (const c of CAVEATS) {
      const note = page.locator(`[id="shipping-note-${c.model}"] .shipping-caveats > li`).filter({ hasText: c.text });
      await expect(note, c.about).toHaveCount(1);
      const id = await note.getAttribute('id');
      const row = page.locator(`#shipping-figure tr[data-model="${c.model}"]`);
      const mark = row.locator(`a[href="#${id}"]`);
      // A caveat on several figures of the row is marked in each of their cells.
      expect(await mark.count(), `${c.about}: a mark in the row links to the note`).toBeGreaterThan(0);
      // On a phone the card shows some of the row's figures; a mark on the others is in the card's fold.
      if ((await mark.filter({ visible: true }).count()) === 0) {
        await row.locator('.shipping-more > summary').press('Enter');
      }
      await mark.filter({ visible: true }).first().click();
      expect(new URL(page.url()).hash).toBe(`#${id}`);
      // The notes are folded until the mark's link opens them.
      await expect(note, c.about).toBeVisible();
      await expect(note).toBeInViewport();
    }
    const others = page.locator('#shipping-deeper p', { hasText: 'checked and left out of the table' });
    await expect(others).toContainText('Mistral Large 3 (6.07% on its headline count; 5.79%, under the line, for the language model alone)');
    expect(problems).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  // Jumps without smooth scrolling, so each link's jump is over before the next is followed.
  test.use({ javaScriptEnabled: false, reducedMotion: 'reduce' });
  test('the same caveats stand in the static pages, each linked from its row to the notes’ own page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('./');
    // The notes' fold left the first download: without script it links to its own page.
    await expect(page.locator('#shipping-notes > .fold-slot a[href="shipping-notes.html"]')).toBeAttached();
    const links = new Map<string, string[]>();
    for (const c of CAVEATS) {
      links.set(
        c.model,
        await page
          .locator(`#shipping-figure tr[data-model="${c.model}"] a[href^="shipping-notes.html#"]`)
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')!)),
      );
    }
    for (const c of CAVEATS) {
      await page.goto('./shipping-notes.html');
      const note = page.locator(`[id="shipping-note-${c.model}"] .shipping-caveats > li`).filter({ hasText: c.text });
      await expect(note, c.about).toHaveCount(1);
      const id = await note.getAttribute('id');
      expect(links.get(c.model), c.about).toContain(`shipping-notes.html#${id}`);
      // The row's link lands on the note.
      await page.goto(`./shipping-notes.html#${id}`);
      await expect(note, c.about).toBeVisible();
      await expect(note, c.about).toBeInViewport();
    }
  });
});
