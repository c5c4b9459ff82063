/**
 * Interaction latency in Chromium with the CPU throttled through the DevTools protocol.
 *
 * For each value: an `input` (and `change`) event is dispatched on the control, then we wait
 * for the next frame. Two numbers come out per interaction:
 * - `work`: main-thread time the page spends on it, from the event to the end of the next
 *   frame's rendering — event handling and render (t0 → t1) plus style, layout and paint of
 *   that frame (rAF start → the task after the frame, t2 → t3). The idle wait for the frame
 *   (t1 → t2) is left out: it depends on where in the 16.7 ms display cycle the event landed,
 *   not on the page. This is the figure the budgets hold.
 * - `total`: t0 → t3 including that wait, reported alongside for context.
 * A no-op control measured the same way gives the floor of the harness itself.
 */
import type { Page } from '@playwright/test';

export interface LatencyResult {
  work: number[];
  total: number[];
  p50: number;
  p95: number;
  max: number;
  totalP95: number;
}

function quantile(sorted: number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

export async function measureInputToPaint(
  page: Page,
  selector: string,
  values: (string | number)[],
  { throttle = 4 }: { throttle?: number } = {},
): Promise<LatencyResult> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  try {
    const { work, total } = await page.evaluate(
      async ({ selector, values }) => {
        const el = document.querySelector(selector) as HTMLInputElement | HTMLSelectElement | null;
        if (!el) throw new Error(`no element matches ${selector}`);
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!;
        const work: number[] = [];
        const total: number[] = [];
        for (const value of values) {
          const t0 = performance.now();
          setter.call(el, String(value));
          el.dispatchEvent(new Event('input', { bubbles: true }));
          el.dispatchEvent(new Event('change', { bubbles: true }));
          const t1 = performance.now();
          const [t2, t3] = await new Promise<[number, number]>((resolve) =>
            requestAnimationFrame(() => {
              const start = performance.now();
              setTimeout(() => resolve([start, performance.now()]), 0);
            }),
          );
          work.push(t1 - t0 + (t3 - t2));
          total.push(t3 - t0);
          await new Promise((r) => setTimeout(r, 20));
        }
        return { work, total };
      },
      { selector, values: values.map(String) },
    );
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
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
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
