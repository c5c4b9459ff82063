/**
 * Interaction latency in Chromium with the CPU throttled through the DevTools protocol.
 *
 * Each value is set on the control with a real `input` and `change` event; the interaction ends
 * when the next frame has been produced (the task after that frame's animation callback).
 * A performance trace of the run gives, per interaction:
 * - `work`: the time the renderer's main thread was busy inside that window, summed over its
 *   tasks: event handling, React's render, style, layout, paint and commit of the frame. Idle
 *   time waiting for the display's next frame is not work the page does, so it is left out.
 *   This is the figure the budgets hold.
 * - `total`: the window's wall-clock length, including that wait, reported for context.
 * A no-op control measured the same way gives the floor of the harness itself.
 */
import type { Page } from '@playwright/test';

/**
 * The frame budget the figures aim at (one 60 Hz frame, at the 95th percentile), and the looser
 * line for figures that do not meet it yet: the median within three frames, so that a
 * regression still fails. On a two-core machine with the CPU slowed 4x the 95th percentile
 * moves by several milliseconds from run to run with the machine's own load, so the tests hold
 * medians: the state demo's within two frames (best of three runs), the others within three.
 * Every latency test prints both figures, and whether the frame budget was met.
 */
export const FRAME_MS = 16;
export const HELD_P50_MS = 48;

