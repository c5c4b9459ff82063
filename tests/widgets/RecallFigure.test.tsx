import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecallFigure } from '../../src/widgets/Recall/RecallFigure';
import { contextAt, recallCodec, sharpnessAt } from '../../src/widgets/Recall/state';
import { readQuery, URL_WRITE_DELAY_MS } from '../../src/widgets/urlState';

const defaults = { n: 16, rule: 'delta' as const, s: 32, context: 2 ** 20 };
// Kimi K3's stack as research/evidence.md §2.3 gives it, typed in here rather than read from the data.
const k3 = {
  shape: {
    attentionLayers: 24,
    cacheValuesPerToken: 576,
    cacheBytesPerValue: 2,
    linearLayers: 69,
    heads: 96,
    headDim: 128,
    stateBytesPerValue: 4,
    convKernel: 4,
    convBytesPerValue: 2,
  },
  crossover: 16_253,
  gpt2: { context: 1024, bytes: 37_748_736 },
  latentOnly: 512,
};

function setup(search = '') {
  window.history.replaceState(null, '', `/${search}`);
  const user = userEvent.setup();
  render(<RecallFigure defaults={defaults} stream={{ kind: 'capacity', seed: 1 }} gates={{ beta: 1, alpha: 0.9, slow: 1, fast: 0.5 }} k3={k3} />);
  return { user };
}

const statuses = () => screen.getAllByRole('status').map((s) => s.textContent ?? '');
const slider = (name: RegExp) => screen.getByRole('slider', { name }) as HTMLInputElement;
/** jsdom does not move a range input on arrow keys; the value is set as the browser's key handler would. */
const step = (input: HTMLInputElement, by: number) => fireEvent.change(input, { target: { value: String(Number(input.value) + by) } });

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('RecallFigure', () => {
  it('opens at 16 pairs: the whole cache reads back almost exactly, the window and the delta state do not', () => {
    setup();
    const [toy] = statuses();
    expect(toy).toMatch(/^16 pairs written\. Read error: delta state 0\.92, whole cache 0\.00, last 4 pairs 1\.03\./);
    expect(toy).toContain('Numbers stored: state 64, whole cache 256, last 4 pairs 64.');
  });

  it('moves by keyboard: Tab reaches the pairs slider, and the readout and the stored numbers follow', async () => {
    const { user } = setup();
    await user.tab();
    const n = slider(/pairs written/i);
    expect(document.activeElement).toBe(n);
    for (let i = 0; i < 4; i++) step(n, 1);
    expect(statuses()[0]).toMatch(/^20 pairs written/);
    expect(statuses()[0]).toContain('whole cache 320');
    expect(n.getAttribute('aria-valuetext')).toBe('20 pairs written');
  });

  it('at the textbook sharpness the whole cache reads worse than at s = 32', () => {
    setup();
    const sharp = Number(/whole cache (\d\.\d\d)/.exec(statuses()[0]!)![1]);
    const s = slider(/sharpness/i);
    fireEvent.change(s, { target: { value: '0' } });
    expect(s.getAttribute('aria-valuetext')).toBe('s = 1/√8 ≈ 0.35');
    const soft = Number(/whole cache (\d\.\d\d)/.exec(statuses()[0]!)![1]);
    expect(soft).toBeGreaterThan(0.5);
    expect(soft).toBeGreaterThan(sharp);
  });

  it('switches the fixed state it shows', () => {
    setup();
    fireEvent.change(screen.getByRole('combobox', { name: /fixed state/i }), { target: { value: 'additive' } });
    expect(statuses()[0]).toContain('additive state 1.37');
  });

  it('shows K3’s memory at the chosen context, and the crossover', () => {
    setup();
    const ctx = slider(/context length/i);
    expect(statuses()[1]).toBe(
      'At 1,048,576 tokens: the MLA layers’ cache 27 GiB, the KDA layers’ state 428.6 MiB, 27.42 GiB in all; with every layer MLA, 104.6 GiB.',
    );
    fireEvent.change(ctx, { target: { value: '0' } });
    expect(statuses()[1]).toMatch(/^At 4,096 tokens: the MLA layers’ cache 108 MiB, the KDA layers’ state 428\.6 MiB/);
    expect(screen.getByText(/outgrows all 69 states after 16,253 tokens/)).toBeTruthy();
  });

  it('reads its settings from the URL once, clamped, and writes them back keeping other parameters', async () => {
    setup('?an=500&sharp=1e9&ctx=12&state=gatedDelta&seed=7');
    await act(async () => {});
    expect(statuses()[0]).toMatch(/^128 pairs written\. Read error: gated delta state/);
    expect(slider(/sharpness/i).getAttribute('aria-valuetext')).toBe('s = 64.0');
    expect(statuses()[1]).toMatch(/^At 4,096 tokens/);
    fireEvent.change(slider(/pairs written/i), { target: { value: '40' } });
    await act(async () => new Promise((r) => setTimeout(r, URL_WRITE_DELAY_MS + 50)));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('an')).toBe('40');
    expect(params.get('seed')).toBe('7');
    expect(params.get('ctx')).toBe('4096');
  });

  it('ignores nonsense in the URL and leaves a clean address at the defaults', async () => {
    setup('?an=abc&sharp=-3&ctx=&state=attention');
    await act(async () => {});
    expect(statuses()[0]).toMatch(/^16 pairs written\. Read error: delta state/);
    expect(window.location.search).toBe('');
  });

  it('its codec lands every value on a slider step', () => {
    const parsed = readQuery(recallCodec, '?sharp=5&ctx=100000', defaults);
    expect([sharpnessAt(0), sharpnessAt(30)]).toEqual([1 / Math.sqrt(8), 64]);
    expect([contextAt(0), contextAt(32)]).toEqual([4096, 2 ** 20]);
    expect(parsed.s).toBeCloseTo(2 ** (Math.round((Math.log2(5) + 1.5) * 4) / 4 - 1.5), 12);
    expect(parsed.context).toBe(Math.round(2 ** (12 + Math.round((Math.log2(100000) - 12) * 4) / 4)));
  });
});
