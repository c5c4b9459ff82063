/**
 * A phone reader scrolls the essay, not the data. Long tables and lists are folded, one press
 * away, until the reader opens them: no figure is taller than two and a half screens at first,
 * and every fold opens by keyboard, by a link to something inside it and by find-in-page, with
 * and without JavaScript, and stands open in print.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  axeViolations,
  type Figure,
  inEachTheme,
  keepScreenshot,
  lazyFolds,
  setTheme,
  themesLabel,
  untilFoldsLoaded,
  untilHydrated,
  WIDTH_THEMES,
  waitForFigure,
  watch,
} from './helpers';

const SCREENS = 2.5;
/** A phone and a laptop, each with the window height a reader of it has. */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const ISLANDS: Figure[] = ['lineage', 'forget', 'chunking', 'shipping', 'recall', 'evidence'];

const data = JSON.parse(readFileSync('data/comparisons.json', 'utf8')) as { studies: { id: string; results: unknown[] }[] };
const firstStudy = data.studies.find((s) => s.results.length > 0)!.id;

/**
 * Each fold: where it is, an element inside it that a link can name, and words that stand
 * first in the page inside it, for find-in-page (a text fragment, which the browser opens a
 * fold for exactly as it does for its own find bar).
 */
const FOLDS = [
  { name: 'the evidence table', fold: '#evidence-results', inside: `result-${firstStudy}-1`, words: 'hybrid against baseline, relative to the baseline' },
  // Behind the evidence's door: a reader opens that first, and a link or a search opens both.
  { name: 'the studies', fold: '#verify-studies-list', inside: `study-${data.studies[0]!.id}`, words: 'Tables as numbered in', within: '#verify-deeper' },
  { name: 'the shipping notes', fold: '#shipping-notes', inside: 'shipping-note-kimi-k3', words: 'Which parameters may fire' },
  { name: 'the references', fold: '#references-list', inside: 'ref-shazeer2017', words: 'Used for:' },
  {
    name: 'the chunking workload',
    fold: '#chunking-figure details.chunking-workload',
    inside: 'chunking-L',
    words: 'Heads B·H',
    // Print leaves the controls out; the summary, which says the workload drawn, stands.
    printed: '#chunking-figure .chunking-workload > summary',
  },
  // The doors to the depth, one at the end of each section they extend.
  { name: 'how the ratio is counted', fold: '#scale-count', inside: 'scale-count-text', words: 'first published it as 117 million' },
  { name: 'every reading of the demo', fold: '#forget-readings', inside: 'forget-readings-capacity', words: 'stream each pair gets a key channel of its own' },
  { name: 'the lab', fold: '#forget-lab-fold', inside: 'forget-lab', words: 'has every right to ask whether its lessons survive' },
  { name: 'attention’s sharpness and window', fold: '#forget-attention-deeper', inside: 'forget-attention-sharpness', words: 'Sharpness matters as much' },
  { name: 'the cost model', fold: '#chunking-model', inside: 'chunking-assumptions', words: 'Its free parameters, with the defaults' },
  { name: 'the shares, model by model', fold: '#shipping-deeper', inside: 'shipping-six', words: 'The tidy summary' },
  { name: 'memory per sequence', fold: '#shipping-memory-fold', inside: 'shipping-memory', words: 'The first question has a price' },
  {
    name: 'the prefix snapshots',
    fold: '#memory-snapshots',
    inside: 'memory-snapshots-kimi-k3',
    words: 'the mode vLLM runs for Gated DeltaNet layers',
    within: '#shipping-memory-fold',
  },
  { name: 'the evidence study by study', fold: '#verify-deeper', inside: 'verify-metric', words: 'Where the hybrid lost, by any margin' },
  { name: 'beside and after KDA', fold: '#after-kda', inside: 'after-kda-gated-deltanet-2', words: 'Other write rules of 2025 and 2026 change' },
] as const;

const isOpen = (page: Page, fold: string) => page.locator(fold).evaluate((d: HTMLDetailsElement) => d.open);

/**
 * The folds whose bodies come after the first download, with the page of its own each has: with
 * script the page puts a body back when it is needed or idle; without, the fold holds a link to
 * that page, which holds the body. A fold behind such a door is on the door's page.
 */
