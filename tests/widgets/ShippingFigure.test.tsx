import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { architectures } from '../../src/content/architectures';
import { SHIPPING_DEFAULT_SORT } from '../../src/content/defaults';
import { tableRow } from '../../src/content/shipping/rows';
import { barMax, describeBars } from '../../src/content/shipping/sentences';
import { featuredModels, referenceModel, shareFacts } from '../../src/content/shipping/shares';
import { stripKey } from '../../src/content/shipping/strip';
import { ShippingFigure } from '../../src/widgets/Shipping/ShippingFigure';
import { sortCodec } from '../../src/widgets/Shipping/sort';
import { caveatsOf } from '../../src/content/shipping/caveats';
import { readQuery, writeQuery } from '../../src/widgets/urlState';

const featured = featuredModels();
const rows = featured.map((m) => tableRow(m));
const reference = tableRow(referenceModel());
const props = {
  rows,
  reference,
  stripKey: stripKey([...rows, reference]),
  barMax: barMax(shareFacts()),
  description: describeBars(shareFacts(), referenceModel()),
  notePrefix: 'shipping-note-',
  defaultSort: SHIPPING_DEFAULT_SORT,
};

/** Expected orders straight from the data file's figures, not from the widget's sorter. */
const byShare = [...architectures.models.filter((m) => m.featured)]
  .sort((a, b) => a.activeParams.value / a.totalParams.value - b.activeParams.value / b.totalParams.value)
  .map((m) => m.id);
const byTotalDesc = [...architectures.models.filter((m) => m.featured)].sort((a, b) => b.totalParams.value - a.totalParams.value).map((m) => m.id);

const bodyRows = () => screen.getAllByRole('rowgroup')[1]!;
const order = () =>
  within(bodyRows())
    .getAllByRole('row')
    .map((r) => r.getAttribute('data-model'));
