/**
 * The chunk-size tradeoff measured with WebGPU. Chromium offers WebGPU here only with
 * --enable-unsafe-webgpu, on its software adapter (SwiftShader): enough to check every kernel
 * against float64 and to run the figure end to end at tiny sizes, never to judge a speed.
 */
import { readFileSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { axeViolations, THEMES, WIDTHS, watch, keepScreenshot, untilHydrated } from './helpers';

// One worker runs this file's tests in turn, in a browser with WebGPU on (the project `webgpu`
// in playwright.config.ts): never two software adapters computing at once, each of which takes
// every core it can.
test.describe.configure({ mode: 'default' });

const FIGURE = '#chunking-measured';
const status = (page: Page) => page.locator(`${FIGURE} .lab-progress`);
/** Tiny sizes: heads of width 16 over 16 tokens, so C = 1 … 16 are timed and every C up to 256 is checked on one short chunk. */
const TINY = '?wgl=16&wgd=16';

async function open(page: Page, search: string, width = 1280) {
  await page.setViewportSize({ width, height: 900 });
  // A link to the fold opens it; the figure hydrates as it comes into view.
  await page.goto(`./${search}${FIGURE}`);
  const island = page.locator('[data-island="gpuMeasure"]');
  await island.scrollIntoViewIfNeeded();
  await untilHydrated(island);
}

async function download(page: Page, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(FIGURE).getByRole('button', { name }).click()]);
  return readFileSync((await file.path())!, 'utf8');
}

interface Check {
  C: number;
  rule: string;
  error: number;
  vsRecurrence: number;
  scale: number;
  ok: boolean;
}

/** Runs the tiny sweep for one rule to its end and checks what the JSON download holds. */
async function runToEnd(page: Page, rule: 'delta') {
  await open(page, TINY);
  await page.locator(FIGURE).getByRole('button', { name: 'Measure on your GPU' }).click();
  await expect(status(page)).toHaveText('Done: 15 points.', { timeout: 45_000 });
  await expect(page.locator(`${FIGURE} .gm-adapter`)).toContainText('software: timings not meaningful');
  const saved = JSON.parse(await download(page, 'JSON')) as {
    checks: Check[];
    points: { C: number; heads: number; ms: number }[];
    adapter: { fallback: boolean };
  };
  // Token by token and chunked at every C from 2 to 256, each within float32's rounding of float64.
  expect(saved.checks.map((c) => `${c.rule} ${c.C}`)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256].map((C) => `${rule} ${C}`));
  for (const c of saved.checks) expect(c.error, `${c.rule} at C = ${c.C}`).toBeLessThan(1e-4);
  // Chunked equals recurrent, to float32 rounding, at every C: printed beside the timings.
  for (const c of saved.checks) expect(c.vsRecurrence, `${c.rule} at C = ${c.C} against the recurrence`).toBeLessThan(1e-4 * c.scale);
  expect(saved.adapter.fallback).toBe(true);
  expect(saved.points).toHaveLength(15);
  for (const p of saved.points) expect(p.ms, `C = ${p.C}, ${p.heads} heads`).toBeGreaterThan(0);
}

// The lighter tests first: the first of this worker's tests pays for its browser's launch, and the
// first run on the software adapter for its start; the sweeps that follow pay for neither.
test('without WebGPU the figure says so and draws the model alone', async ({ page }) => {
  const problems = watch(page);
  await page.addInitScript(() => {
    delete (Navigator.prototype as { gpu?: unknown }).gpu;
  });
  await open(page, '', 390);
  await page.locator(FIGURE).getByRole('button', { name: 'Measure on your GPU' }).click();
  await expect(status(page)).toContainText('This browser offers no WebGPU');
  await expect(status(page)).toContainText('The model alone is drawn');
  await expect(page.locator(`${FIGURE} svg[role="img"] path.is-max`)).toHaveCount(1);
  await expect(page.locator(`${FIGURE} svg[role="img"] path.is-total`)).toHaveAttribute('d', '');
  expect(problems).toEqual([]);
});

test('a run stops on request, and the settings travel in the address', async ({ page }) => {
  const problems = watch(page);
  await open(page, TINY);
  await page.locator(FIGURE).getByRole('combobox', { name: 'Rule' }).selectOption('gated');
  await expect.poll(() => new URL(page.url()).search).toBe('?wgl=16&wgd=16&wgrule=gated');
  await page.locator(FIGURE).getByRole('button', { name: 'Measure on your GPU' }).click();
  await expect(status(page)).toContainText('Checking each kernel against float64');
  await page.locator(FIGURE).getByRole('button', { name: 'Stop' }).click();
  await expect(status(page)).toHaveText('Stopped after 0 of 15 points.');
  await expect(page.locator(FIGURE).getByRole('button', { name: 'Measure again' })).toBeVisible();
  // The worker is gone: nothing it could still post changes the words.
  await page.waitForTimeout(1000);
  await expect(status(page)).toHaveText('Stopped after 0 of 15 points.');
  expect(problems).toEqual([]);
});

