/**
 * Train them yourself (train.html): the door from the essay, the stored grid without script, a
 * stored cell trained again in the worker to the last bit and downloaded, a run stopped and
 * paused, the address clamped, every width and theme by keyboard.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { batchFor, climbFor, warmupFor } from '../../src/core/mqar/budget';
import { cellSequences, gateTrace } from '../../src/core/mqar/gates';
import { startCell } from '../../src/core/mqar/run';
import { axeViolations, inEachTheme, keepScreenshot, setTheme, themesLabel, untilHydrated, WIDTH_THEMES, watch } from './helpers';

const grid = JSON.parse(readFileSync('src/content/mqarGrid.json', 'utf8')) as {
  settings: { d: number; steps: number; every: number; kv: number[]; mixers: string[]; seeds: number[] };
  cells: {
    stream: string;
    kv: number;
    mixer: string;
    seed: number;
    test: { accuracy: number; loss: number };
    validation: { accuracy: number; loss: number };
    curve: { step: number; loss: number; accuracy: number }[];
  }[];
};
const MEMORIES = grid.settings.mixers.length;
/** The grid's shared settings and rates, as the trainer's figure builds a run's spec from them. */
const rawGrid = grid as unknown as {
  settings: { d: number; candidates: number; keys: number; queries: number; decay: 'cosine' | 'none'; evalSize: number; every: number };
  rates: Record<string, number>;
};
const status = (page: Page) => page.locator('#train-figure .train-status');
const stepsDone = (page: Page) => page.locator('#train-figure .train-run progress').evaluate((p) => (p as HTMLProgressElement).value);

/** The run the per-width test makes (gated delta on rewrites at kv = 4, 200 steps, seed 1), made again here: its gates on its first test sequence. */
function runGates() {
  const s = rawGrid.settings;
  const spec = {
    mixer: 'gated' as const,
    stream: 'rewrite' as const,
    kv: 4,
    d: s.d,
    candidates: s.candidates,
    keys: s.keys,
    steps: 200,
    warmup: warmupFor(200),
    decay: s.decay,
    climb: climbFor(200),
    conv: false,
    batchSize: batchFor(s.queries, 4),
    lr: rawGrid.rates.gated!,
    seed: 1,
    evalSize: s.evalSize,
    every: s.every,
  };
  const run = startCell(spec);
  while (!run.done) run.advance(50);
  const { values, sequences } = cellSequences(spec, 'test');
  return gateTrace(run.params(), sequences[0]!, values);
}

async function openTrainer(page: Page, search = '') {
  await page.goto(`./train.html${search}`);
  // The figure hydrates as it nears the screen, as a reader scrolls to it.
  const island = page.locator('[data-island="train"]');
  await island.scrollIntoViewIfNeeded();
  await untilHydrated(island);
}

test('the essay’s door leads to the trainer, which opens on the stored grid and leads back', async ({ page }) => {
  const problems = watch(page);
  await page.goto('./#verify');
  const door = page.locator('#verify-train a[href$="train.html"]');
  await expect(door).toHaveText('Go deeper: train them yourself');
  await door.click();
  await expect(page).toHaveURL(/train\.html$/);
  await page.locator('[data-island="train"]').scrollIntoViewIfNeeded();
  await untilHydrated(page.locator('[data-island="train"]'));
  await expect(page.locator('#train-figure .look-for')).toHaveText(/^Look for the write rules of \d+ numbers .* attention [\d.]+\.$/);
  await expect(page.locator('#train-figure .train-grid-view .train-line')).toHaveCount(MEMORIES);
  await expect(status(page)).toHaveText('Nothing trained yet in this page: the chart shows the stored grid.');
  await page.locator('main a', { hasText: 'Back to the essay' }).click();
  await expect(page.locator('#verify-train')).toBeInViewport();
  expect(problems).toEqual([]);
});

