/**
 * The page as a reader on a phone first meets it, untouched: Chromium with the CPU slowed 4x
 * through the DevTools protocol, a performance trace of the load, and the scripts it fetches.
 * Until the reader nears a figure the page runs only the small shell (src/app/shell.ts): no
 * React, no figure, and no main-thread task of its own over 50 ms.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const THROTTLE = 4;
const LONG_TASK_MS = 50;
/** Lighthouse's phone: the window a shared link most often opens in. */
const PHONE = { width: 412, height: 823 };

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } };

interface Task {
  start: number;
  ms: number;
  /** Milliseconds of the task spent in each kind of work. */
  script: number;
  forcedLayout: number;
  parse: number;
  lifecycle: number;
  /** Of it, milliseconds spent in font lookups (on Linux, blocking calls to the browser's font service). */
  fonts: number;
}

const SCRIPT = new Set(['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'v8.compile', 'v8.compileModule']);

/** Loads the page untouched under a trace; the renderer main thread's tasks over `min` ms, each with what it spent time on. */
async function traceLoad(page: Page, min: number): Promise<Task[]> {
  const browser = page.context().browser();
  if (!browser) throw new Error('the load trace needs a browser that can trace');
  await page.setViewportSize(PHONE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'blink', 'fonts'] });
  let buffer: Buffer;
  try {
    await page.goto('./');
    await page.waitForLoadState('load');
    // Long enough for what a page might schedule after load: fonts, idle callbacks, timers.
    await page.waitForTimeout(3000);
  } finally {
    buffer = await browser.stopTracing();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const parse = events.find((e) => e.name === 'ParseHTML');
  if (!parse) throw new Error('the trace holds no HTML parsing');
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X');
  const origin = Math.min(...main.map((e) => e.ts));
  const within = (task: TraceEvent, names: (name: string) => boolean) =>
    main
      .filter((e) => names(e.name) && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0))
      // Count only outermost events of a kind, so nested ones are not counted twice.
      .filter((e, _, all) => !all.some((o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && names(o.name)))
      .reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
  return main
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask' && (e.dur ?? 0) / 1000 > min)
    .map((t) => ({
      start: (t.ts - origin) / 1000,
      ms: (t.dur ?? 0) / 1000,
      script: within(t, (n) => SCRIPT.has(n)),
      forcedLayout: within(t, (n) => n === 'Blink.ForcedStyleAndLayout.UpdateTime'),
      parse: within(t, (n) => n === 'ParseHTML'),
      lifecycle: within(t, (n) => n === 'WebFrameWidgetImpl::UpdateLifecycle'),
      fonts: within(t, (n) => n === 'FontCache::GetFontPlatformData'),
    }));
}

const describeTask = (t: Task) =>
  `${t.ms.toFixed(0)} ms at ${t.start.toFixed(0)} ms (script ${t.script.toFixed(0)}, forced style and layout ${t.forcedLayout.toFixed(0)}, parsing ${t.parse.toFixed(0)}, frame ${t.lifecycle.toFixed(0)}, of it font lookups ${t.fonts.toFixed(0)})`;

/** The load's longest task may take no more, at 4x. */
const LONGEST_TASK_MS = 100;

test('@latency loading the page untouched at 4x: no task of 100 ms or more, none with 50 ms of script or forced layout', async ({ page, browser }) => {
  // Runs with the latency tests, one worker, so no other test shares the CPU. A machine that is
  // busy for a moment can still stretch one load; a cost of the page's own (every select laying
  // out the page cost about 1 s at 4x) shows in every load, so the page passes when any of three
  // loads is clean, and every load's long tasks are printed.
  //
  // A load is clean when no task holds 50 ms of script or of forced layout, and no task takes
  // 100 ms. The first load in a new browser meets a cold renderer and cold font caches: its first
  // frame asks the system for every face and size the top of the page uses, and on Linux each
  // lookup is a blocking call to the browser process, whose time is the machine's (on this machine
  // 50 to 130 ms of a first frame of 140 to 310 ms). That load is printed and not judged; the
  // three after it meet the caches as a reader's second page or reload does.
  const cold = await traceLoad(page, 0);
  console.log(`Chromium ${browser.version()}, ${THROTTLE}x CPU, ${PHONE.width} px, first load, cold, not judged:`);
  for (const t of cold.filter((t) => t.ms > LONG_TASK_MS)) console.log(`  ${describeTask(t)}`);
  const loads: string[][] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    const tasks = await traceLoad(page, 0);
    const long = tasks.filter((t) => t.ms > LONG_TASK_MS);
    console.log(
      `Chromium ${browser.version()}, ${THROTTLE}x CPU, ${PHONE.width} px, load ${attempt}: tasks over ${LONG_TASK_MS} ms before any figure is neared:`,
    );
    for (const t of long) console.log(`  ${describeTask(t)}`);
    const longest = tasks.reduce((a, b) => (b.ms > a.ms ? b : a));
    console.log(`  longest task: ${longest.ms.toFixed(0)} ms, of it font lookups ${longest.fonts.toFixed(0)} ms`);
    // Script time includes any layout the script forces; a forced layout outside script (a parser
    // or a control laying out the page, as every select once did) counts on its own.
    const ours = tasks.filter((t) => t.script > LONG_TASK_MS || t.forcedLayout > LONG_TASK_MS || t.ms >= LONGEST_TASK_MS).map(describeTask);
    loads.push(ours);
    if (ours.length === 0) break;
  }
  expect(loads.at(-1), `every load had a task of its own over its limit: ${JSON.stringify(loads)}`).toEqual([]);
});

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
  await expect(page.locator('[data-island="forget"]')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
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
  await expect(island).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
});
