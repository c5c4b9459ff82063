import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type axe from 'axe-core';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { WAKE_MARGIN } from '../../src/app/wake';

export const WIDTHS = [1280, 390] as const;
export const THEMES = ['light', 'dark'] as const;
export const SECTION_IDS = ['scale', 'lineage', 'forget', 'chunking', 'shipping', 'takeaways', 'verify', 'credit'];

/**
 * The screenshots the tests leave in test-results/screenshots/ are for a person to look at; no
 * test compares them with anything. With CI set, where nobody looks, none is taken: each costs
 * the browser about 0.4 s of CPU, about 20 s of the checks' time in all. SCREENSHOTS=1 takes them
 * there too.
 */
export const KEEP_SCREENSHOTS = process.env.SCREENSHOTS === '1' || !process.env.CI;

/** Saves a screenshot of `target` as test-results/screenshots/`name`.png, where screenshots are kept. */
export async function keepScreenshot(target: Locator | Page, name: string, { fullPage = false } = {}) {
  if (!KEEP_SCREENSHOTS) return;
  const path = `test-results/screenshots/${name}.png`;
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}

/** Collects everything that should never happen on the page: errors, failures, remote requests. */
export function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    // Playwright's own note where a test blocks service workers (playwright.config.ts).
    if (msg.text() === 'Service Worker registration blocked by Playwright') return;
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText ?? '';
    // A reload or navigation cancels what is still loading (the favicon, say): the browser
    // reports those as aborted. Anything that truly failed has another reason, or a status.
    if (reason === 'net::ERR_ABORTED') return;
    problems.push(`failed request: ${req.url()} (${reason})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') {
      problems.push(`remote request: ${req.url()}`);
    }
  });
  return problems;
}

/**
 * Axe's rules that read colours: the contrast of text against what is behind it, and whether a
 * link in a paragraph stands out from the text around it by more than its colour.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Axe's minified build: the same rules as `axe.source` (its readable build, 1.3 MB), in 0.58 MB,
 * which a document receives over the protocol and compiles in about two thirds of the time.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What the builder evaluates in place of axe's source where the document holds axe already. */
const AXE_PRESENT = 'void 0';

/** The header's theme button, whose state follows the theme. */
const THEME_BUTTON = '.theme-toggle';

/** Pages whose markup, but for the theme button, is to the character what it was before a theme switch now in force. */
const recoloured = new WeakSet<Page>();

/** Whether, in the theme inEachTheme now checks, the switch into it changed the colours alone. */
export const onlyColoursChanged = (page: Page) => recoloured.has(page);

/**
 * Axe's violations on the page, or within `scope` (a selector) where a test is about one part of
 * it; tests/e2e/page.spec.ts scans the whole page at each width and theme. Axe runs in the page
 * itself (its legacy mode): the page has no frames, and the default mode's partial runs send every
 * checked node's result over the protocol into a second page to be joined there, which on this
 * page cost two thirds of the scan. Only violations are reported in full.
 */
export async function axeViolations(page: Page, scope?: string): Promise<string[]> {
  // Axe goes into a document once, and its later scans there run the copy already in it: the
  // builder would evaluate axe's 1.3 MB of source twice a scan (about half a second each time,
  // more than a figure's own rules took). A copy left in a document by an earlier scan is axe
  // itself, configured afresh by the builder before every run.
  const inject = async () => {
    const present = await page.evaluate(() => typeof (window as { axe?: Partial<typeof axe> }).axe?.run === 'function');
    if (!present) await page.evaluate(AXE_SOURCE);
  };
  const builder = new AxeBuilder({ page, axeSource: AXE_PRESENT }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (scope) builder.include(scope);
  // After a theme switch that changed nothing but the colours and the theme button (see
  // inEachTheme), the rules that read colours are the ones whose verdict can change; the rest saw
  // this very markup already. A scan that takes in the button (the whole page's) runs in full.
  const coloursOnly = recoloured.has(page) && scope !== undefined && (await page.locator(scope).locator(THEME_BUTTON).count()) === 0;
  if (coloursOnly) builder.withRules([...COLOUR_RULES]);
  const results = await test.step(`axe scan of ${scope ?? 'the page'}${coloursOnly ? ', its colour rules' : ''}`, async () => {
    await inject();
    return builder.analyze();
  });
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

export type Theme = (typeof THEMES)[number];

export async function setTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
}

/**
 * Each width with its two themes, in the order a test meets them: the theme the page opens in,
 * then the one the reader's system switches to while it is open. The wide window opens light and
 * the narrow one dark, so each theme is met both ways: loaded fresh, and switched into live.
 */
export const WIDTH_THEMES = WIDTHS.map((width, i) => ({ width, themes: i % 2 === 0 ? (['light', 'dark'] as const) : (['dark', 'light'] as const) }));

/** How a test names a width's pair of themes: "light, then dark". */
export const themesLabel = (themes: readonly Theme[]) => themes.join(', then ');

/**
 * Runs `check` in each theme in turn: the first as the page opened in it, each next one after
 * the system's preference switches while the page is open. A switch must repaint the page (its
 * background changes) and let every figure redraw (a frame passes) before the check runs.
 */
export async function inEachTheme(page: Page, themes: readonly Theme[], check: (theme: Theme) => Promise<void>) {
  // With script, the folds' bodies come back after load (src/app/lazyFolds.ts): once they are in,
  // the markup holds still across the switch and the later theme's checks may judge colours alone.
  await page.waitForFunction(
    () =>
      !document.documentElement.classList.contains('js') || document.documentElement.dataset.folds === 'loaded' || !document.querySelector('[data-fold-src]'),
    null,
    { timeout: 15_000 },
  );
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // The whole document's markup as a checksum computed in the page, but for the theme button,
  // which says which theme is on and so changes with it (a scan that takes it in runs in full).
  const markup = () =>
    page.evaluate((button) => {
      const toggle = document.querySelector(button)?.outerHTML ?? '';
      const html = document.documentElement.outerHTML.replace(toggle, '');
      let h = 0;
      for (let i = 0; i < html.length; i++) h = (Math.imul(h, 31) + html.charCodeAt(i)) | 0;
      return `${html.length}:${h}`;
    }, THEME_BUTTON);
  for (const [i, theme] of themes.entries()) {
    if (i > 0) {
      const [before, was] = [await background(), await markup()];
      await setTheme(page, theme);
      await expect.poll(background, `the page follows the switch to ${theme}`).not.toBe(before);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      // The themes differ only in colours (src/app/styles/tokens.css); where the switch left the
      // markup as it was, the checks that follow may judge colours alone (axeViolations does).
      if ((await markup()) === was) recoloured.add(page);
    }
    try {
      await test.step(`in the ${theme} theme`, () => check(theme));
    } finally {
      recoloured.delete(page);
    }
  }
}

/**
 * The page's interactive figures, each by the name of its island, which is also its section's id
 * (but Kimi K3's memory, which stands in the shipping section's memory door).
 */
export type Figure = 'forget' | 'lab' | 'chunking' | 'shipping' | 'memory' | 'k3Memory' | 'lineage' | 'recall' | 'evidence';

/**
 * A figure that reads the shared link in its first effect marks itself once it has: until then
 * it still shows the server's defaults. Only these need more than the island's own mark.
 */
const READ_LINK: Partial<Record<Figure, string>> = { chunking: '.chunking-figure[data-hydrated="true"]' };

/**
 * The folds the build took off the first download (scripts/lazy-folds.mjs), by id: each names
 * the page of its own that holds its body, read from the built page as served.
 */
export function lazyFolds(): Map<string, string> {
  const html = readFileSync('dist/index.html', 'utf8');
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<details id="([^"]+)"[^>]*>(?:(?!<\/details>)[\s\S])*?<div class="fold-slot" data-fold-src="([^"]+)"/g)) out.set(m[1]!, m[2]!);
  return out;
}

/** Waits until every fold's body is back in the page (src/app/lazyFolds.ts marks the root then). */
export async function untilFoldsLoaded(page: Page) {
  await expect(page.locator('html'), 'the folds put back after load').toHaveAttribute('data-folds', 'loaded', { timeout: 15_000 });
}

/** Opens every closed door ("Go deeper: …") around an element, as a reader does to reach it. */
export async function openDoors(element: Locator) {
  await element.evaluate((el) => {
    for (let d = el.closest('details:not([open])'); d; d = d.closest('details:not([open])')) (d as HTMLDetailsElement).open = true;
  });
}

/** How long an island near the screen may take to hydrate. */
const HYDRATE_MS = 15_000;

/**
 * Waits until React has hydrated the island (the page marks it then, see src/app/hydrate.tsx)
 * and, where given, an element inside it matches `inside`. An observer in the page sees the mark
 * the moment it is set; a polled expectation looks again only every half second once its first
 * quarter second has passed, and a figure's hydration mostly ends in between. The expectation
 * that follows reports an island that never hydrated.
 */
export async function untilHydrated(island: Locator, { inside, message }: { inside?: string; message?: string } = {}) {
  await island.evaluate(
    (el, [inside, ms]) =>
      new Promise<void>((resolve) => {
        const done = () => el.getAttribute('data-hydrated') === 'true' && (!inside || el.querySelector(inside) !== null);
        if (done()) return resolve();
        const finish = () => {
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        };
        const observer = new MutationObserver(() => done() && finish());
        const timer = setTimeout(finish, ms);
        observer.observe(el, { attributes: true, childList: true, subtree: true });
      }),
    [inside ?? null, HYDRATE_MS] as const,
  );
  await expect(island, message).toHaveAttribute('data-hydrated', 'true');
  if (inside) await expect(island.locator(inside), message).toBeAttached();
}

/**
 * Brings the figure near, as a reader scrolls to it, and waits until its island has hydrated,
 * so that a click or key reaches the figure's own handlers.
 */
export async function waitForFigure(page: Page, figure: Figure) {
  const island = page.locator(`[data-island="${figure}"]`);
  await openDoors(island);
  // A link lands on the section's heading; the reader scrolls on to the figure, which hydrates as it nears.
  await island.scrollIntoViewIfNeeded();
  await untilHydrated(island, { inside: READ_LINK[figure] });
  // The height the figure's frame holds for it until its script arrives is no more than it then
  // draws: a frame holding more leaves a blank band around the figure, at that width, for good.
  const blank = () =>
    island.evaluate((el) => {
      const body = el.closest('.figure-body');
      if (!body) return 0;
      const drawn = [...body.children].reduce((sum, child) => sum + child.getBoundingClientRect().height, 0);
      return Math.max(0, Math.round((parseFloat(getComputedStyle(body).minHeight) || 0) - drawn));
    });
  await expect.poll(blank, `${figure}: px its frame holds beyond what the figure draws`).toBeLessThanOrEqual(1);
}

export interface OpenOptions {
  /** The query string, `?` included: a shared link's state. */
  search?: string;
  /** The window's width in px (900 px high); the browser's default window when left out. */
  width?: number;
  theme?: 'light' | 'dark';
  /** Wait until the network has been quiet for a moment (fonts, the figure's chunk). */
  idle?: boolean;
  /** Wait until the page has settled as a reader meets it: loaded, with its fonts. */
  settled?: boolean;
}

/** Opens the page at the figure's section and waits until the figure has hydrated. */
export async function openFigure(page: Page, figure: Figure, { search = '', width, theme, idle = false, settled = false }: OpenOptions = {}) {
  if (width !== undefined) await page.setViewportSize({ width, height: 900 });
  if (theme) await setTheme(page, theme);
  await page.goto(`./${search}#${figure}`);
  if (idle) await page.waitForLoadState('networkidle');
  await waitForFigure(page, figure);
  if (settled) {
    await page.waitForLoadState('load');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
  }
}

