import { render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lineageFigureProps } from '../../src/essay/sections/Lineage';
import { LineageFigure, stepCodec } from '../../src/widgets/Lineage/LineageFigure';
import { readQuery, writeQuery } from '../../src/widgets/urlState';

const props = lineageFigureProps();
const NAMES = [
  'GPT-2 and its KV cache',
  'Linear attention',
  'The delta rule',
  'The delta rule, trained in parallel over chunks',
  'Gated DeltaNet',
  'Kimi Delta Attention and the nominally 3:1 hybrid',
  'Kimi K3',
];

const markers = () => screen.getAllByRole('button').filter((b) => b.dataset.marker !== undefined);
const current = () => markers().findIndex((b) => b.getAttribute('aria-current') === 'step') + 1;
const status = () => screen.getByRole('status').textContent ?? '';
const title = () => screen.getByRole('heading', { level: 3 }).textContent ?? '';
const prev = () => screen.getByRole('button', { name: /previous/i }) as HTMLButtonElement;
const next = () => screen.getByRole('button', { name: /next/i }) as HTMLButtonElement;

function at(url: string) {
  window.history.replaceState(null, '', url);
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  at('/');
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

describe('LineageFigure', () => {
  it('opens on step 1 with Previous disabled and the step announced', () => {
    render(<LineageFigure {...props} />);
    expect(markers()).toHaveLength(7);
    expect(current()).toBe(1);
    expect(prev().disabled).toBe(true);
    expect(next().disabled).toBe(false);
    expect(status()).toContain('Step 1 of 7');
    expect(status()).toContain(NAMES[0]);
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(title()).toContain(NAMES[0]);
  });

  it('builds a card when its step is first shown and keeps it: a step shown again is the same card, the others hidden and inert', async () => {
    const user = userEvent.setup();
    render(<LineageFigure {...props} />);
    const cards = () => [...document.querySelectorAll<HTMLElement>('.lineage-card')];
    const first = cards()[0]!;
    expect(cards()).toHaveLength(1);
    await user.click(next());
    await user.click(next());
    expect(cards()).toHaveLength(3);
    await user.click(prev());
    await user.click(prev());
    expect(cards()).toHaveLength(3);
    expect(cards()[0]).toBe(first);
    expect(cards().map((c) => [c.dataset.current, c.hasAttribute('inert'), c.getAttribute('aria-hidden')])).toEqual([
      ['true', false, null],
      ['false', true, 'true'],
      ['false', true, 'true'],
    ]);
    expect(title()).toContain(NAMES[0]);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(1);
  });

  it('is reached by Tab and driven by the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<LineageFigure {...props} />);
    await user.tab();
    expect(document.activeElement).toBe(markers()[0]);
    await user.keyboard('{ArrowRight}');
    expect(current()).toBe(2);
    expect(document.activeElement).toBe(markers()[1]);
    expect(status()).toContain(`Step 2 of 7: ${NAMES[1]}, 2020`);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(current()).toBe(4);
    expect(title()).toContain(NAMES[3]);
    await user.keyboard('{End}');
    expect(current()).toBe(7);
    expect(next().disabled).toBe(true);
    expect(prev().disabled).toBe(false);
    await user.keyboard('{ArrowRight}');
    expect(current()).toBe(7);
    await user.keyboard('{Home}');
    expect(current()).toBe(1);
    expect(prev().disabled).toBe(true);
    await user.keyboard('{ArrowLeft}');
    expect(current()).toBe(1);
    // Only the current marker is a tab stop; Tab moves on to the buttons.
    expect(markers().map((m) => m.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1]);
    await user.tab();
    expect(document.activeElement).toBe(next());
  });

  it('walks through every step with Next, each with its wall, fix, cost, policy, paper and equation', async () => {
    const user = userEvent.setup();
    render(<LineageFigure {...props} />);
    for (let i = 0; i < 7; i++) {
      const step = props.steps[i]!;
      expect(title()).toContain(NAMES[i]);
      const card = screen.getByRole('article');
      for (const label of ['The wall', 'The fix', 'What it gives up', 'As an eviction policy']) expect(card.textContent).toContain(label);
      expect(card.textContent).toContain(step.policy);
      const links = within(card).getAllByRole('link');
      // Each paper, and where the usual account tells the step otherwise, its correction.
      const corrections = links.filter((a) => a.getAttribute('href')!.startsWith('#correction-'));
      expect(corrections.map((a) => a.getAttribute('href'))).toEqual(step.correction ? [`#correction-${step.correction}`] : []);
      expect(links.length - corrections.length).toBe(step.papers.length);
      for (const p of step.papers) {
        expect(card.textContent).toContain(p.authors);
        if (p.arxiv) expect(links.map((a) => a.getAttribute('href'))).toContain(`https://arxiv.org/abs/${p.arxiv}`);
      }
      expect(card.querySelectorAll('.equation .katex').length).toBe(step.equations.length);
      if (i < 6) await user.click(next());
    }
    expect(current()).toBe(7);
    expect(props.steps.filter((s) => s.correction).map((s) => s.id)).toEqual(['kda-hybrid', 'kimi-k3']);
    // The button that just disabled itself hands focus to the current marker.
    expect(document.activeElement).toBe(markers()[6]);
  });

  it('draws K3’s 93 layers from the data, MLA at 4, 8 … 92 and 93, and 16 of 896 experts lit', () => {
    at('/?step=7');
    const { container } = render(<LineageFigure {...props} />);
    const layers = [...container.querySelectorAll('[data-layer]')];
    expect(layers).toHaveLength(93);
    const mla = layers.filter((l) => l.getAttribute('data-kind') === 'mla').map((l) => Number(l.getAttribute('data-layer')));
    expect(mla).toEqual([4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 80, 84, 88, 92, 93]);
    expect(layers.filter((l) => l.getAttribute('data-kind') === 'kda')).toHaveLength(69);
    expect(container.querySelectorAll('[data-expert]')).toHaveLength(16);
    const idle = container.querySelector('.expert-idle')!.getAttribute('d')!;
    expect(idle.match(/M/g)).toHaveLength(896 - 16);
    expect(container.textContent).toContain('the MLA layers at positions 4, 8, 12, … 92 and 93');
  });

  it('colours the delta rule’s state entries gold or blue by sign, on one scale for both grids', () => {
    at('/?step=3');
    const { container } = render(<LineageFigure {...props} />);
    const cells = [...container.querySelectorAll('[data-diagram="write"] rect[class^="cell-"]')];
    const step = props.steps[2]!.diagram;
    if (step.kind !== 'write') throw new Error('step 3 draws the write grids');
    const values = [...step.additive, ...step.delta];
    expect(cells).toHaveLength(values.length);
    const max = Math.max(...values.map(Math.abs));
    cells.forEach((cell, i) => {
      const v = values[i]!;
      expect(cell.getAttribute('class')).toBe(v === 0 ? 'cell-zero' : v > 0 ? 'cell-pos' : 'cell-neg');
      if (v !== 0) expect(Number(cell.getAttribute('fill-opacity'))).toBeCloseTo(Math.abs(v) / max, 12);
    });
  });

  it('describes each picture in words, with the numbers it draws', async () => {
    const user = userEvent.setup();
    render(<LineageFigure {...props} />);
    const note = () => document.querySelector('.lineage-card[data-current="true"] .lineage-diagram-note')?.textContent ?? '';
    expect(note()).toContain('18,432 values for every token');
    expect(note()).toContain('18,874,368');
    await user.click(next());
    expect(note()).toContain('589,824 values at any length');
    expect(note()).toContain('after 32 tokens');
    await user.click(next());
    expect(note()).toMatch(/mean read error over the latest values 0\.25.*read error 0\.00/);
    await user.click(next());
    expect(note()).toContain('16 steps in order become 4');
    await user.click(next());
    expect(note()).toContain('every channel decays by α = 0.90');
    await user.click(next());
    expect(note()).toContain('channels 1–4 decay by α = 1.00 and keep all of it');
    expect(note()).toContain('3 Kimi Delta Attention layers, then 1 full-attention layer');
  });

  it('restores a deep-linked step after hydration and writes changes back, keeping other parameters', async () => {
    at('/?n=20&step=4#lineage');
    const user = userEvent.setup();
    render(<LineageFigure {...props} />);
    expect(current()).toBe(4);
    await user.click(next());
    await waitFor(() => expect(window.location.search).toBe('?n=20&step=5'));
    expect(window.location.hash).toBe('#lineage');
    await user.click(screen.getByRole('button', { name: /start over/i }));
    expect(current()).toBe(1);
    await waitFor(() => expect(window.location.search).toBe('?n=20'));
    expect(document.activeElement).toBe(markers()[0]);
  });

  it.each(['?step=99', '?step=abc', '?step=0', '?step=-2', '?step=4.5', '?step=', '?step=1e1'])('falls back to step 1 for %s', (query) => {
    at(`/${query}`);
    render(<LineageFigure {...props} />);
    expect(current()).toBe(1);
    expect(prev().disabled).toBe(true);
  });

  it('renders step 1 on the server whatever the URL says, so hydration matches; the card comes once it runs', () => {
    at('/?step=5');
    const html = renderToString(<LineageFigure {...props} />);
    expect(html).toMatch(/data-marker="0"[^>]*aria-current="step"/);
    expect(html).toContain('Step <!-- -->1<!-- --> of <!-- -->7');
    // The page's list holds every card; the figure builds its own only after hydration.
    expect(html).not.toMatch(/data-step="kv-cache"/);
    expect(html).not.toMatch(/data-step="gated-deltanet"/);
  });
});

