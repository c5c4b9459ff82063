import { expect, type Locator, type Page, test } from '@playwright/test';
import { axeViolations, openFigure, waitForFigure, watch, inEachTheme, themesLabel, WIDTH_THEMES, keepScreenshot } from './helpers';

const readout = (page: Page) => page.locator('#memory-figure .mem-readout');
const answer = (page: Page) => page.locator('#memory-figure .mem-config-answer');
const bar = (page: Page, name: string) => page.locator('#memory-figure .mem-bar').filter({ has: page.locator('.mem-bar-name', { hasText: name }) });
/** GiB, MiB or KiB as the figure writes them, in bytes. */
const parseBytes = (text: string) => {
  const m = /([\d.,]+) (B|KiB|MiB|GiB|TiB)/.exec(text);
  if (!m) throw new Error(`no size in “${text}”`);
  return Number(m[1]!.replace(/,/g, '')) * 1024 ** ['B', 'KiB', 'MiB', 'GiB', 'TiB'].indexOf(m[2]!);
};
const total = async (row: Locator) => parseBytes((await row.locator('.mem-bar-value').textContent()) ?? '');

/** GPT-2 small's config as Hugging Face publishes it: 12 layers, 12 heads of 64 (768 wide), 1,024 tokens. */
const GPT2 = JSON.stringify({ model_type: 'gpt2', n_layer: 12, n_head: 12, n_embd: 768, n_ctx: 1024, n_positions: 1024, vocab_size: 50257 }, null, 2);

async function paste(page: Page, text: string) {
  const fold = page.locator('#memory-figure details.mem-yours');
  if (!(await fold.evaluate((d) => (d as HTMLDetailsElement).open))) await fold.locator('summary').click();
  // As a reader pastes: select all by keyboard, then the text in one insertion, both through the
  // page's input queue in order. In one run `fill` (a selection set by script, then the text) put a
  // paste after the one before it, as if nothing had been selected; the box is checked to hold
  // exactly the paste before it is drawn.
  const box = page.locator('#mem-config-text');
  await box.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
  await expect(box).toHaveJSProperty('textLength', text.length);
  await page.getByRole('button', { name: 'Draw it' }).click();
}

for (const { width, themes } of WIDTH_THEMES) {
  test(`memory figure at ${width}px, ${themesLabel(themes)}: every control by keyboard, clean console, axe clean, no overflow`, async ({ page }) => {
    const problems = watch(page);
    await openFigure(page, 'memory', { width, theme: themes[0] });
    const out = readout(page);
    await expect(out).toContainText('At 131,072 tokens, Kimi K3 holds 3.794 GiB a sequence');
    // The ring on the chart and the readout name the same token: 449,372,160 B fixed over 27,648 B a token is 16,253.3, so 16,254.
    await expect(out).toContainText('What grows outweighs what is fixed from 16,254 tokens on.');
    await expect(page.locator('#memory-figure')).toContainText('crosses at 16,254');

    // The context slider: K3 at 1M tokens holds what its own figure, further down the same door, says.
    await page.locator('#mem-context').focus();
    await page.keyboard.press('End');
    await expect(out).toContainText('At 1,048,576 tokens, Kimi K3 holds 27.42 GiB a sequence');
    await page.keyboard.press('Home');
    await expect(out).toContainText('At 1,024 tokens, Kimi K3 holds');
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
    await expect(out).toContainText('At 131,072 tokens');

    // The cache type by keyboard: fp8 halves what grows, a little more with its scales; the bar agrees with the readout.
    const before = await total(bar(page, 'Kimi Linear 48B-A3B'));
    await page.getByRole('combobox', { name: /caches in/i }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('combobox', { name: /caches in/i })).toHaveValue('fp8');
    await expect(out).toContainText(`holds ${(await bar(page, 'Kimi K3').locator('.mem-bar-value').textContent())?.split(':')[0]}`);
    const after = await total(bar(page, 'Kimi Linear 48B-A3B'));
    expect(after).toBeLessThan(before);
    expect(after).toBeGreaterThan(before / 2);

    // The order by keyboard: by what is fixed, the first bar holds the most that is fixed.
    await page.getByRole('combobox', { name: /bars by/i }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('combobox', { name: /bars by/i })).toHaveValue('fixed');
    await expect(page.locator('#memory-figure .mem-bar-name').first()).toHaveText('Qwen3.8-2.4T-A95B');

    // A model taken off by keyboard, in its fold.
    const pick = page.locator('#memory-figure details.mem-pick');
    await pick.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(pick).toHaveAttribute('open', '');
    await pick.getByRole('checkbox', { name: 'MiniMax-M3' }).focus();
    await page.keyboard.press('Space');
    await expect(pick.locator('summary')).toHaveText('Models drawn: 13 of the 14 that can be');
    // MiMo-V2.5-Pro has no stack: its box cannot be ticked, and says why.
    await expect(pick.getByRole('checkbox', { name: /MiMo-V2\.5-Pro/ })).toBeDisabled();
    await expect(bar(page, 'MiniMax-M3')).toHaveCount(0);

    await inEachTheme(page, themes, async (theme) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'horizontal page overflow in px').toBeLessThanOrEqual(0);
      expect(await axeViolations(page, '#memory-figure')).toEqual([]);
      await keepScreenshot(page.locator('#memory-figure'), `memory-${width}-${theme}`);
    });
    expect(problems).toEqual([]);
  });
}

