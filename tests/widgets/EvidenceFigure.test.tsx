import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EvidenceFigure } from '../../src/widgets/Evidence/EvidenceFigure';
import { URL_WRITE_DELAY_MS } from '../../src/widgets/urlState';
import type { Study } from '../../src/content/comparisons';

/** Two small studies typed in here: one global hybrid that wins twice and loses once, one window hybrid run by others. */
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
    paper: 'Paper B',
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
];
const defaults = { filter: { attention: 'all' as const, controlledOnly: false, tasks: 'all' as const }, sort: { key: 'study' as const, dir: 'asc' as const } };

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
  it('counts what favours the hybrid and how much of it comes from the lab that built it', () => {
    setup();
    expect(readout()).toBe('4 results from 2 studies: 2 favour the hybrid, 2 the baseline; 2 of the 2 come from the lab that built it.');
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
    expect(readout()).toBe('1 result from 1 study: 0 favour the hybrid, 1 the baseline; 0 of the 0 come from the lab that built it.');
    fireEvent.change(screen.getByRole('combobox', { name: /attention in the hybrid/i }), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /controlled/i }));
    expect(readout()).toMatch(/^3 results from 1 study/);
    fireEvent.change(screen.getByRole('combobox', { name: /tasks/i }), { target: { value: 'recall' } });
    expect(readout()).toMatch(/^1 result from 1 study: 1 favour the hybrid/);
    expect(bodyRows()).toHaveLength(1);
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
    expect(readout()).toMatch(/^1 result from 1 study/);
    fireEvent.change(screen.getByRole('combobox', { name: /attention in the hybrid/i }), { target: { value: 'global' } });
    await act(async () => new Promise((r) => setTimeout(r, URL_WRITE_DELAY_MS + 50)));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('attn')).toBe('global');
    expect(params.get('tasks')).toBeNull();
    expect(params.get('seed')).toBe('3');
  });
});
