/**
 * The page with JavaScript off, in one load at 390 px: every section, its prose and equations, and
 * each figure's server-drawn picture, readout and table, the apparatus's links and the appendix.
 * One load serves every figure's check: a test without script needs a browser context of its own,
 * and each such context and its load cost more than the checks themselves. The folds whose bodies
 * leave the first download (scripts/lazy-folds.mjs) are read on their own pages, in the same context.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SECTION_IDS, keepScreenshot, lazyFolds } from './helpers';

const comparisons = JSON.parse(readFileSync('data/comparisons.json', 'utf8')) as { studies: { results: unknown[] }[] };
const architectures = JSON.parse(readFileSync('data/architectures.json', 'utf8')) as { models: { id: string }[] };
const results = comparisons.studies.reduce((n, s) => n + s.results.length, 0);

test.use({ javaScriptEnabled: false });

test('with JavaScript off, every section, its prose, the equations and the ratio are there, each figure drawn by the server, the apparatus links, and the downloads served beside the page', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('./');
  for (const id of SECTION_IDS) {
    const section = page.locator(`section#${id}`);
    await expect(section.locator('h2')).toBeVisible();
    const words = (await section.innerText()).split(/\s+/).length;
    expect(words, `${id} prose`).toBeGreaterThan(60);
  }
  // The first equation outside any fold (the one after the ladder waits behind its door).
  await expect(page.locator('.katex-display:not(details .katex-display)').first()).toBeVisible();
  // KaTeX in the prose; the lineage's cards, prerendered, set their equations as MathML alone.
  // Behind a door an equation is MathML alone: the cost model's and after KDA's, on their folds' own pages, below.
  expect(await page.locator('.katex-display, .equation-mathml math').count()).toBeGreaterThanOrEqual(2);
  expect(await page.locator('#ladder [data-equation] > math').count()).toBeGreaterThanOrEqual(7);
  expect(await page.locator('[data-equation] math[display="block"]').count()).toBeGreaterThanOrEqual(10);
  await expect(page.locator('#scale .lede strong').first()).toHaveText('about 22,500');
  // The claim tests' marks are the build's own: the page as served carries none outside its figures.
  expect(await page.locator('main [data-claim]:not(.island [data-claim])').count()).toBe(0);
  // The opening grid is a finished picture, with its text alternative.
  const grid = page.locator('#scale-figure svg[role="img"]');
  await expect(grid).toBeVisible();
  await expect(grid).toHaveAttribute('aria-label', /22,501 small squares/);
  await expect(page.getByRole('button', { name: /dark theme/i })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'sideways scroll in px').toBeLessThanOrEqual(
    0,
  );
  await keepScreenshot(page, 'nojs-390', { fullPage: true });

  // The citation marks and the folds as the essay serves them, before the reader leaves it.
  const mark = page.locator('.cite-mark a').first();
  const markHref = (await mark.getAttribute('href'))!;
  const evidenceDownloads = await page.locator('#evidence-figure a[download]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  for (const [fold, own] of lazyFolds()) {
    // Each such fold opens to a link to its page, in place of its body.
    await page.locator(`#${fold} > summary`).click();
    await expect(page.locator(`#${fold} > .fold-slot a[href="${own}"]`)).toBeVisible();
  }
  await test.step('the attention read at its defaults', async () => {
    await expect(page.locator('#recall-figure').getByRole('status').first()).toContainText('16 pairs written');
  });
  await test.step('marks are links to their entries, the appendix is there, and no copy button shows', async () => {
    await expect(page.locator('.card')).toHaveCount(0);
    await expect(page.locator('#cite-plain')).toContainText('the address of this page');
    await expect(page.locator('.copy-button').first()).toBeHidden();
    for (const id of ['updates', 'glossary', 'references', 'reuse', 'cite']) await expect(page.locator(`#${id}`)).toHaveCount(1);
    // A mark names its entry on the references' own page, which holds it.
    expect(markHref).toMatch(/^references-list\.html#ref-/);
    await page.goto(`./${markHref}`);
    await expect(page.locator(markHref.slice(markHref.indexOf('#')))).toBeInViewport();
  });

  await test.step('the cost model: its equations, prerendered as MathML', async () => {
    await page.goto('./chunking-model.html');
    expect(await page.locator('.equation-mathml math[display="block"]').count()).toBeGreaterThanOrEqual(5);
    await expect(page.locator('.equation-mathml math').first()).toBeVisible();
  });
  await test.step('after KDA: its equation as MathML, its table of later rules, styled by the folds’ own sheet', async () => {
    await page.goto('./after-kda.html');
    await expect(page.locator('.equation-mathml math').first()).toBeVisible();
    await expect(page.locator('table').first()).toContainText('Gated DeltaNet-2');
    // Its rules left the essay's head for a file the fold's page links.
    await expect(page.locator('link[rel="stylesheet"][href^="./assets/folds-"]')).toHaveCount(1);
    const [caption, root] = await page.evaluate(() =>
      [document.querySelector('.after-kda-caption')!, document.documentElement].map((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
    );
    expect(caption).toBeCloseTo(0.85 * root!, 1);
  });
  await test.step('the lab: its opening picture, readout and prose', async () => {
    await page.goto('./forget-lab-fold.html');
    await expect(page.locator('#lab-figure .lab-readout')).toContainText('At n = 2d = 256 pairs, mean over 8 streams');
    // Eight methods in two charts, and the two analytic curves of random keys.
    await expect(page.locator('#lab-figure path.lab-line')).toHaveCount(2 * 8 + 2);
    await expect(page.locator('#forget-lab ~ p', { hasText: 'half-error point' })).toContainText('by read error, that is where the knee sits');
  });
  await test.step('memory: the chart, the bars at the default context and the table', async () => {
    await page.goto('./shipping-memory-fold.html');
    await expect(page.locator('#memory-figure .mem-readout')).toContainText('At 131,072 tokens, Kimi K3 holds 3.794 GiB');
    // One line for every model that is drawn and reaches past the axis's first context.
    // Fifteen models, two not drawn (a size not found), and GPT-2 small's context ends before the axis begins.
    await expect(page.locator('#memory-figure path.mem-series')).toHaveCount(12 + 1);
    await expect(page.locator('#memory-table tbody tr')).toHaveCount(16);
    await expect(page.locator('#memory-row-kimi-k3')).toContainText('27.42 GiB');
  });
  await test.step('K3’s memory at its defaults, with its prose', async () => {
    await expect(page.locator('#takeaways-k3-memory')).toContainText('27.42 GiB');
    await expect(page.locator('#k3Memory-figure [role="status"]')).toContainText('27.42 GiB in all');
  });
  await test.step('the evidence: every result in the static table, every study in the list below it', async () => {
    await page.goto('./evidence-results.html');
    await expect(page.locator('.evidence-table tbody tr')).toHaveCount(results);
    await page.goto('./verify-deeper.html');
    await expect(page.locator('.evidence-studies > li')).toHaveCount(comparisons.studies.length);
  });
  await test.step('the downloads are linked from the page and served beside it', async () => {
    const get = async (selector: string) => {
      const href = await page.locator(selector).getAttribute('href');
      const res = await request.get(new URL(href!, page.url()).href);
      expect(res.status(), selector).toBe(200);
      return res;
    };
    const fetchHref = async (href: string) => {
      const res = await request.get(new URL(href, page.url()).href);
      expect(res.status(), href).toBe(200);
      return res;
    };
    // The evidence, linked from the essay: the JSON as in data/, the CSV with a row per result.
    expect(evidenceDownloads).toHaveLength(2);
    const studies = (await (await fetchHref(evidenceDownloads.find((h) => h?.endsWith('comparisons.json'))!)).json()) as typeof comparisons;
    expect(studies.studies).toHaveLength(comparisons.studies.length);
    expect((await (await fetchHref(evidenceDownloads.find((h) => h?.endsWith('comparisons.csv'))!)).text()).trimEnd().split('\r\n')).toHaveLength(results + 1);
    // The shipping table: every model.
    await page.goto('./');
    const served = (await (await get('#shipping a[download][href$="architectures.json"]')).json()) as typeof architectures;
    expect(served.models.map((m) => m.id)).toEqual(architectures.models.map((m) => m.id));
    const lines = (await (await get('#shipping a[download][href$="architectures.csv"]')).text()).trim().split(/\r\n/);
    expect(lines).toHaveLength(architectures.models.length + 1);
    expect(lines[0]).toMatch(/^id,name,lab,/);
    await page.goto('./shipping-memory-fold.html');
    // Memory per sequence: every model at each cache type (2) and state type (2), with totals, status and sources.
    const rows = (await (await get('a[download][href$="memory-per-sequence.json"]')).json()) as Record<string, unknown>[];
    expect(rows).toHaveLength((await page.locator('#memory-table tbody tr').count()) * 4);
    const k3 = rows.find((r) => r.model === 'kimi-k3' && r.cache === 'bf16' && r.state === 'fp32');
    expect(k3).toBeDefined();
    expect(k3!.totalBytesAt1048576).toBeGreaterThan(27 * 2 ** 30);
    // A model is as sure as its least sure size; every row names its sources.
    expect(k3!.status).toBe('secondary');
    expect(rows.find((r) => r.model === 'mimo-v2.5-pro')!.status).toBe('not found');
    expect(rows.find((r) => r.model === 'mistral-large-3')!.status).toBe('derived');
    for (const r of rows) expect(String(r.sources)).toMatch(/^https:\/\//);
    expect((await (await get('a[download][href$="memory-per-sequence.csv"]')).text()).trimEnd().split('\r\n')).toHaveLength(rows.length + 1);
  });
});
