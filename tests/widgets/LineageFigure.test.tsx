import { act, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lineageFigureProps } from '../../src/essay/sections/Lineage';
import { LineageFigure } from '../../src/widgets/Lineage/LineageFigure';
import { legacyStep, stepFromHash, withoutStep } from '../../src/widgets/Lineage/stepAddress';

const props = lineageFigureProps();
const NAMES = [
  'GPT-2 and its KV cache',
  'Linear attention',
  'DeltaNet: the delta rule in attention',
  'The delta rule, trained in parallel over chunks',
  'Gated DeltaNet',
  'Kimi Delta Attention and the nominally 3:1 hybrid',
  'Kimi K3',
];

const rungs = () => [...document.querySelectorAll<HTMLDetailsElement>('details.rung')];
const heads = () => rungs().map((d) => d.querySelector('summary')!);
/** The open rungs, 1-based. */
const opened = () => rungs().flatMap((d, i) => (d.open ? [i + 1] : []));
const card = (n: number) => document.getElementById(`lineage-step-${n}`)!;

function at(url: string) {
  window.history.replaceState(null, '', url);
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  at('/');
  errors = vi.spyOn(console, 'error');
  // jsdom lays nothing out: the figure's scrolling is recorded, not done.
  Element.prototype.scrollIntoView = vi.fn();
  window.scrollBy = vi.fn() as typeof window.scrollBy;
});
afterEach(() => {
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

describe('LineageFigure: the ladder is the stepper', () => {
  it('shows seven rungs, each its year, name, policy, rule and what it gave up, every card closed; no tab bar, no Previous or Next', () => {
    render(<LineageFigure {...props} />);
    expect(rungs()).toHaveLength(7);
    expect(opened()).toEqual([]);
    heads().forEach((head, i) => {
      const step = props.steps[i]!;
      expect(head.textContent).toContain(`Step ${i + 1}: `);
      expect(head.textContent).toContain(`${step.year} ${NAMES[i]}`);
      expect(head.textContent).toContain(step.policy);
      expect(head.textContent).toContain(step.rule);
      expect(head.textContent).toContain(`Gave up: ${step.gaveUp}`);
    });
    expect(document.querySelector('[data-marker], [aria-current="step"], .lineage-markers')).toBeNull();
    // The rungs' small drawings are gone: each rung is words alone.
    expect(document.querySelectorAll('.rung-head')).toHaveLength(7);
    expect(document.querySelector('.rung-head svg, .rung-head img, .rung-head canvas, .rung-glyph')).toBeNull();
    expect(screen.queryByRole('button', { name: /previous|next/i })).toBeNull();
  });

  it('a rung pressed opens its card in place, under it, and closes the one open before; pressed again, it closes', async () => {
    const user = userEvent.setup();
    render(<LineageFigure {...props} />);
    await user.click(heads()[2]!);
    expect(opened()).toEqual([3]);
    expect(rungs()[2]!.contains(card(3))).toBe(true);
    await user.click(heads()[4]!);
    expect(opened()).toEqual([5]);
    await user.click(heads()[4]!);
    expect(opened()).toEqual([]);
  });

  it('each card has its wall, fix, cost, paper with its reference mark and equation, and not its rung’s policy again', async () => {
    const user = userEvent.setup();
    render(<LineageFigure {...props} />);
    for (let i = 0; i < 7; i++) {
      const step = props.steps[i]!;
      await user.click(heads()[i]!);
      const c = card(i + 1);
      for (const label of ['The wall', 'The fix', 'What it gives up']) expect(c.textContent).toContain(label);
      expect(c.textContent).toContain(step.wall);
      expect(c.textContent).toContain(step.cost);
      expect(c.textContent).not.toContain(step.policy);
      const links = within(c).getAllByRole('link');
      const corrections = links.filter((a) => a.getAttribute('href')!.startsWith('#correction-'));
      expect(corrections.map((a) => a.getAttribute('href'))).toEqual(step.correction ? [`#correction-${step.correction}`] : []);
      for (const p of step.papers) {
        expect(c.textContent).toContain(p.authors);
        if (p.arxiv) expect(links.map((a) => a.getAttribute('href'))).toContain(`https://arxiv.org/abs/${p.arxiv}`);
        if (p.reference) expect(links.map((a) => a.getAttribute('href'))).toContain(`#ref-${p.reference.id}`);
      }
      // Opened with script, the card sets its equations in KaTeX's markup and draws its picture.
      expect(c.querySelectorAll('.equation .katex').length).toBe(step.equations.length);
      expect(c.querySelector('.lineage-diagram svg')).not.toBeNull();
    }
    expect(props.steps.filter((s) => s.correction).map((s) => s.id)).toEqual(['kda-hybrid', 'kimi-k3']);
  });

  // Enter and Space on a summary are the browser's to turn into a press, which jsdom does not:
  // tests/e2e/lineage.spec.ts opens rungs by keyboard in Chromium.
  it('is operated by keyboard: Tab reaches the first rung, arrows, Home and End move between rungs', async () => {
    const user = userEvent.setup();
    render(<LineageFigure {...props} />);
    await user.tab();
    expect(document.activeElement).toBe(heads()[0]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(heads()[2]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(heads()[6]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(heads()[6]);
    await user.keyboard('{Home}{ArrowUp}');
    expect(document.activeElement).toBe(heads()[0]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(heads()[1]);
  });

  it('draws K3’s 93 layers from the data, MLA at 4, 8 … 92 and 93, and 16 of 896 experts lit', () => {
    at('/#lineage-step-7');
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
    at('/#lineage-step-3');
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
    const note = (n: number) => card(n).querySelector('.lineage-diagram-note')?.textContent ?? '';
    const open = async (n: number) => {
      await user.click(heads()[n - 1]!);
      return note(n);
    };
    expect(await open(1)).toContain('18,432 values for every token');
    expect(note(1)).toContain('18,874,368');
    expect(await open(2)).toContain('589,824 values at any length');
    expect(note(2)).toContain('after 32 tokens');
    expect(await open(3)).toMatch(/mean read error over the latest values 0\.25.*read error 0\.00/);
    expect(await open(4)).toContain('16 steps in order become 4');
    expect(await open(5)).toContain('every channel decays by α = 0.90');
    expect(await open(6)).toContain('channels 1–4 decay by α = 1.00 and keep all of it');
    expect(note(6)).toContain('3 Kimi Delta Attention layers, then 1 full-attention layer');
  });
});

describe('each step’s address', () => {
  it('a step chosen writes #lineage-step-N, keeping the query; closing it leaves the figure’s anchor', async () => {
    at('/?n=20#lineage');
    const user = userEvent.setup();
    render(<LineageFigure {...props} />);
    await user.click(heads()[4]!);
    await waitFor(() => expect(window.location.hash).toBe('#lineage-step-5'));
    expect(window.location.search).toBe('?n=20');
    await user.click(heads()[4]!);
    await waitFor(() => expect(window.location.hash).toBe('#lineage-figure'));
    expect(screen.getByRole('button', { name: 'Copy a link to this view' }).dataset.copyLink).toBe('lineage-figure');
    await user.click(heads()[1]!);
    expect(screen.getByRole('button', { name: 'Copy a link to this view' }).dataset.copyLink).toBe('lineage-step-2');
  });

  it('opens the step the address names on load, and on a change of fragment', async () => {
    at('/#lineage-step-3');
    render(<LineageFigure {...props} />);
    expect(opened()).toEqual([3]);
    act(() => {
      window.location.hash = '#lineage-step-6';
    });
    await waitFor(() => expect(opened()).toEqual([6]));
    // A fragment that names no step leaves the ladder as it is.
    act(() => {
      window.location.hash = '#lineage-step-9';
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(opened()).toEqual([6]);
  });

  it('maps an older link’s ?step=N to #lineage-step-N, other parameters kept; nonsense opens nothing', () => {
    at('/?n=20&step=4#lineage');
    const { unmount } = render(<LineageFigure {...props} />);
    expect(opened()).toEqual([4]);
    expect(window.location.search).toBe('?n=20');
    expect(window.location.hash).toBe('#lineage-step-4');
    unmount();
    for (const bad of ['99', 'abc', '0', '-2', '4.5', '', '1e1']) {
      at(`/?step=${bad}#lineage`);
      const r = render(<LineageFigure {...props} />);
      expect(opened(), bad).toEqual([]);
      expect(window.location.search, bad).toBe('');
      r.unmount();
    }
  });

  it('a rung the reader opened before the figure was ready stays open, and its address is written', async () => {
    const html = renderToString(<LineageFigure {...props} />);
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    // The browser opens a rung by itself before any script: the markup is a native disclosure.
    host.querySelectorAll('details')[1]!.open = true;
    const { hydrateRoot } = await import('react-dom/client');
    // React's warning is checked below rather than printed.
    errors.mockImplementation(() => undefined);
    await act(async () => {
      hydrateRoot(host, <LineageFigure {...props} />);
    });
    // React's development build names the attribute the reader changed; its production build, the page's, says nothing.
    const said: string[] = errors.mock.calls.map((c: unknown[]) => String(c[0]));
    expect(said.every((m) => m.includes("attributes of the server rendered HTML didn't match"))).toBe(true);
    errors.mockClear();
    expect(opened()).toEqual([2]);
    await waitFor(() => expect(window.location.hash).toBe('#lineage-step-2'));
    expect(card(2).querySelector('.lineage-diagram svg')).not.toBeNull();
    host.remove();
  });

  it('reads fragments and older query strings as whole numbers from 1 to the step count', () => {
    expect(stepFromHash('#lineage-step-7', 7)).toBe(6);
    expect(stepFromHash('#lineage-step-8', 7)).toBeNull();
    expect(stepFromHash('#lineage-step-04', 7)).toBe(3);
    expect(stepFromHash('#lineage', 7)).toBeNull();
    expect(legacyStep('?step=3', '#lineage', 7)).toEqual({ index: 2, scroll: true });
    expect(legacyStep('?step=3', '', 7)).toEqual({ index: 2, scroll: false });
    expect(legacyStep('?step=x', '#lineage-figure', 7)).toEqual({ index: null, scroll: true });
    // A link to another figure keeps its step parameter, whoever it belongs to.
    expect(legacyStep('?step=3', '#lab', 7)).toBeNull();
    expect(legacyStep('?n=2', '#lineage', 7)).toBeNull();
    expect(withoutStep('?n=20&step=3&C=64')).toBe('?n=20&C=64');
    expect(withoutStep('?step=3')).toBe('');
  });
});

describe('the prerendered ladder', () => {
  it('renders every rung closed and every card whole, whatever the address says, so hydration matches and it reads without script', () => {
    at('/#lineage-step-5');
    const html = renderToString(<LineageFigure {...props} />);
    expect(html).not.toMatch(/<details[^>]* open/);
    expect((html.match(/<details class="rung" name="lineage-step"/g) ?? []).length).toBe(7);
    for (let n = 1; n <= 7; n++) expect(html).toContain(`id="lineage-step-${n}"`);
    for (const s of props.steps) expect(html).toContain(s.wall.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').slice(0, 40));
    // Before script the equations are MathML alone and no picture is drawn.
    expect(html).toContain('data-equation-key="deltaRule:display:mathml"');
    expect(html).not.toContain('lineage-diagram');
  });
});
