/**
 * The page as a reader on a phone first meets it, untouched: the scripts it fetches. Until the
 * reader nears a figure the page runs only the small shell (src/app/shell.ts): no React and no
 * figure. What the load costs the main thread is measured in the bench
 * (tests/bench/browser/load.spec.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { untilHydrated } from './helpers';

/** Lighthouse's phone: the window a shared link most often opens in. */
const PHONE = { width: 412, height: 823 };

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

test('before a figure is neared only the shell runs; nearing one brings React and that figure', async ({ page }) => {
  const manifest = JSON.parse(readFileSync(path.resolve('dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const shell = manifest['index.html']!;
  const shellFiles = new Set([shell.file, ...(shell.imports ?? []).map((k) => manifest[k]!.file)].map((f) => path.basename(f)));
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(path.basename(new URL(req.url()).pathname));
  });
  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    scripts.length = 0;
    await page.setViewportSize(viewport);
    await page.goto('./');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(scripts, `${viewport.width} px`).toEqual([...shellFiles]);
    expect(await page.locator('[data-hydrated]').count()).toBe(0);
  }
  await page.locator('[data-island="forget"]').scrollIntoViewIfNeeded();
  await untilHydrated(page.locator('[data-island="forget"]'));
  expect(scripts.some((s) => s.startsWith('hydrate-'))).toBe(true);
  expect(scripts.some((s) => s.startsWith('ForgetFigure-'))).toBe(true);
});

test('a figure touched before it has hydrated wakes at once', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./');
  await page.waitForLoadState('networkidle');
  const island = page.locator('[data-island="shipping"]');
  expect(await island.getAttribute('data-hydrated')).toBeNull();
  // A pointer press on the figure, dispatched without scrolling it near.
  await island.dispatchEvent('pointerdown');
  await untilHydrated(island);
});
