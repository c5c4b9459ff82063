/**
 * Interaction latency in Chromium with the CPU slowed 4x through the DevTools protocol, each
 * figure judged against floors measured the same way, on the same page, in the same minute.
 *
 * A move sets a control's value with real `input` and `change` events, or clicks a button; it
 * ends when the next frame has been produced (the task after that frame's animation callback).
 * A performance trace gives, per move, `work`: the time the renderer's main thread was busy in
 * that window (event handling, render, style, layout, paint, commit), and `total`: the window's
 * wall-clock length with the wait for the display's next frame, which is printed only.
 *
 * Each run measures, the floor before the figure on odd runs and after it on even ones:
 * - the figure, moved for real;
 * - the bare floor, printed and not judged, with a third as many moves: a hidden control of the
 *   same kind that nothing listens to, i.e. the harness's own cost plus a moving control and the
 *   frame around them;
 * - the direct-write floor, with the figure's own moves: the figure's control moved with its
 *   events kept from the page's scripts, and the DOM writes the figure made for that move
 *   (recorded beforehand) replayed straight into the DOM: about the least any implementation of
 *   the figure could cost.
 * Milliseconds on a two-core machine swing with its own load, and the floors swing with them, so
 * the figure is held to its direct-write floor: a median at most 1.5x the floor's, on the best of
 * up to three runs, reported past it and failing the bench past twice it (figures.ts). Whether
 * the 16 ms frame budget holds at p95 is printed, not held.
 */
import { test, type Page } from '@playwright/test';
import { judgeFigure } from './figures';
import { URL_WRITE_DELAY_MS } from '../../../src/widgets/urlState';
import { inPage, type Installed, type Step } from './latency-page';

export const FRAME_MS = 16;
/**
 * Moves a slider case makes, and presses a button or menu case makes, in each measured pass. The
 * judged number is a median: 60 and 24 place it within the runs' own spread (the figures' medians
 * sat 0.85 to 1.3 times their floors' at 100 and 40), at three fifths of the stage's time.
 */
export const SLIDER_MOVES = 60;
export const PRESSES = 24;
export const HELD_RATIO = 1.5;
const THROTTLE = 4;
const RUNS = 3;
/**
 * Longer than any figure's own timers, so none fires inside a later measurement: the address is
 * written 250 ms after the last change (src/widgets/urlState.ts), a drag's pause ends after
 * 150 ms (src/widgets/usePausedDrag.ts); the margin leaves room for work a figure defers past
 * its frame.
 */
const SETTLE_MS = Math.max(800, 3 * URL_WRITE_DELAY_MS);
/**
 * The bare floor is printed beside the figure, never judged: a third as many moves place its
 * median and p95 well enough, and spare the run two thirds of its time.
 */
const BARE_SHARE = 3;

/** Per move, main-thread `work` and wall-clock `total` (ms); quantiles of work, and the 95th percentile of total. */
export type LatencyResult = { work: number[]; total: number[]; p50: number; p95: number; max: number; totalP95: number };

/** A slider (or select) set to each value in turn, or buttons clicked in turn (one selector per click). */
export type Moves = { control: string; values: (string | number)[] } | { clicks: string[] };

export interface LatencyCase {
  /** What the printed lines call this measurement. */
  name: string;
  /** The figure's element: whatever a move changes lies inside it. */
  scope: string;
  moves: Moves;
  /** Puts the figure back, for real, where the moves begin. A slider's default: its value when the test starts. */
  reset?: () => Promise<void>;
  /** The multiple of its direct-write floor the figure is held to, where a test says why it differs from HELD_RATIO. */
  held?: number;
}

