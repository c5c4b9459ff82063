import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { axeViolations, inEachTheme, openFigure, themesLabel, WIDTH_THEMES, waitForFigure, watch, keepScreenshot } from './helpers';

const progress = (page: Page) => page.locator('#lab-figure .lab-progress');
const readout = (page: Page) => page.locator('#lab-figure .lab-readout');
const streamsAt = JSON.parse(
  readFileSync('src/content/defaults.ts', 'utf8')
    .match(/LAB_STREAM_COUNTS[^{]*(\{[^}]*\})/)![1]!
    .replace(/(\d+):/g, '"$1":'),
) as Record<string, number>;

for (const { width, themes } of WIDTH_THEMES) {
  test(`lab at ${width}px, ${themesLabel(themes)}: every control by keyboard, a run finished, clean console, axe clean, no overflow`, async ({ page }) => {
    const problems = watch(page);
    await openFigure(page, 'lab', { width, theme: themes[0] });
    await expect(progress(page)).toHaveText('Done: 8 streams at d = 128.');
    await expect(readout(page)).toContainText('At n = 2d = 256 pairs, mean over 8 streams');

    // The size by keyboard: Home is d = 4, and the worker runs its streams there.
    await page.locator('#lab-d').focus();
    await page.keyboard.press('Home');
    await expect(page.locator('#lab-d')).toHaveAttribute('aria-valuetext', 'd = 4, a 4 by 4 state');
    await expect(progress(page)).toHaveText(`Done: ${streamsAt['4']} streams at d = 4.`);
    await expect(readout(page)).toContainText(`At n = 2d = 8 pairs, mean over ${streamsAt['4']} streams`);
    await page.keyboard.press('ArrowRight');
    await expect(progress(page)).toHaveText(`Done: ${streamsAt['8']} streams at d = 8.`);

    // The keys by keyboard: the run at d = 8 is made again on orthonormal keys.
    const keys = page.getByRole('combobox', { name: 'Keys' });
    await keys.focus();
    await page.keyboard.press('ArrowDown');
    await expect(keys).toHaveValue('orthonormal');
    await expect(progress(page)).toHaveText(`Done: ${streamsAt['8']} streams at d = 8.`);

    // The gates by keyboard.
    await page.locator('#lab-beta').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('#lab-beta')).toHaveAttribute('aria-valuetext', 'β = 0.95');
    await page.locator('#lab-alpha').focus();
    await page.keyboard.press('End');
    await expect(page.locator('#lab-alpha')).toHaveAttribute('aria-valuetext', 'α = 1.00');
    // Gated DeltaNet-2's two strengths.
    await page.locator('#lab-erase').focus();
    await page.keyboard.press('Home');
    await expect(page.locator('#lab-erase')).toHaveAttribute('aria-valuetext', 'b = 0.00 on the fast half');
    await page.locator('#lab-write').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('#lab-write')).toHaveAttribute('aria-valuetext', 'w = 0.55');
    await expect(progress(page)).toHaveText(`Done: ${streamsAt['8']} streams at d = 8.`);
    await expect.poll(() => new URL(page.url()).search).toBe('?ld=8&lkeys=orthonormal&lbeta=0.95&lalpha=1&lerase=0&lwrite=0.55');

    await inEachTheme(page, themes, async (theme) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'horizontal page overflow in px').toBeLessThanOrEqual(0);
      expect(await axeViolations(page, '#lab-figure')).toEqual([]);
      await keepScreenshot(page.locator('#lab-figure'), `lab-${width}-${theme}`);
    });
    expect(problems).toEqual([]);
  });
}

test('a run is started, stopped and started again; the progress is said in a polite live region', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'lab', { width: 1280 });
  await expect(progress(page)).toHaveAttribute('role', 'status');
  // d = 64 runs long enough to be stopped: 20 streams, each a tenth of a second or more.
  await page.locator('#lab-d').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(progress(page)).toHaveText(`Running ${streamsAt['64']} streams at d = 64.`);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(progress(page)).toHaveText(new RegExp(`^Stopped after \\d+ of ${streamsAt['64']} streams\\.$`));
  const stoppedAt = await page.locator('#lab-figure progress').getAttribute('value');
  await page.waitForTimeout(300);
  expect(await page.locator('#lab-figure progress').getAttribute('value'), 'nothing runs after a stop').toBe(stoppedAt);
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(progress(page)).toHaveText(`Done: ${streamsAt['64']} streams at d = 64.`, { timeout: 20_000 });
  // A setting changed while a run goes ends that run: the run at d = 64 starts, the reader moves
  // on to d = 32 before it ends, and the last run drawn is d = 32's.
  await page.locator('#lab-d').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(progress(page)).toHaveText(`Running ${streamsAt['64']} streams at d = 64.`);
  await page.keyboard.press('ArrowLeft');
  await expect(progress(page)).toHaveText(`Done: ${streamsAt['32']} streams at d = 32.`, { timeout: 20_000 });
  await expect(readout(page)).toContainText(`At n = 2d = 64 pairs, mean over ${streamsAt['32']} streams`);
  expect(problems).toEqual([]);
});