const header = (name: RegExp) => screen.getAllByRole('columnheader').find((h) => name.test(h.textContent ?? ''))!;

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('ShippingFigure', () => {
  it('shows the eight rows largest first, and GPT-2 small pinned below as the reference', () => {
    render(<ShippingFigure {...props} />);
    expect(order()).toEqual(byTotalDesc);
    const groups = screen.getAllByRole('rowgroup');
    expect(
      within(groups[2]!)
        .getAllByRole('row')
        .map((r) => r.getAttribute('data-model')),
    ).toEqual(['gpt-2-small']);
    expect(header(/Total parameters/).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getAllByRole('columnheader').filter((h) => h.hasAttribute('aria-sort'))).toHaveLength(1);
  });

  it('sorts by active share from the keyboard, both ways, and says so in the live region', async () => {
    const user = userEvent.setup();
    render(<ShippingFigure {...props} />);
    const button = within(header(/Active share/)).getByRole('button');
    button.focus();
    await user.keyboard('{Enter}');
    expect(header(/Active share/).getAttribute('aria-sort')).toBe('descending');
    expect(order()).toEqual([...byShare].reverse());
    await user.keyboard(' ');
    expect(header(/Active share/).getAttribute('aria-sort')).toBe('ascending');
    expect(order()).toEqual(byShare);
    expect(header(/Total parameters/).hasAttribute('aria-sort')).toBe(false);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Sorted by active share, lowest first. DeepSeek-V4-Pro first (3.06%), Nemotron 3 Ultra last (10%).');
    // The reference row does not join the sort.
    expect(order()).not.toContain('gpt-2-small');
  });

  it('sorts from the select too, and keeps a missing figure last either way', async () => {
    const user = userEvent.setup();
    render(<ShippingFigure {...props} />);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'licence');
    expect(header(/Licence/).getAttribute('aria-sort')).toBe('ascending');
    const missing = featured.filter((m) => m.licence.status === 'not published' || m.licence.status === 'not found').map((m) => m.id);
    expect(missing.length).toBeGreaterThan(0);
    expect(order().slice(-missing.length).sort()).toEqual([...missing].sort());
    await user.click(screen.getByRole('button', { name: /Order/ }));
    expect(header(/Licence/).getAttribute('aria-sort')).toBe('descending');
    expect(order().slice(-missing.length).sort()).toEqual([...missing].sort());
  });

  it('writes the order into the URL, keeps other figures’ parameters, and reset clears it', async () => {
    window.history.replaceState(null, '', '/?step=4&n=20');
    const user = userEvent.setup();
    render(<ShippingFigure {...props} />);
    await user.click(within(header(/^Layers/)).getByRole('button'));
    // The address follows once the controls rest.
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('sort')).toBe('layers'));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('dir')).toBe('desc');
    expect(params.get('step')).toBe('4');
    expect(params.get('n')).toBe('20');
    await user.click(screen.getByRole('button', { name: 'Reset order' }));
    await waitFor(() => expect(window.location.search).toBe('?step=4&n=20'));
    expect(order()).toEqual(byTotalDesc);
  });

  it('reads a shared order from the URL once it has hydrated, and ignores one it cannot use', async () => {
    window.history.replaceState(null, '', '/?sort=share&dir=asc');
    const { unmount } = render(<ShippingFigure {...props} />);
    expect(await screen.findByText(/Sorted by active share, lowest first/)).toBeTruthy();
    expect(order()).toEqual(byShare);
    unmount();
    window.history.replaceState(null, '', '/?sort=colour&dir=up&seed=7');
    render(<ShippingFigure {...props} />);
    expect(order()).toEqual(byTotalDesc);
    expect(readQuery(sortCodec, '?sort=colour', SHIPPING_DEFAULT_SORT)).toEqual(SHIPPING_DEFAULT_SORT);
    expect(readQuery(sortCodec, '?sort=share&dir=up', SHIPPING_DEFAULT_SORT)).toEqual({ key: 'share', dir: 'desc' });
    expect(writeQuery(sortCodec, '?seed=7', { key: 'total', dir: 'desc' }, SHIPPING_DEFAULT_SORT)).toBe('?seed=7');
  });

  it('shows the status word where the data has one, a mark per caveat, and a bar that never passes its scale', () => {
    const { container } = render(<ShippingFigure {...props} />);
    const qwen = container.querySelector('tr[data-model="qwen3.8-2.4t-a95b"]')!;
    const licence = qwen.querySelector('td.col-licence')!;
    expect(licence.className).toContain('is-missing');
    expect(licence.textContent).toMatch(/^not found\u2009\d/);
    const minimax = container.querySelector('tr[data-model="minimax-m3"]')!;
    expect(minimax.querySelector('td.col-released .shipping-status')!.textContent).toBe('approximate');
    const glm = container.querySelector('tr[data-model="glm-5.2"]')!;
    expect(glm.querySelector('td.col-released .shipping-status')!.textContent).toBe('approximate');
    // Each caveat mark links to that caveat in the model's entry below the table.
    const qwenModel = architectures.models.find((m) => m.id === 'qwen3.8-2.4t-a95b')!;
    const n = caveatsOf(qwenModel).find((c) => c.text === qwenModel.licence.note)!.n;
    const mark = within(licence as HTMLElement).getByRole('link', { name: `${qwenModel.name}, note ${n}` });
    expect(mark.getAttribute('href')).toBe(`#shipping-note-qwen3.8-2.4t-a95b-${n}`);
    const width = (id: string) => parseFloat((container.querySelector(`tr[data-model="${id}"] .shipping-bar > span`) as HTMLElement).style.width);
    // Bars are drawn to a hundredth of a percent.
    expect(width('nemotron-3-ultra')).toBeCloseTo(100, 2);
    expect(width('kimi-k3')).toBeCloseTo((104 / 2800 / 0.1) * 100, 2);
    expect(width('gpt-2-small')).toBe(100);
    expect(container.querySelector('tr[data-model="gpt-2-small"] .shipping-bar')!.className).toContain('is-over');
  });

  it('links every model to its note, and describes the bars for a reader who cannot see them', () => {
    render(<ShippingFigure {...props} />);
    for (const m of [...featured, referenceModel()]) {
      expect(screen.getByRole('link', { name: m.name }).getAttribute('href')).toBe(`#shipping-note-${m.id}`);
    }
    const table = screen.getByRole('table');
    const described = document.getElementById(table.getAttribute('aria-describedby')!)!;
    expect(described.textContent).toContain("the shortest is DeepSeek-V4-Pro's, 3.06%, the longest Nemotron 3 Ultra's, 10%");
  });
  it('draws each model’s layers as a strip, in its attention cell and in its card’s fold, a run of like layers one rectangle', () => {
    const { container } = render(<ShippingFigure {...props} />);
    /** Cells per read on the drawn strip: each rectangle's width added to the read its pattern paints. */
    const drawn = (svg: Element) => {
      const out: Record<string, number> = {};
      for (const r of svg.querySelectorAll('rect')) {
        const read = /url\(#lr(\w)\)/.exec(r.getAttribute('fill') ?? '')![1]!;
        out[read] = (out[read] ?? 0) + Number(r.getAttribute('width'));
      }
      return out;
    };
    const CODES: Record<string, string> = {
      'every token': 'a',
      'selected tokens': 's',
      'compressed entries': 'c',
      'a sliding window': 'w',
      'a fixed-size state': 'f',
      nothing: 'n',
    };
    for (const m of [...featured, referenceModel()]) {
      const expected: Record<string, number> = {};
      m.layerReads.forEach((g, i) => {
        for (const read of g) expected[CODES[read]!] = (expected[CODES[read]!] ?? 0) + (m.layerReadCounts![i]!.value as number);
      });
      const row = container.querySelector(`tr[data-model="${m.id}"]`)!;
      const strips = [row.querySelector('td.col-attention svg.lr')!, row.querySelector('.shipping-more > summary svg.lr')!];
      for (const svg of strips) {
        expect(svg.getAttribute('role'), m.id).toBe('img');
        expect(svg.getAttribute('aria-label'), m.id).toMatch(new RegExp(`^${m.layers.value} layers: `));
        expect(svg.getAttribute('viewBox'), m.id).toBe('0 0 108 6');
        expect(drawn(svg), m.id).toEqual(expected);
        // One rectangle per run and read, never one per layer.
        expect(svg.querySelectorAll('rect').length, m.id).toBe(m.layerReads.flat().length);
      }
    }
    // DeepSeek-V4-Pro's layers each read two or three things: one run in three bands, one in two.
    const bands = [...container.querySelectorAll('tr[data-model="deepseek-v4-pro"] td.col-attention rect')].map((r) => [
      r.getAttribute('y'),
      r.getAttribute('height'),
    ]);
    expect(bands).toEqual([
      [null, '2'],
      ['2', '2'],
      ['4', '2'],
      [null, '3'],
      ['3', '3'],
    ]);
    expect(
      within(container.querySelector('tr[data-model="kimi-k3"] .shipping-more > summary') as HTMLElement).getByText(/^Which layers read what/),
    ).toBeTruthy();
  });

  it('names each read in the legend, with the pattern every strip uses, and says the cells are grouped, not in layer order', () => {
    const { container } = render(<ShippingFigure {...props} />);
    const key = container.querySelector('.lr-key')!;
    expect(key.textContent).toContain('grouped by what it reads (not in layer order)');
    expect([...key.querySelectorAll('.lr-item')].map((i) => i.textContent)).toEqual([
      'every token',
      'selected tokens',
      'compressed entries',
      'a sliding window',
      'a fixed-size state',
      'nothing (feed-forward only)',
    ]);
    const patterns = [...key.querySelectorAll('pattern')].map((p) => p.id);
    expect(patterns).toEqual(['lra', 'lrs', 'lrc', 'lrw', 'lrf', 'lrn']);
    for (const r of container.querySelectorAll('svg.lr rect')) expect(patterns).toContain(/#(\w+)/.exec(r.getAttribute('fill')!)![1]);
  });

  it('says under the legend, where a sighted reader looks, which models’ sparse layers keep every token, as the data has it', () => {
    const { container } = render(<ShippingFigure {...props} />);
    // By hand from the data: a model with a group of layers that reads selected tokens and nothing else.
    const keepers = [...featured, referenceModel()].filter((m) => m.layerReads.some((g) => g.length === 1 && g[0] === 'selected tokens'));
    expect(keepers.map((m) => m.id)).toEqual(['glm-5.2', 'minimax-m3']);
    const note = container.querySelector('.lr-key .lr-kept')!;
    const clause = 'keep every token, and an indexer picks the ones read';
    expect(note.textContent).toBe(`In ${keepers.map((m) => m.name).join(' and ')}, the layers that read only selected tokens ${clause}.`);
    // Seen, not only heard: outside every screen-reader-only and hidden box.
    expect(note.closest('.visually-hidden, [aria-hidden="true"]')).toBeNull();
    // The same words a screen reader hears in those models' strips, and in no other's.
    for (const svg of container.querySelectorAll('td.col-attention svg.lr')) {
      const id = svg.closest('tr')!.getAttribute('data-model')!;
      expect(svg.getAttribute('aria-label')!.endsWith(`; those layers ${clause}`), id).toBe(keepers.some((m) => m.id === id));
    }
  });

  it('leaves the note out when no strip keeps every token', () => {
    const { container } = render(<ShippingFigure {...props} stripKey={{ ...props.stripKey, kept: null }} />);
    expect(container.querySelector('.lr-kept')).toBeNull();
  });

  it('puts each model’s release date and licence under its name, and heads its count columns short, named in full', () => {
    const { container } = render(<ShippingFigure {...props} />);
    for (const m of [...featured, referenceModel()]) {
      const meta = [...container.querySelectorAll(`tr[data-model="${m.id}"] th.col-name .shipping-meta`)].map((e) => e.textContent);
      expect(meta, m.id).toHaveLength(2);
      expect(meta[0], m.id).toMatch(new RegExp(`^Released ${m.released.value}`));
      expect(meta[1], m.id).toMatch(new RegExp(`^Licence: ${m.licence.status === 'not found' ? 'not found' : m.licence.value}`));
    }
    const total = within(header(/Total parameters/)).getByRole('button');
    expect(total.querySelector('[aria-hidden="true"]')!.textContent).toBe('Total');
    expect(total.querySelector('.visually-hidden')!.textContent).toBe('Total parameters');
    expect(
      within(header(/Active per token/))
        .getByRole('button')
        .querySelector('[aria-hidden="true"]')!.textContent,
    ).toBe('Per token');
    // A short label the full one does not contain would give the button a name unlike its text: those stay in full.
    expect(header(/Which part of the context/).querySelector('[aria-hidden="true"]:not(.shipping-sort-icon)')).toBeNull();
  });
});
