/**
 * Interaction latency as a reader feels it: from an input event on a control to the next
 * frame painted, in Chromium with the CPU throttled through the DevTools protocol.
 * Used by the figures' latency specs; kept here so every figure is measured the same way.
 */
import type { Page } from '@playwright/test';

export interface LatencyResult {
  samples: number[];
  p50: number;
  p95: number;
  max: number;
}

function quantile(sorted: number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

/**
 * Sets a range input (or select) to each value in turn by dispatching a real `input`/`change`
 * event, and times event dispatch → the paint after the next animation frame.
 */
export async function measureInputToPaint(
  page: Page,
  selector: string,
  values: (string | number)[],
  { throttle = 4 }: { throttle?: number } = {},
): Promise<LatencyResult> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  try {
    const samples = await page.evaluate(
      async ({ selector, values }) => {
        const el = document.querySelector(selector) as HTMLInputElement | HTMLSelectElement | null;
        if (!el) throw new Error(`no element matches ${selector}`);
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!;
        const nextPaint = () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() => {
              // The frame after the one React rendered into has been presented by now.
              setTimeout(() => resolve(performance.now()), 0);
            }),
          );
        const out: number[] = [];
        for (const value of values) {
          const start = performance.now();
          setter.call(el, String(value));
          el.dispatchEvent(new Event('input', { bubbles: true }));
          el.dispatchEvent(new Event('change', { bubbles: true }));
          out.push((await nextPaint()) - start);
          await new Promise((r) => setTimeout(r, 16));
        }
        return out;
      },
      { selector, values: values.map(String) },
    );
    const sorted = [...samples].sort((a, b) => a - b);
    return { samples, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted[sorted.length - 1]! };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}
