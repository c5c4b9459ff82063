/**
 * The floor a timing check is held to, measured in the same run on the same machine: how long
 * this renderer, throttled as the check is, takes to parse, style and lay out a fixed reference
 * document. A machine that is slower, or busy with other work, takes longer over the yardstick as
 * over the page, so a check that counts in yardsticks judges the page and not the machine.
 */
import type { Page } from '@playwright/test';

/** Paragraphs in the reference document: each a heading, a paragraph with a link and emphasis, and a list. */
const BLOCKS = 160;
const SAMPLES = 5;

/** In the page: the reference document parsed, styled and laid out SAMPLES times; each time in ms. */
function measureInPage([blocks, samples]: readonly [number, number]): number[] {
  const block = (i: number) =>
    `<section><h3>Block ${i}</h3><p>Some <em>text</em> with <a href="#b${i}">a link</a> and <code>code ${i}</code> in it, long enough to wrap across a line or two at a phone's width.</p><ul><li>one</li><li>two ${i}</li></ul></section>`;
  const html = Array.from({ length: blocks }, (_, i) => block(i)).join('');
  const times: number[] = [];
  for (let s = 0; s < samples; s++) {
    const host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    host.style.cssText = 'position:absolute;left:0;top:0;width:360px;visibility:hidden';
    const start = performance.now();
    host.innerHTML = html;
    document.body.append(host);
    void host.getBoundingClientRect().height;
    host.remove();
    times.push(performance.now() - start);
  }
  return times;
}

/** The median of some numbers. */
export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The yardstick on this page, as its CPU is throttled now: the median of five runs of the reference document, in ms. */
export async function yardstick(page: Page): Promise<number> {
  const times = await page.evaluate(measureInPage, [BLOCKS, SAMPLES] as const);
  return median(times);
}

/** Starts recording the page's long main-thread tasks; the function returned reads their durations so far, in ms. */
export async function recordLongTasks(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
  return () => page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
}