test('the bars’ names are the chart’s legend: pointing at one, or focusing it, lights that model’s line and names it there', async ({ page }) => {
  await openFigure(page, 'memory', { width: 1280 });
  const lit = page.locator('#memory-figure .mem-plot path.mem-series.is-focus');
  const out = readout(page);
  // At first the chosen model, Kimi K3, is lit: named at its line's end, its crossing marked.
  await expect(page.locator('#memory-figure .mem-overlay')).toContainText('Kimi K3');
  await expect(page.locator('#memory-figure .mem-overlay')).toContainText('crosses at 16,254');
  // The chart takes the column's whole width, drawn at its own size in pixels.
  const [plot, figure] = await Promise.all([page.locator('#memory-figure .mem-plot').boundingBox(), page.locator('#memory-figure .mem').boundingBox()]);
  expect(plot!.width).toBeGreaterThan(0.95 * figure!.width);
  const [, , w, h] = ((await page.locator('#memory-figure .mem-overlay').getAttribute('viewBox')) ?? '').split(' ').map(Number);
  expect(Math.abs(w! - plot!.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(h! - plot!.height)).toBeLessThanOrEqual(1);
  // A pointer on Nemotron 3 Ultra's name: its line is the one lit, its name stands at the line's end, the readout follows.
  const nemotron = bar(page, 'Nemotron 3 Ultra').getByRole('button', { name: 'Nemotron 3 Ultra' });
  await nemotron.hover();
  await expect(lit).toHaveCount(1);
  await expect(page.locator('#memory-figure .mem-overlay')).toContainText('Nemotron 3 Ultra');
  await expect(out).toContainText('Nemotron 3 Ultra holds');
  await expect(bar(page, 'Nemotron 3 Ultra')).toHaveClass(/is-lit/);
  // Leaving it gives the line back to the chosen model.
  await page.mouse.move(0, 0);
  await expect(out).toContainText('Kimi K3 holds');
  // By keyboard: focus a name, and Enter keeps it lit, as the Highlight menu would.
  await bar(page, 'gpt-oss-120b').getByRole('button').focus();
  await expect(out).toContainText('gpt-oss-120b holds');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: /highlight/i })).toHaveValue('gpt-oss-120b');
  await expect(bar(page, 'gpt-oss-120b').getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Tab');
  await expect(out).toContainText('gpt-oss-120b holds');
});

test('a pasted config.json is drawn beside the others, under the page’s policy, and bad pastes are answered', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'memory', { width: 390 });
  await paste(page, GPT2);
  await expect(answer(page)).toContainText('Drawn as “gpt2”.');
  await expect(answer(page)).toContainText('Ignored 2: n_positions, vocab_size.');
  // The result is drawn far above the box: the page brings its readout, and the chart under it, into view.
  await expect(readout(page)).toContainText('Yours (gpt2)');
  await expect(readout(page)).toBeInViewport();
  // 12 layers × K and V × 768 values × 2 bytes, for 1,024 tokens: 36 MiB.
  await page.locator('#mem-context').focus();
  await page.keyboard.press('Home');
  await expect(readout(page)).toContainText('At 1,024 tokens, Yours (gpt2) holds 36 MiB a sequence: 36 MiB that grows with the context and 0 B fixed.');
  await expect(bar(page, 'Yours (gpt2)')).toContainText('36 MiB');
  const drawn = await readout(page).textContent();

  for (const [text, said] of [
    ['{"n_layer": 12,\n "n_head" 12}', /Nothing was drawn\. Not valid JSON: line 2, column 11\./],
    ['{"n_layer": 1e400, "n_head": 12, "n_embd": 768}', /Nothing was drawn\..*\(field: n_layer\)/],
    ['{"n_layer": 12, "n_head": 12, "n_embd": 767.5}', /Nothing was drawn\..*\(field: n_embd\)/],
    ['{"model_type": "gpt2"}', /Nothing was drawn\..*n_layer/],
    [`{"pad": "${'x'.repeat(1_000_000)}"}`, /Nothing was drawn\. The paste is over 1,000,000 bytes/],
  ] as const) {
    await paste(page, text);
    await expect(answer(page)).toHaveText(said);
    // The last model drawn stays, and so does everything else.
    await expect(readout(page)).toHaveText(drawn!);
  }
  expect(await axeViolations(page, '#memory-figure')).toEqual([]);
  expect(problems).toEqual([]);
});

test('the settings travel in the address: a shared link restores them, nonsense is clamped or ignored', async ({ page }) => {
  const problems = watch(page);
  await openFigure(page, 'memory', { width: 1280, search: '?mctx=1048576&mcache=fp8&mstate=bf16&mfocus=gpt-oss-120b&mhide=glm-5.2&step=3' });
  await expect(readout(page)).toContainText('gpt-oss-120b takes at most 131,072 tokens, fewer than 1,048,576.');
  await expect(page.getByRole('combobox', { name: /caches in/i })).toHaveValue('fp8');
  await expect(page.getByRole('combobox', { name: /states in/i })).toHaveValue('bf16');
  await expect(bar(page, 'GLM-5.2')).toHaveCount(0);
  await page.locator('#mem-context').focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => new URL(page.url()).searchParams.get('mctx')).toBe('524288');
  expect(new URL(page.url()).searchParams.get('step'), 'other figures keep their parameters').toBe('3');

  await page.goto('./?mctx=-7&mcache=fp4&msort=sideways&mfocus=nobody&mhide=,,zz');
  await waitForFigure(page, 'memory');
  await expect(readout(page)).toContainText('At 1,024 tokens, Kimi K3 holds');
  await expect(page.getByRole('combobox', { name: /caches in/i })).toHaveValue('bf16');
  await expect(page.locator('#memory-figure details.mem-pick summary')).toHaveText('Models drawn: 14 of the 14 that can be');
  await expect.poll(() => new URL(page.url()).search).toBe('?mctx=1024');
  expect(problems).toEqual([]);
});
