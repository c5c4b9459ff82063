import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { axeViolations, openFigure, watch, inEachTheme, themesLabel, WIDTH_THEMES, keepScreenshot } from './helpers';

type RawStudy = {
  id: string;
  name: string;
  paper: string;
  builtByRunner: boolean;
  attention: { kind: string };
  control: { grade: string };
  results: { hybrid: number | null }[];
};
const data = JSON.parse(readFileSync('data/comparisons.json', 'utf8')) as { studies: RawStudy[] };
const results = data.studies.reduce((n, s) => n + s.results.length, 0);

/** Who ran each study, worked out here from the raw file: its hybrid's builder, a rival in a paper whose own hybrid's builder ran another study, or neither. */
const builtIn = new Set(data.studies.filter((s) => s.builtByRunner).map((s) => s.paper));
const runnerOf = (s: RawStudy) => (s.builtByRunner ? 'builder' : builtIn.has(s.paper) ? 'rival' : 'independent');
const ranBy = (runner: string) => data.studies.filter((s) => runnerOf(s) === runner);
const count = (ss: RawStudy[]) => ({
  results: ss.reduce((n, s) => n + s.results.length, 0),
  drawn: ss.reduce((n, s) => n + s.results.filter((r) => r.hybrid !== null).length, 0),
  rows: ss.filter((s) => s.results.length > 0).length,
});
/** "20 studies, 14 with numbers": the studies a filter keeps and those of them with numbers, as the readout and the list of studies count them. */
const studyWords = (ss: RawStudy[]) => {
  const [n, m] = [ss.length, count(ss).rows];
  if (m === 0) return `${n} ${n === 1 ? 'study' : 'studies'}, none with numbers`;
  if (m === n) return n === 1 ? '1 study, with numbers' : `${n} studies, all with numbers`;
  return `${n} studies, ${m} with numbers`;
};
const their = (ss: RawStudy[]) => `${count(ss).rows === 1 ? 'Its' : 'Their'} ${count(ss).results} result${count(ss).results === 1 ? '' : 's'}:`;

