/**
 * No input is lost before a figure hydrates. For each figure, a reader jumps to its section from
 * a fresh load and acts at once, while the figure's props are held back so it cannot hydrate
 * yet; then the figure loads. It must end exactly where the same actions leave it when they are
 * made after it has hydrated.
 */
import { expect, test, type Page } from '@playwright/test';
import { type Figure, openDoors, watch, untilHydrated } from './helpers';

type Act = (page: Page, island: ReturnType<Page['locator']>) => Promise<void>;

const press = async (page: Page, selector: string, key: string, times: number) => {
  await page.locator(selector).focus();
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
};

const ACTIONS: Record<Figure, Act> = {
  lineage: async (page, island) => {
    // A rung opens by itself, the figure ready or not; a key on it moves to the next rung.
    await island.locator('details.rung > summary').nth(2).click();
    await page.keyboard.press('ArrowDown');
    await island.locator('details.rung > summary').nth(4).click();
  },
  forget: async (page, island) => {
    await press(page, '#forget-n', 'ArrowLeft', 3);
    // The gates sit folded: opened first, so the keys reach the β slider.
    await island.getByText('Gates', { exact: true }).click();
    await press(page, '#forget-beta', 'ArrowLeft', 2);
    await expect(page.locator('#forget-beta')).toBeFocused();
    await island.getByRole('button', { name: 'Back one pair' }).click();
  },
  lab: async (page) => {
    // The size by keys: d = 32 runs in the worker once the figure has hydrated.
    await press(page, '#lab-d', 'ArrowLeft', 2);
  },
  chunking: async (page) => {
    await press(page, '#chunking-C', 'ArrowRight', 2);
    // The workload sits folded: opened first, so the key reaches the length slider.
    await page.locator('.chunking-workload > summary').click();
    await press(page, '#chunking-L', 'ArrowLeft', 1);
    await expect(page.locator('#chunking-L')).toBeFocused();
  },
  shipping: async (_page, island) => {
    await island.getByRole('button', { name: /Active share/ }).click();
  },
  evidence: async (_page, island) => {
    // The table sits folded: opened first, so the press reaches its header.
    await island.locator('.evidence-fold > summary').click();
    await island.getByRole('button', { name: /Benchmark/ }).click();
  },
  memory: async (page, island) => {
    await press(page, '#mem-context', 'ArrowRight', 2);
    // The models sit folded: opened first, so the key reaches a model's box.
    await island.locator('.mem-pick > summary').click();
    await island.getByRole('checkbox', { name: 'Kimi K2.6' }).focus();
    await page.keyboard.press('Space');
  },
  k3Memory: async (page) => {
    await press(page, '#k3-context', 'ArrowLeft', 3);
  },
  recall: async (page) => {
    await press(page, '#recall-n', 'ArrowRight', 4);
    await press(page, '#recall-s', 'ArrowLeft', 2);
  },
};

/** What a reader can see of the figure's state: its text, its controls' values, and the address. */
async function state(page: Page, figure: Figure) {
  const island = page.locator(`[data-island="${figure}"]`);
  return {
    text: (await island.innerText()).replace(/\s+/g, ' '),
    values: await island.locator('input, select').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
    current: await island
      .locator('[aria-current], [aria-sort]')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('aria-current')}|${e.getAttribute('aria-sort')}`)),
    search: new URL(page.url()).search,
  };
}

/**
 * The tab the reference runs in, in a context of its own: one per worker, kept from test to test
 * and given a fresh load each time. A new context starts a new renderer process, about 0.7 s of
 * CPU on a two-core machine before the page's first byte.
 */
let reference: Page | null = null;

for (const figure of Object.keys(ACTIONS) as Figure[]) {
  test(`${figure}: input made before the figure hydrates takes effect, as if made after`, async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The reference: the same actions once the figure is ready.
    if (!reference || reference.isClosed()) reference = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const ready = reference;
    await ready.goto('about:blank');
    await ready.goto(`./#${figure}`);
    const readyIsland = ready.locator(`[data-island="${figure}"]`);
    await openDoors(readyIsland);
    await readyIsland.scrollIntoViewIfNeeded();
    await untilHydrated(readyIsland);
    await ACTIONS[figure](ready, readyIsland);

    // The reader who is quicker than the figure: its props are held until they have acted.
    const problems = watch(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/islands/${figure}.json`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`./#${figure}`);
    const island = page.locator(`[data-island="${figure}"]`);
    await openDoors(island);
    await island.scrollIntoViewIfNeeded();
    await ACTIONS[figure](page, island);
    expect(await island.getAttribute('data-hydrated'), 'the figure hydrated before the reader acted').toBeNull();
    release();
    await untilHydrated(island);
    // A run in the lab's worker ends when its streams are done, however long this machine takes:
    // both runs are awaited, so the two are compared finished and not part way.
    if (figure === 'lab') {
      for (const p of [ready, page]) await expect(p.locator('#lab-figure .lab-progress')).toHaveText(/^Done: /, { timeout: 30_000 });
    }
    // Both figures finish on their own time (a slider commits once it rests, the address follows
    // later still): compared until they agree, each read afresh, rather than after a fixed wait.
    await expect(async () => expect(await state(page, figure)).toEqual(await state(ready, figure))).toPass({ timeout: 10_000 });
    expect(problems).toEqual([]);
  });
}