export interface LatencyResult {
  work: number[];
  total: number[];
  p50: number;
  p95: number;
  max: number;
  totalP95: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

function quantile(sorted: number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

function summarise(work: number[], total: number[]): LatencyResult {
  const sorted = [...work].sort((a, b) => a - b);
  const sortedTotal = [...total].sort((a, b) => a - b);
  return {
    work,
    total,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted[sorted.length - 1]!,
    totalP95: quantile(sortedTotal, 0.95),
  };
}

/** Main-thread busy time (ms) inside each [lat-start-i, lat-end-i] window of the trace. */
function busyPerWindow(events: TraceEvent[], count: number): { work: number[]; total: number[] } {
  const mark = (name: string) => events.find((e) => e.name === name);
  const first = mark('lat-start-0');
  if (!first) throw new Error('the trace holds no interaction marks');
  const { pid, tid } = first;
  const tasks = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask')
    .map((e) => [e.ts, e.ts + (e.dur ?? 0)] as const);
  const work: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = mark(`lat-start-${i}`)!.ts;
    const end = mark(`lat-end-${i}`)!.ts;
    let busy = 0;
    for (const [a, b] of tasks) busy += Math.max(0, Math.min(b, end) - Math.max(a, start));
    work.push(busy / 1000);
    total.push((end - start) / 1000);
  }
  return { work, total };
}

export async function measureInputToPaint(
  page: Page,
  selector: string,
  values: (string | number)[],
  {
    throttle = 4,
    silent = false,
    replay = false,
    click = false,
  }: {
    throttle?: number;
    silent?: boolean;
    replay?: boolean;
    /** Click the element once per value instead of setting the value (a button). */
    click?: boolean;
  } = {},
): Promise<LatencyResult> {
  const browser = page.context().browser();
  if (!browser) throw new Error('latency needs a browser that can trace');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
  let buffer: Buffer;
  try {
    await page.evaluate(
      async ({ selector, values, silent, replay, click }) => {
        const el = document.querySelector(selector) as HTMLInputElement | HTMLSelectElement | null;
        if (!el) throw new Error(`no element matches ${selector}`);
        // Silent: the control still moves, but its events stop at the window, so no script of
        // the page hears them. What is left is the browser's own cost of the moving control.
        const stop = (event: Event) => {
          if (event.target === el) event.stopImmediatePropagation();
        };
        if (silent) {
          window.addEventListener('input', stop, true);
          window.addEventListener('change', stop, true);
        }
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!;
        for (let i = 0; i < values.length; i++) {
          performance.mark(`lat-start-${i}`);
          if (click) (el as unknown as HTMLElement).click();
          else {
            setter.call(el, values[i]!);
            el.dispatchEvent(new Event('input', { bubbles: true }));
            el.dispatchEvent(new Event('change', { bubbles: true }));
          }
          if (replay) (window as unknown as { __latencyReplay: (() => void)[] }).__latencyReplay[i]!();
          await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
          performance.mark(`lat-end-${i}`);
          await new Promise((r) => setTimeout(r, 25));
        }
        window.removeEventListener('input', stop, true);
        window.removeEventListener('change', stop, true);
      },
      { selector, values: values.map(String), silent, replay, click },
    );
  } finally {
    buffer = await browser.stopTracing();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const { work, total } = busyPerWindow(traceEvents, values.length);
  return summarise(work, total);
}

/**
 * The floor of one control: the same control moved through the same values with its events
 * kept from the page's scripts, so only the browser's own work remains (the thumb's layout and
 * paint, the frame around it). The figure's own share is the difference. Afterwards the control
 * is put back where it was, with a real event, so the figure and the control agree again.
 */
export async function measureControlFloor(page: Page, selector: string, values: (string | number)[], throttle = 4): Promise<LatencyResult> {
  const before = await page.locator(selector).inputValue();
  const result = await measureInputToPaint(page, selector, values, { throttle, silent: true });
  await moveControl(page, selector, before);
  return result;
}

/** Sets a control's value with real events, as a reader's move would. */
async function moveControl(page: Page, selector: string, value: string) {
  await page.locator(selector).evaluate((el: HTMLInputElement, to: string) => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!.call(el, to);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/**
 * The floor of one control and everything a move has to change: first the figure is driven
 * through the values for real, and after each move every text node, canvas bitmap and attribute
 * inside `scope` that changed is recorded; then the control is moved again with its events kept
 * from the page's scripts, and the recorded changes are written straight into the DOM. What is
 * left is the browser's cost of the move's own DOM writes, with no framework and no maths: about
 * the least any implementation of the figure could cost. (Elements a move adds or removes are
 * not replayed, so where a figure does that, this is a little below the true floor.)
 */
export async function measureDirectWrites(page: Page, selector: string, scope: string, values: (string | number)[], throttle = 4): Promise<LatencyResult> {
  const before = await page.locator(selector).inputValue();
  await page.evaluate(
    async ({ selector, scope, values }) => {
      const el = document.querySelector(selector) as HTMLInputElement;
      const root = document.querySelector(scope)!;
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!;
      // The figure updates its nodes in place, so one list of them serves every step.
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const texts: Text[] = [];
      while (walker.nextNode()) texts.push(walker.currentNode as Text);
      const canvases = [...root.querySelectorAll('canvas')];
      // Every attribute of every element (a path's d, a line's x1, an inline style, a label):
      // the elements the figure keeps from move to move, which is nearly all of them.
      const elements = [...root.querySelectorAll('*')];
      const attributesOf = () => elements.map((e) => new Map([...e.attributes].map((a) => [a.name, a.value])));
      let words = texts.map((t) => t.nodeValue ?? '');
      let attributes = attributesOf();
      const steps: (() => void)[] = [];
      for (const value of values) {
        setter.call(el, value);
        el.dispatchEvent(new Event('input', { bubbles: true }));
        el.dispatchEvent(new Event('change', { bubbles: true }));
        await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        // Only what this move changed, as the figure itself writes it.
        const nowWords = texts.map((t) => t.nodeValue ?? '');
        const nowAttributes = attributesOf();
        const changedTexts = texts.flatMap((t, i) => (nowWords[i] !== words[i] ? [[t, nowWords[i]!] as const] : []));
        const changedAttributes = elements.flatMap((e, i) =>
          [...nowAttributes[i]!].filter(([name, value]) => attributes[i]!.get(name) !== value).map(([name, value]) => [e, name, value] as const),
        );
        const images = canvases.map((c) => [c.getContext('2d')!, c.getContext('2d')!.getImageData(0, 0, c.width, c.height)] as const);
        words = nowWords;
        attributes = nowAttributes;
        steps.push(() => {
          for (const [t, word] of changedTexts) t.nodeValue = word;
          for (const [ctx, image] of images) ctx.putImageData(image, 0, 0);
          for (const [e, name, value] of changedAttributes) e.setAttribute(name, value);
        });
      }
      (window as unknown as { __latencyReplay: (() => void)[] }).__latencyReplay = steps;
    },
    { selector, scope, values: values.map(String) },
  );
  // Back to the start, for real, so the replay begins where the figure stood when recording.
  await moveControl(page, selector, before);
  const result = await measureInputToPaint(page, selector, values, { throttle, silent: true, replay: true });
  // The replay wrote behind the figure's back: a real move away and back makes it draw itself again.
  const away = values.map(String).find((v) => v !== before);
  if (away !== undefined) await moveControl(page, selector, away);
  await moveControl(page, selector, before);
  return result;
}

/** The harness's own floor: the same measurement on a range input nothing listens to. */
export async function measureNoopFloor(page: Page, throttle = 4): Promise<LatencyResult> {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'range';
    input.id = 'latency-noop';
    input.max = '128';
    input.style.position = 'fixed';
    input.style.opacity = '0';
    input.setAttribute('aria-hidden', 'true');
    document.body.appendChild(input);
  });
  const values = Array.from({ length: 40 }, (_, i) => (i * 37) % 128);
  const result = await measureInputToPaint(page, '#latency-noop', values, { throttle });
  await page.evaluate(() => document.getElementById('latency-noop')?.remove());
  return result;
}