for (const { width, themes } of WIDTH_THEMES) {
  test(`evidence figure at ${width}px, ${themesLabel(themes)}: filters by keyboard, clean console, axe clean, no sideways page scroll`, async ({ page }) => {
    const problems = watch(page);
    await openFigure(page, 'evidence', { width, theme: themes[0] });
    const figure = page.locator('#evidence-figure');
    const status = figure.getByRole('status');
    await expect(status).toContainText(`${studyWords(data.studies)}. ${their(data.studies)} `);
    await expect(figure.locator('tbody tr')).toHaveCount(results);
    // The list of studies below counts them in the same words (tests/essay/studiesText.test.ts reads both in the rendered page).
    // The frame holds no height beyond what the figure draws: a filter that leaves few rows leaves no blank band.
    const blank = () =>
      figure
        .locator('.figure-body')
        .evaluate((body) => Math.round(body.getBoundingClientRect().height - [...body.children].reduce((n, c) => n + c.getBoundingClientRect().height, 0)));

    // Every row has its marks or a word saying why it has none.
    const emptyRows = () =>
      figure.locator('.evidence-row').evaluateAll((rows) => rows.filter((r) => !r.querySelector('.evidence-mark, .evidence-word')).map((r) => r.textContent));
    expect(await emptyRows()).toEqual([]);
    await expect(figure.locator('.evidence-word')).toHaveText(
      data.studies.filter((s) => s.results.length > 0 && s.results.every((r) => r.hybrid === null)).map(() => /^published as a difference only: /),
    );

    // Who ran it, by keyboard: each choice changes the readout, the marks and the table.
    const marks = figure.locator('.evidence-track .evidence-mark');
    const runBy = figure.getByRole('combobox', { name: /run by/i });
    await runBy.focus();
    await page.keyboard.press('ArrowDown');
    await expect(runBy).toHaveValue('builder');
    const builder = count(ranBy('builder'));
    await expect(status).toHaveText(
      new RegExp(`^${studyWords(ranBy('builder'))}\\. ${their(ranBy('builder'))} .*; each run by the lab that built the hybrid\\.$`),
    );
    await expect(marks).toHaveCount(builder.drawn);
    await expect(figure.locator('tbody tr')).toHaveCount(builder.results);
    // The builder's rows carry no badge and no shade: only another lab's do.
    await expect(figure.locator('.evidence-row .evidence-by')).toHaveCount(0);
    await expect(figure.locator('.evidence-row.rival')).toHaveCount(0);
    expect(await emptyRows()).toEqual([]);

    await page.keyboard.press('ArrowDown');
    await expect(runBy).toHaveValue('rival');
    const rival = count(ranBy('rival'));
    expect(rival.rows).toBeGreaterThan(0);
    await expect(status).toHaveText(new RegExp(`^${studyWords(ranBy('rival'))}\\. ${their(ranBy('rival'))} .*; each run by a rival lab`));
    await expect(marks).toHaveCount(rival.drawn);
    await expect(figure.locator('tbody tr')).toHaveCount(rival.results);
    await expect(figure.locator('.evidence-row')).toHaveCount(rival.rows);
    await expect(figure.locator('.evidence-row.rival .evidence-by')).toHaveText(Array(rival.rows).fill('rival'));
    await expect(page).toHaveURL(/[?&]run=rival\b/);
    expect(await emptyRows()).toEqual([]);
    expect(await blank()).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    // The independent studies give no numbers here: the figure says so, naming them, and draws no empty plot.
    await page.keyboard.press('ArrowDown');
    await expect(runBy).toHaveValue('independent');
    const independent = ranBy('independent');
    expect(count(independent).results).toBe(0);
    await expect(status).toHaveText(new RegExp(`^${studyWords(independent)}\\. No independent study gives a number here: `));
    for (const s of independent) await expect(status).toContainText(`“${s.name}”`);
    await expect(figure.locator('.evidence-plot')).toHaveCount(0);
    await expect(figure.locator('svg')).toHaveCount(0);
    await expect(figure.locator('tbody tr')).toHaveCount(0);
    expect(await blank()).toBeLessThanOrEqual(1);

    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    await expect(runBy).toHaveValue('all');
    await expect(status).toContainText(`${studyWords(data.studies)}. ${their(data.studies)} `);
    await expect(marks).toHaveCount(builder.drawn + rival.drawn);
    await expect(page).not.toHaveURL(/[?&]run=/);

    await figure.getByRole('combobox', { name: /attention in the hybrid/i }).selectOption('window');
    const windowStudies = data.studies.filter((s) => s.attention.kind === 'window');
    const windowResults = windowStudies.reduce((n, s) => n + s.results.length, 0);
    await expect(status).toContainText(`${studyWords(windowStudies)}. ${their(windowStudies)} `);
    await expect(figure.locator('tbody tr')).toHaveCount(windowResults);
    await expect(page).toHaveURL(/[?&]attn=window\b/);

    await figure.getByRole('checkbox', { name: /controlled/i }).focus();
    await page.keyboard.press('Space');
    await expect(figure.getByRole('checkbox', { name: /controlled/i })).toBeChecked();

    // The table is folded; its summary counts the rows the filters leave, and Enter opens it.
    const fold = figure.locator('details.evidence-fold');
    await expect(fold).not.toHaveAttribute('open');
    const summary = fold.locator('> summary');
    await expect(summary).toHaveText(/^The \d+ results shown, as a table$/);
    await summary.press('Enter');
    await expect(fold).toHaveAttribute('open');
    await expect(figure.locator('tbody tr').first()).toBeVisible();

    const header = figure.getByRole('button', { name: /hybrid vs baseline/i });
    await header.focus();
    await page.keyboard.press('Enter');
    await expect(figure.locator('th[aria-sort="ascending"]')).toContainText('Hybrid vs baseline');

    // The scans below meet a rival's shaded row and its badge: the window studies graded A include one.
    const rivalRows = ranBy('rival').filter((s) => s.attention.kind === 'window' && s.control.grade === 'A' && s.results.length > 0).length;
    expect(rivalRows).toBeGreaterThan(0);
    await expect(figure.locator('.evidence-row.rival')).toHaveCount(rivalRows);

    await inEachTheme(page, themes, async (theme) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axeViolations(page, '#evidence-figure')).toEqual([]);
      await keepScreenshot(figure, `evidence-${width}-${theme}`);
    });
    expect(problems).toEqual([]);
  });
}