/**
 * Every fixed text box (see src/viz/Steady.tsx) inside `scope`: where its live text ends
 * against the box, so a test can check that nothing is cut off. A box is fixed so that its
 * text changes without moving anything; the price would be clipped text, which this catches.
 */
export async function steadyOverflow(page: Page, scope: string): Promise<string[]> {
  return page.locator(`${scope} .steady-live`).evaluateAll((boxes) =>
    boxes.flatMap((box, i) => {
      const style = getComputedStyle(box);
      const outer = box.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(box);
      const text = range.getBoundingClientRect();
      if (text.width === 0 && text.height === 0) return [];
      const bottom = outer.bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
      const right = outer.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
      const cut = text.bottom > bottom + 1 || text.right > right + 1;
      return cut
        ? [
            `box ${i} (${box.textContent?.trim().slice(0, 60)}): text ends at ${text.right.toFixed(0)},${text.bottom.toFixed(0)}, box at ${right.toFixed(0)},${bottom.toFixed(0)}`,
          ]
        : [];
    }),
  );
}

/** What a load was at its end: its layout shifts (as the browser scores them, without those after input), and where `id` stood. */
export interface SettledLoad {
  shift: number;
  top: number;
  margin: number;
}

/**
 * Waits, in the page, until a load has settled: the fonts loaded, every figure within the page's
 * wake margin hydrated (they hydrate as they come near, seen by an observer with that margin, as
 * src/app/wake.ts watches them, and may change height when they do), then `frames` frames in a row
 * in which nothing moved: no new layout shift, and the element `id`, where given, in the same
 * place. Past `ms` the load is taken as it stands. What could still move the page has then run; a
 * fixed wait would only guess at its end.
 */
