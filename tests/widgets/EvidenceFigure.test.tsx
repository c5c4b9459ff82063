import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EvidenceFigure } from '../../src/widgets/Evidence/EvidenceFigure';
import { URL_WRITE_DELAY_MS } from '../../src/widgets/urlState';
import type { Study } from '../../src/content/comparisons';

/**
 * Small studies typed in here: one global hybrid that wins twice and loses once, run by its builder;
 * a window hybrid a rival measured in the same paper; an independent study with no numbers.
 */
const result = (benchmark: string, hybrid: number, baseline: number, kind: 'recall' | 'short', direction: 'higher' | 'lower' = 'higher') => ({
  benchmark,
  metric: 'score',
  direction,
  hybrid,
  baseline,
  digits: 1,
  reference: 'Table 1',
  kind,
  evidence: 'primary' as const,
});
const studies: Study[] = [
  {
    id: 'a',
    name: 'Study A',
    arxiv: '2501.00001',
    url: 'https://arxiv.org/abs/2501.00001',
    paper: 'Paper A',
    ranBy: 'Lab A',
    builtByRunner: true,
    scale: null,
    tokens: null,
    trainingContext: null,
    layout: { ratio: '3:1', detail: 'linear to attention' },
    attention: { kind: 'global', detail: 'attention' },
    baseline: 'Transformer',
    control: { grade: 'A', reason: 'same recipe' },
    results: [result('Recall task', 60, 50, 'recall'), result('Short task', 40, 41, 'short'), result('Perplexity', 9, 10, 'short', 'lower')],
  },
  {
    id: 'b',
    name: 'Study B',
    arxiv: null,
    url: 'https://example.org/b',
    paper: 'Paper A',
    ranBy: 'Lab B',
    builtByRunner: false,
    scale: null,
    tokens: null,
    trainingContext: null,
    layout: { ratio: null, detail: 'linear and a window' },
    attention: { kind: 'window', detail: 'sliding window', window: 1024 },
    baseline: 'Transformer',
    control: { grade: 'B', reason: 'details differ' },
    results: [result('Recall task', 30, 50, 'recall')],
  },
  {
    id: 'c',
    name: 'Study C',
    arxiv: null,
    url: 'https://example.org/c',
    paper: 'Paper C',
    ranBy: 'Lab C',
    builtByRunner: false,
    scale: null,
    tokens: null,
    trainingContext: null,
    layout: { ratio: null, detail: 'several' },
    attention: { kind: 'global', detail: 'attention' },
    baseline: 'Transformer',
    control: { grade: 'A', reason: 'same recipe' },
    results: [],
    numbers: 'not found',
    note: 'Abstract only.',
  },
];
const defaults = {
  filter: { attention: 'all' as const, runner: 'all' as const, controlledOnly: false, tasks: 'all' as const },
  sort: { key: 'study' as const, dir: 'asc' as const },
};

