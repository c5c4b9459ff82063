import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecallFigure } from '../../src/widgets/Recall/RecallFigure';
import { attentionErrorAt, channelGates, makeStream, trace } from '../../src/core';
import { recallCodec, sharpnessAt } from '../../src/widgets/Recall/state';
import { readQuery, URL_WRITE_DELAY_MS } from '../../src/widgets/urlState';
import { DRAG_PAUSE_MS } from '../../src/widgets/usePausedDrag';

const defaults = { n: 16, rule: 'delta' as const, s: 32 };
function setup(search = '') {
  window.history.replaceState(null, '', `/${search}`);
  const user = userEvent.setup();
  render(<RecallFigure defaults={defaults} stream={{ kind: 'capacity', seed: 1 }} gates={{ beta: 1, alpha: 0.9, slow: 1, fast: 0.5 }} />);
  return { user };
}

const statuses = () => screen.getAllByRole('status').map((s) => s.textContent ?? '');
const slider = (name: RegExp) => screen.getByRole('slider', { name }) as HTMLInputElement;
/** jsdom does not move a range input on arrow keys; the value is set as the browser's key handler would. */
const step = (input: HTMLInputElement, by: number) => fireEvent.change(input, { target: { value: String(Number(input.value) + by) } });

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('RecallFigure', () => {
  it('its look-for line quotes the ends of the lines it opens on, and follows the fixed state chosen', async () => {
    window.history.replaceState(null, '', '/');
    const user = userEvent.setup();
    render(
      <figure>
        <p className="look-for">before</p>
        <div>
          <RecallFigure defaults={defaults} stream={{ kind: 'capacity', seed: 1 }} gates={{ beta: 1, alpha: 0.9, slow: 1, fast: 0.5 }} />
        </div>
      </figure>,
    );
    // Independently, from the core: the ends of the three lines at 128 pairs.
    const stream = makeStream({ kind: 'capacity', seed: 1, length: 128 });
    const t = trace({ stream, gates: { beta: 1, alpha: 0.9, channelAlpha: channelGates(1, 0.5) }, n: 128 });
    const cache = attentionErrorAt(stream, 128, { s: 32, window: null, hard: false }).toFixed(2);
    const windowed = attentionErrorAt(stream, 128, { s: 32, window: 4, hard: false }).toFixed(2);
    const line = () => document.querySelector('.look-for')!.textContent!;
    expect(line()).toContain(`the whole cache ends at ${cache}, the delta state at ${t.error.delta[127]!.toFixed(2)}`);
    expect(line()).toContain(`window of the state’s size at ${windowed}`);
    await user.selectOptions(screen.getByRole('combobox', { name: /fixed state/i }), 'gatedDelta');
    expect(line()).toContain(`the gated delta state at ${t.error.gatedDelta[127]!.toFixed(2)}`);
    cleanup();
  });

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

  it('reads its settings from the URL once, clamped, and writes them back keeping other parameters', async () => {
    setup('?an=500&sharp=1e9&ctx=12&state=gatedDelta&seed=7');
    await act(async () => {});
    expect(statuses()[0]).toMatch(/^128 pairs written\. Read error: gated delta state/);
    expect(slider(/sharpness/i).getAttribute('aria-valuetext')).toBe('s = 64.0');
    fireEvent.change(slider(/pairs written/i), { target: { value: '40' } });
    // The state takes a dragged value when the slider rests; the address follows it.
    await act(async () => new Promise((r) => setTimeout(r, DRAG_PAUSE_MS + URL_WRITE_DELAY_MS + 50)));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('an')).toBe('40');
    expect(params.get('seed')).toBe('7');
    // ctx belongs to Kimi K3's memory panel: this figure leaves it as it found it.
    expect(params.get('ctx')).toBe('12');
  });

  it('ignores nonsense in the URL and leaves a clean address at the defaults', async () => {
    setup('?an=abc&sharp=-3&state=attention');
    await act(async () => {});
    expect(statuses()[0]).toMatch(/^16 pairs written\. Read error: delta state/);
    expect(window.location.search).toBe('');
  });

  it('its codec lands every value on a slider step', () => {
    const parsed = readQuery(recallCodec, '?sharp=5', defaults);
    expect([sharpnessAt(0), sharpnessAt(30)]).toEqual([1 / Math.sqrt(8), 64]);
    expect(parsed.s).toBeCloseTo(2 ** (Math.round((Math.log2(5) + 1.5) * 4) / 4 - 1.5), 12);
  });

  describe('dragging the pairs slider', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    /** Everything a move of the slider changes, as a reader sees and hears it. */
    const moving = () => ({
      readout: statuses()[0],
      valuetext: slider(/pairs written/i).getAttribute('aria-valuetext'),
      value: slider(/pairs written/i).value,
      cursor: (document.querySelector('.chart-cursor') as HTMLElement).style.backgroundPosition,
      stored: screen.getByRole('img', { name: /^Numbers stored after/ }).getAttribute('aria-label'),
      title: document.querySelector('.recall-bars-title')!.textContent,
      bars: [...document.querySelectorAll('.recall-bars .bar-row')].map((row) => [
        row.querySelector('.bar-value')!.textContent,
        (row.querySelector('.bar-fill') as HTMLElement).style.width,
      ]),
    });

    it('shows each move at once, and the figure a fresh render at that value would draw once it rests', async () => {
      setup();
      const before = moving();
      fireEvent.change(slider(/pairs written/i), { target: { value: '40' } });
      const during = moving();
      // Before any timer has run: 40 pairs everywhere, the whole cache's 40 × 16 numbers among them.
      expect(during.readout).toMatch(/^40 pairs written\./);
      expect(during.readout).toContain('whole cache 640');
      expect(during.valuetext).toBe('40 pairs written');
      expect(during.stored).toMatch(/^Numbers stored after 40 pairs: .*Attention over the whole cache 640$/);
      expect(during.title).toBe('Numbers stored after 40 pairs');
      expect(during.bars.map(([value]) => value)).toEqual(['64', '64', '640']);
      expect(during.cursor).not.toBe(before.cursor);
      expect(during.bars[2]![1]).toBe(before.bars[2]![1]);
      expect(during.bars[0]![1]).not.toBe(before.bars[0]![1]);
      expect(window.location.search).toBe('');
      await act(async () => {
        vi.advanceTimersByTime(DRAG_PAUSE_MS + URL_WRITE_DELAY_MS + 50);
      });
      expect(new URLSearchParams(window.location.search).get('an')).toBe('40');
      expect(moving()).toEqual(during);
      const dragged = document.querySelector('.recall')!.innerHTML;
      cleanup();
      setup('?an=40');
      await act(async () => {});
      expect(moving()).toEqual(during);
      expect(document.querySelector('.recall')!.innerHTML).toBe(dragged);
    });

    it('hands its value to another control moved before the pause, and a reset redraws what the drag wrote', async () => {
      setup();
      fireEvent.change(slider(/pairs written/i), { target: { value: '90' } });
      fireEvent.change(screen.getByRole('combobox', { name: /fixed state/i }), { target: { value: 'additive' } });
      expect(statuses()[0]).toMatch(/^90 pairs written\. Read error: additive state/);
      const atRest = moving();
      fireEvent.change(slider(/pairs written/i), { target: { value: '17' } });
      expect(statuses()[0]).toMatch(/^17 pairs written/);
      fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
      // The state was 90 pairs, is now the defaults' 16: every node the drag wrote shows 16.
      expect(statuses()[0]).toMatch(/^16 pairs written\. Read error: delta state/);
      expect(slider(/pairs written/i).value).toBe('16');
      expect(slider(/pairs written/i).getAttribute('aria-valuetext')).toBe('16 pairs written');
      expect(moving().title).toBe('Numbers stored after 16 pairs');
      expect(moving().cursor).not.toBe(atRest.cursor);
      const reset = moving();
      // Again from the defaults: the render after this reset writes nothing, its state's 16 pairs
      // being what it last wrote, yet the drag's 17 must not stay on screen.
      fireEvent.change(slider(/pairs written/i), { target: { value: '17' } });
      expect(moving().title).toBe('Numbers stored after 17 pairs');
      fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
      expect(moving()).toEqual(reset);
      await act(async () => {
        vi.advanceTimersByTime(DRAG_PAUSE_MS * 3);
      });
      expect(moving()).toEqual(reset);
    });
  });
});