describe('the step in the query string', () => {
  it('reads only whole numbers from 1 to the step count', () => {
    const step = (search: string) => readQuery(stepCodec(7), search, 0);
    expect(step('?step=7')).toBe(6);
    expect(step('?step=8')).toBe(0);
    expect(step('?step=04')).toBe(3);
    expect(step('')).toBe(0);
  });

  it('writes the step among the other figures’ parameters and drops it at step 1', () => {
    const withStep = (search: string, index: number) => writeQuery(stepCodec(7), search, index, 0);
    expect(withStep('?n=20&stream=capacity', 2)).toBe('?n=20&stream=capacity&step=3');
    expect(withStep('?step=3&C=64', 0)).toBe('?C=64');
    expect(withStep('', 0)).toBe('');
  });
});

describe('the eviction ladder above the figure', () => {
  it('a rung pressed opens its step, and a shared #lineage-step-N opens that step', async () => {
    at('/');
    const rung = document.createElement('a');
    rung.href = '#lineage-step-5';
    rung.dataset.rung = '5';
    rung.textContent = 'Gated DeltaNet';
    document.body.append(rung);
    render(<LineageFigure {...props} />);
    await userEvent.click(rung);
    await waitFor(() => expect(document.querySelector('.lineage-card[data-current="true"]')?.getAttribute('data-step')).toBe('gated-deltanet'));
    expect(window.location.hash).not.toBe('#lineage-step-5');
    rung.remove();
  });

  it('opens the step a shared link to its card names', async () => {
    at('/#lineage-step-3');
    render(<LineageFigure {...props} />);
    await waitFor(() => expect(document.querySelector('.lineage-card[data-current="true"]')?.getAttribute('data-step')).toBe('delta-rule'));
  });
});