const LAZY = lazyFolds();
const pageOf = (f: (typeof FOLDS)[number]) => LAZY.get(f.fold.slice(1)) ?? ('within' in f ? LAZY.get(f.within.slice(1)) : undefined);

for (const viewport of VIEWPORTS) {
  const { themes } = WIDTH_THEMES.find((w) => w.width === viewport.width)!;
  test(`at ${viewport.width}px, ${themesLabel(themes)}: every fold closed, and no figure taller than ${SCREENS} screens until one is opened`, async ({
    page,
  }) => {
    const problems = watch(page);
    await page.setViewportSize(viewport);
    await setTheme(page, themes[0]);
    await page.goto('./');
    // Every figure as a reader meets it, hydrated as it comes near.
    for (const island of ISLANDS) await waitForFigure(page, island);
    const limit = SCREENS * viewport.height;
    await inEachTheme(page, themes, async () => {
      expect(await page.locator('details.fold[open]').count(), 'folds open before the reader opened one').toBe(0);
      const figures = await page.locator('figure').evaluateAll((fs) => fs.map((f) => ({ id: f.id, height: Math.round(f.getBoundingClientRect().height) })));
      expect(figures.length).toBeGreaterThan(6);
      const tall = figures.filter((f) => f.height > limit).map((f) => `${f.id}: ${f.height} px`);
      expect(tall, `figures over ${limit} px`).toEqual([]);
      // The lists that follow a figure are folded too: nothing folded takes room until opened.
      for (const { name, fold } of FOLDS) {
        const height = await page.locator(fold).evaluate((d) => d.getBoundingClientRect().height);
        expect(height, `${name}, folded`).toBeLessThan(120);
      }
    });
    expect(problems).toEqual([]);
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    // Jumps without smooth scrolling, so a jump is over when the test looks.
    test.use({ javaScriptEnabled, reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
    // With script, every fold: the page's own code opens a fold that an address or a search reaches.
    // Without it, the browser's native disclosure does, the same for every fold: one fold at the top
    // level and one behind its door stand for the rest (a load each, for each way in).
    // Without it, the browser's native disclosure does, the same for every fold in the page: one
    // stands for the rest. A fold whose body has a page of its own is read there, and the two that
    // stand for those (one at the top level, one behind its door) are followed to their pages.
    const checked = javaScriptEnabled
      ? FOLDS
      : FOLDS.filter((f) => f.fold === '#forget-attention-deeper' || f.fold === '#evidence-results' || f.fold === '#verify-studies-list');
    /** Where a reader without script finds a fold's words: the essay, or the fold's own page. */
    const at = (f: (typeof FOLDS)[number], hash: string) => (!javaScriptEnabled && pageOf(f) ? `./${pageOf(f)}${hash}` : `./${hash}`);
    /** The fold itself, where the page in hand holds it: a fold's own page holds its body alone. */
    const foldHere = (f: (typeof FOLDS)[number]) => javaScriptEnabled || !pageOf(f);

    test('each fold opens by keyboard, and closes again', async ({ page }) => {
      const problems = watch(page);
      await page.goto('./');
      if (javaScriptEnabled) await waitForFigure(page, 'chunking');
      for (const f of FOLDS) {
        const { name, fold, inside } = f;
        const own = pageOf(f);
        if (!javaScriptEnabled && own) {
          // Without script a fold that left the first download opens to a link to its own page.
          if ('within' in f) continue;
          await page.locator(`${fold} > summary`).focus();
          await page.keyboard.press('Enter');
          await expect(page.locator(`${fold} > .fold-slot a[href="${own}"]`), name).toBeVisible();
          await page.keyboard.press('Space');
          expect(await isOpen(page, fold), name).toBe(false);
          continue;
        }
        if ('within' in f) await page.locator(`${f.within} > summary`).click();
        const summary = page.locator(`${fold} > summary`);
        await summary.focus();
        await expect(summary, name).toBeFocused();
        await expect(page.locator(`[id="${inside}"]`), name).toBeHidden();
        await page.keyboard.press('Enter');
        expect(await isOpen(page, fold), name).toBe(true);
        await expect(page.locator(`[id="${inside}"]`), name).toBeVisible();
        await page.keyboard.press('Space');
        expect(await isOpen(page, fold), name).toBe(false);
        if ('within' in f) await page.locator(`${f.within} > summary`).click();
      }
      // A card's own fold on a phone: the rest of the model's row.
      const card = page.locator('#shipping-figure tr[data-model="kimi-k3"] .shipping-more');
      await card.locator('> summary').focus();
      await page.keyboard.press('Enter');
      await expect(card.locator('dl')).toBeVisible();
      await expect(card.locator('dl')).toContainText('Licence');
      expect(problems).toEqual([]);
    });

    test('a link to something inside a fold lands on it, open', async ({ page }) => {
      for (const f of checked) {
        const { name, fold, inside } = f;
        // A fresh load from a shared link, as a reader who follows it.
        await page.goto('about:blank');
        await page.goto(at(f, `#${inside}`));
        // A fold whose body comes after the first download opens once its body (and its sheet) is in.
        if (foldHere(f) || 'within' in f) await expect.poll(() => isOpen(page, fold), { message: name }).toBe(true);
        const target = page.locator(`[id="${inside}"]`);
        await expect(target, name).toBeVisible();
        await expect(target, name).toBeInViewport();
      }
    });

    test('find-in-page opens the fold that holds the words found', async ({ page }) => {
      for (const f of checked) {
        const { name, fold, words } = f;
        const search = `#:~:text=${encodeURIComponent(words)}`;
        if (javaScriptEnabled) {
          // A reader's search comes once the page is in, every fold's body back: one load serves
          // every search, each fold closed again before the next.
          if (!page.url().startsWith('http')) {
            await page.goto('./');
            await untilFoldsLoaded(page);
          }
          await page.evaluate(() => {
            for (const d of document.querySelectorAll<HTMLDetailsElement>('details.fold[open]')) d.open = false;
          });
        } else await page.goto('about:blank');
        await page.goto(at(f, search));
        if (!foldHere(f)) {
          // On the fold's own page, the words in view (and the fold behind the door, open).
          await expect(page.getByText(words, { exact: false }).first(), name).toBeInViewport();
          if ('within' in f) await expect(page.locator(fold), name).toHaveJSProperty('open', true);
          continue;
        }
        // The browser opens the fold as it scrolls to the words, after the load: an expectation on
        // the element itself looks again within 20, 50 and 100 ms, where a polled function waits
        // 100, then 250, then 500.
        await expect(page.locator(fold), name).toHaveJSProperty('open', true);
        // Only that fold (and the door it stands behind): the words stand first inside it.
        expect(await page.locator('details.fold[open]').count(), name).toBe('within' in f ? 2 : 1);
      }
    });

    test('in print every fold stands open', async ({ page }) => {
      await page.goto('./');
      if (javaScriptEnabled) await untilFoldsLoaded(page);
      await page.emulateMedia({ media: 'print' });
      for (const f of FOLDS) {
        // Without script a fold whose body is on a page of its own prints the link to that page.
        const own = !javaScriptEnabled && pageOf(f);
        if (own && 'within' in f) continue;
        const printed = own ? `${f.fold} > .fold-slot a[href="${own}"]` : 'printed' in f ? f.printed : `[id="${f.inside}"]`;
        expect(await page.locator(printed).evaluate((el) => el.checkVisibility()), f.name).toBe(true);
      }
    });
  });
}

test('every door to the depth is labelled "Go deeper", and the figure behind one wakes when it opens', async ({ page }) => {
  const problems = watch(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./');
  const doors = page.locator('details.fold.deeper');
  expect(await doors.count()).toBeGreaterThanOrEqual(8);
  // The dated updates are a door to a page of their own, labelled the same way.
  await expect(page.locator('#updates-list > a').first()).toHaveText(/^Go deeper: the dated updates/);
  for (const summary of await doors.evaluateAll((ds) => ds.map((d) => d.querySelector(':scope > summary')?.textContent ?? ''))) {
    expect(summary).toMatch(/^Go deeper: /);
  }
  for (const [door, islands] of [
    ['#forget-lab-fold', ['lab']],
    ['#shipping-memory-fold', ['memory', 'k3Memory']],
  ] as const) {
    await page.locator(`${door} > summary`).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    for (const island of islands) {
      await expect(page.locator(`[data-island="${island}"]`), `${island} waits behind its door`).not.toHaveAttribute('data-hydrated', 'true');
    }
    await page.locator(`${door} > summary`).click();
    for (const island of islands) {
      const figure = page.locator(`[data-island="${island}"]`);
      await figure.scrollIntoViewIfNeeded();
      await untilHydrated(figure);
    }
  }
  expect(problems).toEqual([]);
});

test('a fold that left the first download: opened at once, its table appears; once the page is in, find-in-page finds its words', async ({ page }) => {
  const problems = watch(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const memory = JSON.parse(readFileSync('data/memory.json', 'utf8')) as { models: unknown[] };
  const response = await page.goto('./');
  // The page as served holds the fold's summary and a link to its own page, not its body.
  const served = await response!.text();
  expect(served).toContain('data-fold-src="shipping-memory-fold.html"');
  expect(served).not.toContain('id="memory-table"');
  // Opened before the page would fetch it: the body comes at once, its table with a row per model.
  await page.locator('#shipping-memory-fold > summary').click();
  await expect(page.locator('#memory-table tbody tr')).toHaveCount(memory.models.length + 1);
  await expect(page.locator('#memory-table')).toBeVisible();
  // Its rules left the head with it, and came before it: the table is drawn as styled, not plain.
  expect(served).not.toContain('.memory-table{');
  const table = page.locator('#memory-table table.memory-table');
  await expect(table).toHaveCSS('border-collapse', 'collapse');
  await expect(table.locator('caption')).toHaveCSS('text-align', 'left');
  // Every other fold's body comes back by itself; a search then finds words deep in one.
  await untilFoldsLoaded(page);
  await page.goto(`./#:~:text=${encodeURIComponent('Used for:')}`);
  await expect(page.locator('#references-list')).toHaveJSProperty('open', true);
  await expect(page.getByText('Used for:').first()).toBeInViewport();
  expect(problems).toEqual([]);
});

test('a link to a fold itself opens it (script on)', async ({ page }) => {
  await page.goto('./#verify-studies-list');
  await expect(page.locator('#verify-studies-list')).toHaveJSProperty('open', true);
  await page.goto('./#verify');
  await page.locator('a[href="#verify-studies-list"]').click();
  await expect(page.locator(`[id="study-${data.studies[0]!.id}"]`)).toBeVisible();
});

for (const { width, themes } of WIDTH_THEMES) {
  test(`beside and after KDA at ${width}px, ${themesLabel(themes)}: the fold opens to its table of rules, latest paper first, each with its paper and its update below with where it was read; axe clean, no sideways page scroll`, async ({
    page,
  }) => {
    const problems = watch(page);
    await page.setViewportSize({ width, height: 900 });
    await setTheme(page, themes[0]);
    await page.goto('./#after-kda');
    const fold = page.locator('#after-kda');
    await expect(fold).toHaveJSProperty('open', true);
    const rules = JSON.parse(readFileSync('data/afterKda.json', 'utf8')) as { rules: { id: string; name: string; paper: string; readAt: string }[] };
    await expect(fold.locator('tbody tr')).toHaveCount(rules.rules.length);
    for (const r of rules.rules) {
      await expect(fold.locator(`#after-kda-${r.id} a[href="${r.paper}"]`)).toHaveText(r.name);
      // Each row links to its update, which is printed in MathML with a link to where it was read.
      await expect(fold.locator(`#after-kda-${r.id} a[href="#after-kda-update-${r.id}"]`)).toHaveCount(1);
      const update = fold.locator(`#after-kda-update-${r.id}`);
      await expect(update.locator('math')).toHaveCount(1);
      await expect(update.locator(`a[href="${r.readAt}"]`)).toHaveText('Where it was read');
    }
    // Latest first: the rows' months never rise down the table.
    const dates = await fold.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-date') ?? ''));
    expect(dates).toEqual([...dates].sort().reverse());
    await expect(fold.locator('math').first()).toBeVisible();
    await inEachTheme(page, themes, async (theme) => {
      expect(await axeViolations(page, '#after-kda')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      await fold.scrollIntoViewIfNeeded();
      await keepScreenshot(fold, `after-kda-${width}-${theme}`);
    });
    expect(problems).toEqual([]);
  });
}