function setupIn() {
  return render(<EvidenceFigure studies={studies} defaults={defaults} />);
}
function setup(search = '') {
  window.history.replaceState(null, '', `/${search}`);
  const user = userEvent.setup();
  render(<EvidenceFigure studies={studies} defaults={defaults} />);
  return { user };
}
const readout = () => screen.getByRole('status').textContent;
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('EvidenceFigure', () => {
  it('counts the studies, those with numbers, what favours the hybrid and how much of it comes from the lab that built it', () => {
    setup();
    expect(readout()).toBe('3 studies, 2 with numbers. Their 4 results: 2 favour the hybrid, 2 the baseline; 2 of the 2 come from the lab that built it.');
    expect(bodyRows()).toHaveLength(4);
    expect(screen.getByText('60.0 vs 50.0 (+20.0%)')).toBeTruthy();
    // Lower is better: 9 against 10 is a tenth better.
    expect(screen.getByText('9.0 vs 10.0 (+10.0%)')).toBeTruthy();
  });

  it('names each mark’s result in a tooltip and links each row to itself once it runs, leaving both out of the page it is served in', () => {
    const served = renderToString(<EvidenceFigure studies={studies} defaults={defaults} />);
    expect(served).toContain('evidence-mark');
    expect(served).not.toContain('<title');
    expect(served).not.toContain('row-anchor');
    const { container } = render(<EvidenceFigure studies={studies} defaults={defaults} />);
    const titles = [...container.querySelectorAll('.evidence-track .evidence-mark')].map((m) => m.querySelector('title')?.textContent);
    expect(titles).toEqual([
      'Recall task: 60.0 vs 50.0, +20.0%',
      'Short task: 40.0 vs 41.0, −2.4%',
      'Perplexity: 9.0 vs 10.0, +10.0%',
      'Recall task: 30.0 vs 50.0, −40.0%',
    ]);
    // Circles for the global study, a square for the window one, each at its place along the axis.
    expect([...container.querySelectorAll('.evidence-track .evidence-mark')].map((m) => m.tagName)).toEqual(['circle', 'circle', 'circle', 'rect']);
    // +20% on an axis from −50% to +75% sits 56% of the way along.
    expect(container.querySelector('.evidence-track circle')?.getAttribute('cx')).toBe('56%');
    const anchor = container.querySelector<HTMLAnchorElement>('a.row-anchor');
    expect(anchor?.getAttribute('href')).toBe(`#${anchor?.closest('tr')?.id}`);
  });

  it('hydrates the markup it is served in without a mismatch, then adds the tooltips and row links', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<EvidenceFigure studies={studies} defaults={defaults} />);
    document.body.append(container);
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    try {
      await act(async () => {
        hydrateRoot(container, <EvidenceFigure studies={studies} defaults={defaults} />, { onRecoverableError: (e) => errors.push(e) });
      });
    } finally {
      consoleError.mockRestore();
    }
    expect(errors).toEqual([]);
    expect(container.querySelectorAll('.evidence-track title')).toHaveLength(4);
    expect(container.querySelectorAll('a.row-anchor')).toHaveLength(4);
    container.remove();
  });

  it('filters by attention, by control grade and by task, the table following', () => {
    setup();
    fireEvent.change(screen.getByRole('combobox', { name: /attention in the hybrid/i }), { target: { value: 'window' } });
    expect(readout()).toBe('1 study, with numbers. Its 1 result: 0 favour the hybrid, 1 the baseline; 0 of the 0 come from the lab that built it.');
    fireEvent.change(screen.getByRole('combobox', { name: /attention in the hybrid/i }), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /controlled/i }));
    expect(readout()).toMatch(/^2 studies, 1 with numbers\. Its 3 results: /);
    fireEvent.change(screen.getByRole('combobox', { name: /tasks/i }), { target: { value: 'recall' } });
    expect(readout()).toMatch(/^2 studies, 1 with recall or long-context numbers\. Its 1 result: 1 favour the hybrid/);
    expect(bodyRows()).toHaveLength(1);
  });

  it('encodes who ran each study: a rival’s row marked with its badge, and the table says who ran each once the figure runs', () => {
    const served = renderToString(<EvidenceFigure studies={studies} defaults={defaults} />);
    expect(served).not.toContain('run by</th>');
    const { container } = setupIn();
    const rows = [...container.querySelectorAll('.evidence-row')];
    expect(rows.map((r) => [...r.classList].filter((c) => c !== 'evidence-row'))).toEqual([[], ['rival']]);
    // The badge names who ran a study where it was not the hybrid's builder.
    expect(rows.map((r) => r.querySelector('.evidence-by')?.textContent)).toEqual([undefined, 'rival']);
    expect(container.querySelector('.evidence-key .rival')?.textContent).toMatch(/^rival shaded: run by a rival lab/);
    expect(screen.getByRole('columnheader', { name: 'Attention, control, run by' })).toBeTruthy();
    expect(bodyRows().map((r) => (r as HTMLTableRowElement).cells[3]?.textContent)).toEqual([
      'global, A, builder',
      'global, A, builder',
      'global, A, builder',
      'sliding window, B, rival',
    ]);
  });

  it('filters by who ran each study, the readout, the marks and the table following; says why the independent studies draw nothing', () => {
    const { container } = setupIn();
    const runBy = screen.getByRole('combobox', { name: /run by/i });
    expect([...runBy.querySelectorAll('option')].map((o) => o.value)).toEqual(['all', 'builder', 'rival', 'independent']);
    fireEvent.change(runBy, { target: { value: 'rival' } });
    expect(readout()).toBe(
      '1 study, with numbers. Its 1 result: 0 favour the hybrid, 1 the baseline; each run by a rival lab, in a paper that promotes its own hybrid.',
    );
    expect(container.querySelectorAll('.evidence-track .evidence-mark')).toHaveLength(1);
    expect(bodyRows()).toHaveLength(1);
    fireEvent.change(runBy, { target: { value: 'builder' } });
    expect(readout()).toMatch(/^1 study, with numbers\. Its 3 results: 2 favour the hybrid, 1 the baseline; each run by the lab that built the hybrid\.$/);
    expect(container.querySelectorAll('.evidence-track .evidence-mark')).toHaveLength(3);
    expect(bodyRows()).toHaveLength(3);
    fireEvent.change(runBy, { target: { value: 'independent' } });
    expect(readout()).toBe(
      '1 study, none with numbers. No independent study gives a number here: the numbers of “Study C” were not found in the sources read.',
    );
    // Words, not an empty plot: no axis, no row, no track, no key, no empty table.
    expect(container.querySelector('.evidence-plot')).toBeNull();
    expect(container.querySelectorAll('.evidence-row, svg')).toHaveLength(0);
    expect(container.querySelector('.evidence-key')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('draws only the rows a filter leaves, at the height they need: no row, track or height held for the rest', () => {
    const { container } = setupIn();
    const plotRows = () => container.querySelectorAll('.evidence-plot .evidence-row');
    expect(plotRows()).toHaveLength(2);
    fireEvent.change(screen.getByRole('combobox', { name: /run by/i }), { target: { value: 'rival' } });
    fireEvent.change(screen.getByRole('combobox', { name: /tasks/i }), { target: { value: 'recall' } });
    expect(readout()).toMatch(/^1 study, with recall or long-context numbers\. Its 1 result: /);
    expect(plotRows()).toHaveLength(1);
    expect(container.querySelectorAll('svg.evidence-track')).toHaveLength(1);
    // Nothing in the figure sets a height of its own: each row is as tall as its track, the plot as its rows.
    expect([...container.querySelectorAll<HTMLElement>('[style]')].filter((e) => /height/.test(e.getAttribute('style') ?? ''))).toEqual([]);
    expect([...container.querySelectorAll('svg')].filter((e) => e.hasAttribute('height'))).toEqual([]);
    // No study left: the count says so, and nothing is drawn.
    fireEvent.change(screen.getByRole('combobox', { name: /attention in the hybrid/i }), { target: { value: 'global' } });
    expect(readout()).toBe('No study matches these filters.');
    expect(container.querySelector('.evidence-plot')).toBeNull();
  });

  it('reads who ran it from the URL, and drops a value it does not know', async () => {
    setup('?run=rival');
    await act(async () => {});
    expect(readout()).toMatch(/^1 study, with numbers\. Its 1 result: .*each run by a rival lab/);
    cleanup();
    setup('?run=nobody&attn=window');
    await act(async () => {});
    expect(readout()).toMatch(/^1 study, with numbers\. Its 1 result: .* 0 of the 0 come from the lab that built it\.$/);
    expect((screen.getByRole('combobox', { name: /run by/i }) as HTMLSelectElement).value).toBe('all');
    // The address settles once the figure rests (its write waits for the controls to stop moving).
    await waitFor(() => expect(window.location.search).toBe('?attn=window'));
  });

  it('says in the row why a study draws no mark: a result published only as a difference', () => {
    const differenceOnly: Study = {
      ...studies[0]!,
      id: 'd',
      name: 'Study D',
      results: [{ ...result('Average', 0, 0, 'short'), hybrid: null, baseline: null, difference: 2.5 }],
    };
    const { container } = render(<EvidenceFigure studies={[...studies, differenceOnly]} defaults={defaults} />);
    const row = [...container.querySelectorAll('.evidence-row')].find((r) => r.textContent?.startsWith('Study D'))!;
    expect(row.querySelector('svg')).toBeNull();
    expect(row.querySelector('.evidence-word')?.textContent).toBe('published as a difference only: +2.5 points');
  });

  it('sorts by keyboard: a header button orders the rows and sets aria-sort', async () => {
    const { user } = setup();
    const header = screen.getByRole('button', { name: /hybrid vs baseline/i });
    header.focus();
    await user.keyboard('{Enter}');
    const th = header.closest('th')!;
    expect(th.getAttribute('aria-sort')).toBe('ascending');
    expect(bodyRows()[0]!.textContent).toContain('30.0 vs 50.0');
    await user.keyboard('{Enter}');
    expect(th.getAttribute('aria-sort')).toBe('descending');
    expect(bodyRows()[0]!.textContent).toContain('60.0 vs 50.0');
  });

  it('keeps its filters in the URL, ignoring nonsense and other figures’ parameters', async () => {
    setup('?attn=window&tasks=bogus&controlled=7&seed=3');
    await act(async () => {});
    expect(readout()).toMatch(/^1 study, with numbers\. Its 1 result: /);
    fireEvent.change(screen.getByRole('combobox', { name: /attention in the hybrid/i }), { target: { value: 'global' } });
    await act(async () => new Promise((r) => setTimeout(r, URL_WRITE_DELAY_MS + 50)));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('attn')).toBe('global');
    expect(params.get('tasks')).toBeNull();
    expect(params.get('seed')).toBe('3');
  });
});