test('a stored cell trained again in the worker follows the stored curve to the last bit, beside its stored seeds, and downloads as CSV and JSON', async ({
  page,
}) => {
  const problems = watch(page);
  // Attention's run, whose softmax calls exp at every pair of tokens, comes out the same: the
  // trainer's exp and log are its own (src/core/mqar/elementary.ts), not the engine's. A whole cell
  // takes a minute in a busy browser, so this follows its first points; Node runs cells to the end.
  await openTrainer(page, '?tmem=attention&tkv=4&tstream=switch');
  await page.getByRole('button', { name: 'Train this stored cell here' }).click();
  await expect.poll(() => stepsDone(page), { timeout: 40_000 }).toBeGreaterThanOrEqual(2 * grid.settings.every);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(status(page)).toHaveText(/^Stopped at [\d,]+ of [\d,]+ steps\./);
  // The stored seeds of the cell are drawn in grey beside it.
  await expect(page.locator('#train-figure .train-stored-note')).toContainText(`seeds ${grid.settings.seeds.join(', ')}`);
  await expect(page.locator('#train-figure .train-run .train-stored')).toHaveCount(2 * grid.settings.seeds.length);
  const stored = grid.cells.find((c) => c.stream === 'switch' && c.kv === 4 && c.mixer === 'attention' && c.seed === grid.settings.seeds[0])!;
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'JSON' }).click()]);
  expect(json.suggestedFilename()).toBe(`recall-attention-switch-kv4-d${grid.settings.d}-seed${stored.seed}.json`);
  const run = JSON.parse(readFileSync((await json.path())!, 'utf8')) as {
    settings: Record<string, unknown>;
    seeds: Record<string, number>;
    curve: { step: number; loss: number; accuracy: number }[];
  };
  expect(run.curve.slice(0, 2)).toEqual(stored.curve.slice(0, 2));
  expect(run.settings).toMatchObject({ mixer: 'attention', stream: 'switch', kv: 4, seed: stored.seed, steps: grid.settings.steps, conv: false });
  expect(Object.keys(run.seeds)).toEqual(['embeddings', 'params', 'train', 'validation', 'test']);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
  const lines = readFileSync((await csv.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toMatch(/^mixer,stream,kv,d,.*,step,meanTrainingLoss,meanTrainingAccuracy$/);
  expect(lines).toHaveLength(run.curve.length + 1);
  expect(problems).toEqual([]);
});

test('a run pauses while the tab is hidden, goes on when it is seen, and stops on request', async ({ page }) => {
  const problems = watch(page);
  await openTrainer(page, '?tmem=delta&tkv=16&tsteps=5000');
  await page.getByRole('button', { name: 'Train it here' }).click();
  await expect.poll(() => stepsDone(page)).toBeGreaterThan(0);
  const setHidden = (hidden: boolean) =>
    page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await setHidden(true);
  await expect(status(page)).toHaveText(/^Paused while this tab is hidden/);
  // A slice already under way may finish; after it, nothing moves.
  await page.waitForTimeout(300);
  const held = await stepsDone(page);
  await page.waitForTimeout(700);
  expect(await stepsDone(page), 'no step is taken while the tab is hidden').toBe(held);
  await setHidden(false);
  await expect.poll(() => stepsDone(page)).toBeGreaterThan(held);
  await expect(status(page)).toHaveText(/^Training /);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(status(page)).toHaveText(/^Stopped at [\d,]+ of 5,000 steps\./);
  const stopped = await stepsDone(page);
  await page.waitForTimeout(300);
  expect(await stepsDone(page), 'nothing runs after a stop').toBe(stopped);
  expect(problems).toEqual([]);
});

test('settings in the address are read back, clamped where out of range and ignored where unreadable', async ({ page }) => {
  await openTrainer(page, '?tstream=switch&tmem=nope&tkv=1000&td=3&tseed=-5&tsteps=abc');
  await expect(page.getByRole('combobox', { name: 'Stream' })).toHaveValue('switch');
  await expect(page.getByRole('combobox', { name: 'Memory' })).toHaveValue('delta');
  await expect(page.getByRole('combobox', { name: 'Pairs, kv' })).toHaveValue('64');
  await expect(page.getByRole('spinbutton', { name: 'Seed' })).toHaveValue('0');
  await page.locator('#train-figure .train-more summary').click();
  await expect(page.getByRole('combobox', { name: 'Width d' })).toHaveValue('8');
  await expect(page.getByRole('spinbutton', { name: 'Steps' })).toHaveValue(String(grid.settings.steps));
});