export type LatencyRun = { figure: LatencyResult; bare: LatencyResult; direct: LatencyResult };

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number };

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/** One run of the moves under a performance trace: main-thread busy time (ms) inside each move's window, and each window's length. */
async function measure(page: Page, steps: Step[], replay = false): Promise<LatencyResult> {
  const browser = page.context().browser();
  if (!browser) throw new Error('latency needs a browser that can trace');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
  let buffer: Buffer;
  try {
    await page.evaluate(({ steps, replay }) => (window as unknown as Installed).__latency.run(steps, replay), { steps, replay });
  } finally {
    buffer = await browser.stopTracing();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = (name: string) => events.find((e) => e.name === name);
  const first = mark('lat-start-0');
  if (!first) throw new Error('the trace holds no interaction marks');
  const tasks = events
    .filter((e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask')
    .map((e) => [e.ts, e.ts + (e.dur ?? 0)] as const);
  const work: number[] = [];
  const total: number[] = [];
  steps.forEach((_, i) => {
    const [start, end] = [mark(`lat-start-${i}`)!.ts, mark(`lat-end-${i}`)!.ts];
    work.push(tasks.reduce((busy, [a, b]) => busy + Math.max(0, Math.min(b, end) - Math.max(a, start)), 0) / 1000);
    total.push((end - start) / 1000);
  });
  const sorted = [...work].sort((a, b) => a - b);
  const totals = [...total].sort((a, b) => a - b);
  return { work, total, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1)!, totalP95: quantile(totals, 0.95) };
}

/**
 * The bare floor: a control of the same kind that nothing listens to, outside every figure:
 * transparent and fixed where the page ends, out of view. What it costs is the harness's own
 * work, the control's moving value, and the frame around them.
 */
async function measureBare(page: Page, kind: 'slider' | 'button', count: number): Promise<LatencyResult> {
  await page.evaluate((kind) => {
    const el = document.createElement(kind === 'slider' ? 'input' : 'button');
    if (el instanceof HTMLInputElement) Object.assign(el, { type: 'range', max: '128' });
    el.id = 'latency-bare';
    el.tabIndex = -1;
    el.setAttribute('aria-hidden', 'true');
    el.style.cssText = 'position: fixed; opacity: 0';
    document.body.append(el);
  }, kind);
  try {
    return await measure(
      page,
      Array.from({ length: count }, (_, i) => ['#latency-bare', kind === 'slider' ? String((i * 37) % 128) : null]),
    );
  } finally {
    await page.evaluate(() => document.getElementById('latency-bare')?.remove());
  }
}

let printedVersion = false;
const ms = (r: LatencyResult) => `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`;

/**
 * Measures the figure against its two floors, up to three runs, prints every measurement, and
 * judges the best run's median against its direct-write floor's (figures.ts).
 * Returns the best run; the figure is left where its last real move put it.
 */
export async function expectLatencyWithinFloor(page: Page, c: LatencyCase): Promise<LatencyRun> {
  test.setTimeout(test.info().timeout + RUNS * 60_000);
  if (!printedVersion) console.log(`latency: Chromium ${page.context().browser()!.version()}, CPU slowed ${THROTTLE}x`);
  printedVersion = true;
  const { moves } = c;
  const held = c.held ?? HELD_RATIO;
  const steps: Step[] = 'clicks' in moves ? moves.clicks.map((s) => [s, null]) : moves.values.map((v) => [moves.control, String(v)]);
  const kind = 'clicks' in moves ? 'button' : 'slider';
  let reset = c.reset;
  if (!reset && 'control' in moves) {
    const start = await page.locator(moves.control).inputValue();
    reset = () => page.evaluate(([selector, to]) => (window as unknown as Installed).__latency.run([[selector, to]], false), [moves.control, start] as const);
  }
  if (!reset) throw new Error(`${c.name}: buttons need a reset`);
  const settle = async () => {
    await reset();
    await page.waitForTimeout(SETTLE_MS);
  };
  await page.evaluate(`window.__latency ??= (${inPage.toString()})()`);
  // Twice: the first pass takes the figure off the server's markup (React keeps its text nodes
  // until it rewrites them), so the kept pass starts from the very nodes every run starts from.
  // A slider's first pass sets each of its values once: a node that differs between any two of
  // them is written on the way through them all, which is all that pass is for.
  const once = kind === 'slider' ? [...new Map(steps.map((s) => [s.join('\u0000'), s])).values()] : steps;
  for (const pass of [once, steps]) {
    await settle();
    await page.evaluate(([scope, moves]) => (window as unknown as Installed).__latency.record(scope, moves), [c.scope, pass] as const);
  }
  const runs: LatencyRun[] = [];
  for (let i = 1; i <= RUNS; i++) {
    await settle();
    const bare = await measureBare(page, kind, Math.ceil(steps.length / BARE_SHARE));
    // The floor first on odd runs, the figure first on even ones: whatever one measurement leaves
    // behind for the next (garbage, a deferred task) falls on each side in turn.
    let direct: LatencyResult;
    let figure: LatencyResult;
    if (i % 2 === 1) {
      direct = await measure(page, steps, true);
      figure = await measure(page, steps);
    } else {
      figure = await measure(page, steps);
      await settle();
      direct = await measure(page, steps, true);
      // The replay leaves the figure where the reset put it: its moves again, unmeasured, leave it
      // where its last real move puts it, as on an odd run.
      await page.evaluate((moves) => (window as unknown as Installed).__latency.run(moves, false), steps);
    }
    runs.push({ figure, bare, direct });
    const ratio = figure.p50 / direct.p50;
    const line = `${c.name}, ${steps.length} moves, run ${i}`;
    const budget = `${FRAME_MS} ms frame budget at p95 ${figure.p95 <= FRAME_MS ? 'met' : 'not met'}`;
    console.log(
      `${line}, figure: ${ms(figure)} (max ${figure.max.toFixed(1)} ms; with the wait for the frame p95 ${figure.totalP95.toFixed(1)} ms); ${budget}`,
    );
    console.log(`${line}, bare-${kind} floor (${bare.work.length} moves): ${ms(bare)}`);
    console.log(`${line}, direct-write floor: ${ms(direct)}`);
    const verdict = ratio <= held ? 'within' : i < RUNS ? 'over, measured again' : 'over';
    console.log(
      `${line}: figure p95 ÷ bare-${kind} p95 = ${(figure.p95 / bare.p95).toFixed(1)}; figure p50 ÷ direct-write p50 = ${ratio.toFixed(2)}, held to ${held}: ${verdict}`,
    );
    if (ratio <= held) break;
  }
  const best = runs.reduce((a, b) => (b.figure.p50 / b.direct.p50 < a.figure.p50 / a.direct.p50 ? b : a));
  await judgeFigure({
    name: `${c.name} (${steps.length} moves, best of ${runs.length} runs)`,
    value: best.figure.p50 / best.direct.p50,
    limit: held,
    unit: 'x its direct-write floor',
    detail: `median main-thread work per move ${best.figure.p50.toFixed(1)} ms against the floor's ${best.direct.p50.toFixed(1)} ms; p95 ${best.figure.p95.toFixed(1)} ms, the ${FRAME_MS} ms frame budget ${best.figure.p95 <= FRAME_MS ? 'met' : 'not met'}`,
  });
  return best;
}