export async function settledLoad(page: Page, { id, frames, ms }: { id?: string; frames: number; ms: number }): Promise<SettledLoad> {
  return page.evaluate(
    async ({ id, wake, frames, ms }) => {
      let [shift, entries] = [0, 0];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          entries++;
          if (!e.hadRecentInput) shift += e.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      const el = id ? document.getElementById(id) : null;
      const top = () => el?.getBoundingClientRect().top ?? 0;
      await document.fonts.ready;
      const near = new Set<HTMLElement>();
      const observer = new IntersectionObserver(
        (seen) => {
          for (const e of seen) e.isIntersecting ? near.add(e.target as HTMLElement) : near.delete(e.target as HTMLElement);
        },
        { rootMargin: wake },
      );
      for (const island of document.querySelectorAll<HTMLElement>('[data-island]')) observer.observe(island);
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const end = performance.now() + ms;
      let [last, still] = ['', 0];
      while (still < frames && performance.now() < end) {
        await frame();
        const now = `${entries} ${top()}`;
        still = now === last && [...near].every((island) => island.dataset.hydrated === 'true') ? still + 1 : 0;
        last = now;
      }
      observer.disconnect();
      return { shift, top: top(), margin: el ? parseFloat(getComputedStyle(el).scrollMarginTop) || 0 : 0 };
    },
    { id, wake: WAKE_MARGIN, frames, ms },
  );
}