for (const { width, themes } of WIDTH_THEMES) {
  test(`the trainer at ${width}px, ${themesLabel(themes)}: its controls by keyboard, a short run, axe clean, no sideways scroll`, async ({ page }) => {
    const problems = watch(page);
    await page.setViewportSize({ width, height: 900 });
    await setTheme(page, themes[0]);
    await openTrainer(page, '?tkv=4&tsteps=200');
    const plainLookFor = (await page.locator('#train-figure .look-for').textContent())!;
    const stream = page.getByRole('combobox', { name: 'Stream' });
    await stream.focus();
    await page.keyboard.press('ArrowDown');
    await expect(stream).toHaveValue('rewrite');
    await expect(page.locator('#train-figure .train-stream-test')).toContainText('latest write of a key wins');
    // The look-for line follows the stream: the rewrites' own numbers, not plain recall's.
    await expect(page.locator('#train-figure .look-for')).not.toHaveText(plainLookFor);
    const memory = page.getByRole('combobox', { name: 'Memory' });
    await memory.focus();
    await page.keyboard.press('ArrowDown');
    await expect(memory).toHaveValue('gated');
    await expect.poll(() => new URL(page.url()).search).toBe('?tkv=4&tsteps=200&tstream=rewrite&tmem=gated');
    await page.getByRole('button', { name: 'Train it here' }).focus();
    await page.keyboard.press('Enter');
    await expect(status(page)).toHaveText(/^Trained gated delta on rewrites at kv = 4, d = 16, seed 1, 200 steps/, { timeout: 30_000 });
    await expect(page.locator('#train-figure .train-result')).toContainText('The grid holds no cell with these settings');
    // The run joins the trained-gates figure further down, and the figure shows it.
    const gates = page.locator('#train-gates-figure');
    await gates.scrollIntoViewIfNeeded();
    await untilHydrated(page.locator('[data-island="trainGates"]'));
    await expect(gates.getByRole('combobox', { name: 'Cell' })).toHaveValue('run');
    await expect(gates.locator('.look-for')).toHaveText(
      /^No separator on this stream: α stays between \d\.\d\d and \d\.\d\d on every write\. It answers \d of 4 queries right/,
    );
    const token = gates.getByRole('slider', { name: /Token/ });
    await token.focus();
    await page.keyboard.press('Home');
    await expect(gates.getByRole('status')).toContainText('Token 1 of');
    if (width === 1280) {
      // The same run in Node, to the last bit: its gates on the same test sequence, as the page shows them.
      const trace = runGates();
      const first = trace.tokens[0]!;
      await expect(gates.getByRole('status')).toHaveText(
        `Token 1 of ${trace.tokens.length}, a write. β ${first.beta!.toFixed(2)}. α ${first.alpha![0]!.toFixed(2)}.`,
      );
      await page.keyboard.press('End');
      const last = trace.tokens.at(-1)!;
      await expect(gates.getByRole('status')).toContainText(
        `α ${last.alpha![0]!.toFixed(2)}. ${last.answer!.right ? 'Right' : 'Wrong'}: ${last.answer!.probability.toFixed(2)} on the right value.`,
      );
    }
    await inEachTheme(page, themes, async (theme) => {
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        'sideways scroll in px',
      ).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      await keepScreenshot(page.locator('#train-figure'), `train-${width}-${theme}`);
      await keepScreenshot(page.locator('#train-gates-figure'), `train-gates-${width}-${theme}`);
    });
    expect(problems).toEqual([]);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the trainer’s page reads: the stored grid drawn, its table, its look-for line, and the essay’s door', async ({ page }) => {
    await page.goto('./train.html');
    await expect(page.locator('#train-figure .look-for')).toHaveText(/^Look for the write rules of \d+ numbers .* attention [\d.]+\.$/);
    await expect(page.locator('#train-figure svg.train-chart').first().locator('.train-line')).toHaveCount(MEMORIES);
    // Chance drawn and said, and the floor of a guess among the values a sequence wrote.
    await expect(page.locator('#train-figure svg.train-chart').first().locator('.train-floor text')).toHaveText('chance, 1 in 128');
    await expect(page.locator('#train-figure svg.train-chart').first().locator('.train-guess text')).toHaveText('a guess among the kv values');
    // The curves and the configs download beside the grid.
    const curves = (await (await page.request.get('./data/recall-curves.json')).json()) as { cells: Record<string, unknown[]> };
    expect(Object.values(curves.cells).flat()).toHaveLength(grid.cells.length);
    const configs = (await (await page.request.get('./data/recall-configs.json')).json()) as { memories: unknown[] };
    expect(configs.memories).toHaveLength(MEMORIES);
    // The whole grid downloads beside the page, one CSV row a cell, the JSON with every cell and the commit that made it.
    const csv = await page.request.get('./data/recall-grid.csv');
    expect(csv.ok()).toBe(true);
    const rows = (await csv.text())
      .trimEnd()
      .split('\r\n')
      .filter((l) => !l.startsWith('#'));
    expect(rows).toHaveLength(grid.cells.length + 1);
    expect(await page.locator('a[href="data/recall-grid.csv"][download]').count()).toBe(1);
    const json = (await (await page.request.get('./data/recall-grid.json')).json()) as { commit: string; cells: unknown[] };
    expect(json.cells).toHaveLength(grid.cells.length);
    expect(json.commit).toMatch(/^[0-9a-f]{40}$/);
    await expect(page.locator('#train-figure .train-table tbody tr')).toHaveCount(MEMORIES);
    await expect(page.locator('#train-figure .train-table tbody tr').first().locator('td')).toHaveCount(grid.settings.kv.length);
    // What the trained memory learned, drawn by the build: the opening cell's strips, its look-for line, the table of every seed and load.
    const gates = page.locator('#train-gates-figure');
    await expect(gates.locator('.look-for')).toHaveText(/^Look for the separator: α falls to \d\.\d\d there; on writes it stays between/);
    await expect(gates.locator('.gate-separator')).toHaveCount(1);
    await expect(page.locator('#train-gates-table-caption + .train-table-region tbody tr')).toHaveCount(8);
    await page.goto('./#verify');
    await expect(page.locator('#verify-train a[href$="train.html"]')).toBeVisible();
  });
});
