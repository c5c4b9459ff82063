/**
 * After one visit the page works with no network at all: a copy of the build served as a host
 * would serve it (scripts/serve.mjs), visited once, then the server stopped and the browser set
 * offline. A second build with changed content, deployed in its place, replaces the cache.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { precompressFiles } from '../../scripts/precompress.mjs';
import { serveBuild } from '../../scripts/serve.mjs';
import { WORKER_FILE, writeServiceWorker } from '../../scripts/service-worker.mjs';
import { watch, type Figure, untilHydrated, untilFoldsLoaded } from './helpers';

const FIGURES: Figure[] = ['lineage', 'forget', 'chunking', 'shipping', 'evidence', 'recall'];

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

let dir: string;
let port: number;
let server: Awaited<ReturnType<typeof serveBuild>> | null = null;

async function start() {
  server = await serveBuild({ dir, port });
  port = Number(new URL(server.url).port);
  return server.url;
}
async function stop() {
  await server?.close();
  server = null;
}

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'essay-offline-'));
  await cp('dist', dir, { recursive: true });
  port = 0;
});
test.afterAll(async () => {
  await stop();
  await rm(dir, { recursive: true, force: true });
});

/** The worker's caches, read in the page. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());
const workerVersion = async () => /const VERSION="([0-9a-f]+)"/.exec(await readFile(path.join(dir, 'sw.js'), 'utf8'))![1]!;

/** Visits until the page is controlled by a worker whose cache holds the whole build. */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('load');
  // The reader starts reading: the worker registers.
  await page.mouse.wheel(0, 200);
  const version = await workerVersion();
  await expect.poll(() => cacheNames(page), { timeout: 20_000 }).toEqual([`essay-${version}`]);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 10_000 }).toBe(true);
}

async function goOffline(context: BrowserContext) {
  await stop();
  await context.setOffline(true);
}

test('once visited, the page, every figure and every download work offline', async ({ page, context }) => {
  const url = await start();
  await visit(page, url);
  await goOffline(context);
  const problems = watch(page);
  await page.reload();
  await expect(page.locator('h1')).toContainText('eviction policy');
  // The folds' bodies that come after the first download come from the worker's copy too.
  await untilFoldsLoaded(page);
  await expect(page.locator('[data-fold-src]')).toHaveCount(0);
  for (const figure of FIGURES) {
    const island = page.locator(`[data-island="${figure}"]`);
    await island.scrollIntoViewIfNeeded();
    await untilHydrated(island, { message: figure });
  }
  // A figure still answers its controls: a rung of the lineage opens its card, picture and all.
  const lineage = page.locator('[data-island="lineage"]');
  await lineage.scrollIntoViewIfNeeded();
  await lineage.locator('details.rung > summary').nth(2).click();
  await expect(lineage.locator('details.rung[open]')).toHaveCount(1);
  await expect(page.locator('#lineage-step-3 .lineage-diagram svg')).toBeVisible();
  // Every download link on the page, fetched through the worker and downloaded as a reader would.
  const hrefs = await page.locator('a[download]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThanOrEqual(4);
  for (const href of hrefs) {
    const got = await page.evaluate(async (h) => {
      const res = await fetch(h);
      return { ok: res.ok, length: (await res.text()).length };
    }, href);
    expect(got.ok, href).toBe(true);
    expect(got.length, href).toBeGreaterThan(100);
  }
  const first = page.locator('a[download]').first();
  await first.scrollIntoViewIfNeeded();
  const [download] = await Promise.all([page.waitForEvent('download'), first.click()]);
  expect(await download.failure()).toBeNull();
  // Offline, nothing but the network is missing: no error of the page's own.
  expect(problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  await context.setOffline(false);
});

test('a new build replaces the cache on the next load, and that build is what is read offline', async ({ page, context }) => {
  const url = await start();
  await visit(page, url);
  const before = await workerVersion();
  // A second build with changed content, deployed over the first.
  const index = path.join(dir, 'index.html');
  await writeFile(index, (await readFile(index, 'utf8')).replace('</h1>', '<span id="second-build"> (revised)</span></h1>'));
  const { version } = await writeServiceWorker(dir);
  expect(version).not.toBe(before);
  // As the build does last: the compressed copies the host sends in each file's place, made
  // afresh for the two files the new build changed (every other file's are what they were).
  await precompressFiles([index, path.join(dir, WORKER_FILE)]);
  // The next load shows the new page at once (the page comes from the network first) …
  await page.reload();
  await expect(page.locator('#second-build')).toHaveCount(1);
  // … and its worker replaces the old one and drops the old cache.
  await expect.poll(() => cacheNames(page), { timeout: 20_000 }).toEqual([`essay-${version}`]);
  await goOffline(context);
  await page.reload();
  await expect(page.locator('#second-build')).toHaveCount(1);
  await context.setOffline(false);
});

test('with service workers unavailable the page works as it did', async ({ browser }) => {
  const url = await start();
  const context = await browser.newContext();
  const page = await context.newPage();
  // A browser without service workers (some private windows, older engines).
  await page.addInitScript(() => {
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  });
  const problems = watch(page);
  await page.goto(url);
  await page.waitForLoadState('load');
  const island = page.locator('[data-island="forget"]');
  await island.scrollIntoViewIfNeeded();
  await untilHydrated(island);
  expect(await page.evaluate(() => 'serviceWorker' in navigator)).toBe(false);
  // The download links are the browser's own again.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('a[download]').first().click()]);
  expect(await download.failure()).toBeNull();
  expect(problems).toEqual([]);
  await context.close();
  await stop();
});