// The gated rule's kernels are checked in full; its timed sweep, the same code as the delta rule's
// below, which runs to its end, is stopped at its first point: every point costs the software
// adapter every core it can take.
test('the gated rule: every kernel matches float64 at every C, and its timing starts', async ({ page }) => {
  const problems = watch(page);
  await open(page, `${TINY}&wgrule=gated`);
  await page.locator(FIGURE).getByRole('button', { name: 'Measure on your GPU' }).click();
  await expect(status(page)).toHaveText(/^(Timing: [1-9]\d* of 15 points\.|Done: 15 points\.)$/, { timeout: 45_000 });
  const stop = page.locator(FIGURE).getByRole('button', { name: 'Stop' });
  if (await stop.count()) await stop.click();
  await expect(status(page)).toHaveText(/^(Stopped after [1-9]\d* of 15 points\.|Done: 15 points\.)$/);
  const saved = JSON.parse(await download(page, 'JSON')) as { checks: Check[]; points: { ms: number }[]; adapter: { fallback: boolean } };
  // Token by token and chunked at every C from 2 to 256, each within float32's rounding of float64.
  expect(saved.checks.map((c) => `${c.rule} ${c.C}`)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256].map((C) => `gated ${C}`));
  for (const c of saved.checks) expect(c.error, `${c.rule} at C = ${c.C}`).toBeLessThan(1e-4);
  // Chunked equals recurrent, to float32 rounding, at every C: printed beside the timings.
  for (const c of saved.checks) expect(c.vsRecurrence, `${c.rule} at C = ${c.C} against the recurrence`).toBeLessThan(1e-4 * c.scale);
  expect(saved.adapter.fallback).toBe(true);
  expect(saved.points.length).toBeGreaterThan(0);
  for (const p of saved.points) expect(p.ms).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

// One sweep of the delta rule serves two tests, one page between them: the first runs it to its
// end and checks every kernel; the second reads what the finished figure says and draws, at each
// width and theme. A second sweep would cost the software adapter another 10 to 20 s of every core.
test.describe('the delta rule, one sweep', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  test.beforeAll(async ({ browser }, info) => {
    context = await browser.newContext({ baseURL: info.project.use.baseURL, serviceWorkers: 'block' });
    page = await context.newPage();
    problems = watch(page);
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('the delta rule: every kernel matches float64 at every C, the sweep runs to its end, the software adapter is labelled', async () => {
    await runToEnd(page, 'delta');
    expect(problems).toEqual([]);
  });

  test('the delta rule’s finished sweep: its CSV, its table and sentences, at each width and theme no overflow, axe clean', async () => {
    const csv = await download(page, 'CSV');
    expect(csv).toMatch(/^# Each kernel checked against float64 first/);
    expect(csv).toContain('software: timings not meaningful');
    expect(csv.split('\r\n').filter((l) => /^delta,16,16,/.test(l))).toHaveLength(15);

    // The table has a time for each head count at each C the run timed, and the sentences speak of the run.
    const rows = page.locator(`${FIGURE} tbody tr`);
    await expect(rows).toHaveCount(5);
    await expect(rows.first().locator('td').first()).not.toHaveText('–');
    await expect(page.locator(`${FIGURE} .gm-said li`).first()).toContainText('the fastest chunk measured here was C =');
    await expect(page.locator(`${FIGURE} svg[role="img"] path.is-total`)).toHaveCount(1);

    for (const width of WIDTHS) {
      for (const theme of THEMES) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: theme });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
        // The table may scroll inside its box; its caption, above the box, wraps to the column and names the table.
        const caption = page.locator(`${FIGURE} .gm-table-caption`);
        expect(await caption.evaluate((e) => e.getBoundingClientRect().right), `the table's caption at ${width}px`).toBeLessThanOrEqual(width);
        await expect(page.locator(FIGURE).getByRole('table', { name: /milliseconds per forward pass by head count/ })).toBeAttached();
        await keepScreenshot(page.locator(FIGURE), `gpu-measure-${width}-${theme}`);
      }
    }
    expect(await axeViolations(page, FIGURE)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });
  test('the fold gives the model and says what a measurement would do, with no control that cannot work', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`./${FIGURE}`);
    await page.locator(`${FIGURE} > summary`).click();
    const fold = page.locator(FIGURE);
    await expect(fold).toContainText(/the model puts the fastest chunk on an H100 SXM at C = \d+, [\d.]+ ms \(token by token: [\d.]+ ms\)/);
    await expect(fold).toContainText('With script on, a press checks these WebGPU kernels against float64');
    await expect(fold.getByRole('button')).toHaveCount(0);
  });
});