test('the worker’s run of the opening settings is the build’s picture, to rounding, and downloads as CSV and JSON', async ({ page, request }) => {
  // Eight streams at d = 128, every fact read at every checkpoint: the lab's longest run, the
  // suite's heaviest computation. It took 11 to 13 s in fresh runs on a 2-core machine, and 23 s
  // in one where another CPU-bound check shared the two cores: its timeout is sized to that work.
  test.setTimeout(90_000);
  const problems = watch(page);
  await openFigure(page, 'lab', { width: 1280 });
  const props = (await (await request.get(new URL('islands/lab.json', page.url()).href)).json()) as {
    tally: { streams: number; sums: Record<string, number[][]> };
  };
  await page.getByRole('button', { name: 'Run it yourself' }).click();
  await expect(progress(page)).toHaveText('Running 8 streams at d = 128.');
  await expect(progress(page)).toHaveText('Done: 8 streams at d = 128.', { timeout: 45_000 });
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'JSON' }).click()]);
  expect(json.suggestedFilename()).toBe('lab-d128-random.json');
  const rows = JSON.parse(readFileSync((await json.path())!, 'utf8')) as {
    method: string;
    n: number;
    streams: number;
    meanReadError: number;
    meanNearestValueAccuracy: number;
  }[];
  // Eight methods (five rules, the bound and two attention reads), sixteen checkpoints each.
  expect(rows).toHaveLength(8 * 16);
  // The same code over the same streams. Chromium's Math.log and Math.exp (the streams' normal
  // draws, the attention's softmax) may differ from the build's Node in the last bit, and so may
  // a mean; the nearest-value counts are exact.
  let worst = 0;
  for (const r of rows) {
    const i = rows.filter((x) => x.method === r.method).indexOf(r);
    const sums = props.tally.sums[r.method]![i]!;
    expect(r.streams).toBe(props.tally.streams);
    const built = sums[0]! / props.tally.streams;
    worst = Math.max(worst, Math.abs(r.meanReadError - built));
    expect(r.meanNearestValueAccuracy).toBe(sums[3]! / props.tally.streams);
  }
  console.log(`lab: worker against build, largest difference in a mean read error: ${worst.toExponential(2)}`);
  expect(worst).toBeLessThan(1e-12);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
  const lines = readFileSync((await csv.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'd,n,method,stream,beta,alpha,erase,write,streams,meanReadError,readErrorStandardError,meanNearestValueAccuracy,nearestValueAccuracyStandardError',
  );
  expect(lines).toHaveLength(rows.length + 1);
  expect(problems).toEqual([]);
});

test('the worker’s numbers are the page’s own core’s, bit for bit: the same run made on the main thread', async ({ browser }) => {
  // The worker's script, run once more on the page's main thread: it takes its request as a message and posts its tally.
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { assets?: string[] }>;
  const script = manifest['src/widgets/Lab/LabFigure.tsx']!.assets!.find((f) => /lab\.worker-/.test(f))!;
  // Running a script's text needs eval, which the page's policy forbids: this one context lifts it.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('./?ld=16#lab');
  await waitForFigure(page, 'lab');
  await expect(progress(page)).toHaveText(`Done: ${streamsAt['16']} streams at d = 16.`);
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'JSON' }).click()]);
  const rows = JSON.parse(readFileSync((await json.path())!, 'utf8')) as { method: string; meanReadError: number; meanNearestValueAccuracy: number }[];
  const request = { d: 16, stream: 'random', gates: { beta: 1, alpha: 0.9, slow: 1, fast: 0.5, s: 32, erase: 1, write: 0.5 }, streams: streamsAt['16'] };
  const main = await page.evaluate(
    async ({ url, req }) => {
      const text = await (await fetch(url)).text();
      const w = window as unknown as { onmessage: ((e: { data: unknown }) => void) | null; postMessage: (p: unknown) => void };
      let last: { tally: { streams: number; sums: Record<string, number[][]> } } | null = null;
      w.postMessage = (p) => {
        last = p as typeof last;
      };
      new Function(text)();
      w.onmessage!({ data: req });
      return last!;
    },
    { url: script, req: request },
  );
  const k = main.tally.streams;
  expect(k).toBe(streamsAt['16']);
  for (const r of rows) {
    const i = rows.filter((x) => x.method === r.method).indexOf(r);
    const sums = main.tally.sums[r.method]![i]!;
    expect(Object.is(r.meanReadError, sums[0]! / k), `${r.method} ${i}`).toBe(true);
    expect(Object.is(r.meanNearestValueAccuracy, sums[3]! / k), `${r.method} ${i}`).toBe(true);
  }
  await context.close();
});

test('a shared link restores the settings; nonsense is clamped or ignored', async ({ page }) => {
  const problems = watch(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./?ld=20&lkeys=sideways&lbeta=7&lalpha=-1&step=3#lab');
  await waitForFigure(page, 'lab');
  // 20 is nearest 16 on a doubling scale; β clamps to 1 (its default), α to 0.
  await expect(page.locator('#lab-d')).toHaveAttribute('aria-valuetext', 'd = 16, a 16 by 16 state');
  await expect(page.locator('#lab-alpha')).toHaveAttribute('aria-valuetext', 'α = 0.00');
  await expect(progress(page)).toHaveText(`Done: ${streamsAt['16']} streams at d = 16.`);
  await expect.poll(() => new URL(page.url()).search).toBe('?ld=16&lalpha=0&step=3');
  expect(problems).toEqual([]);
});
