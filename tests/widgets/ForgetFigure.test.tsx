import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { FORGET_DEFAULTS } from '../../src/content/defaults';
import { ForgetFigure } from '../../src/widgets/Forget/ForgetFigure';
import { errorAt, makeStream, trace, channelGates, pairError, stateAt } from '../../src/core';

const eq = (key: string) => ({ equationKey: key, html: `<span>${key}</span>` });
const equations = { additive: eq('a'), delta: eq('d'), gatedDelta: eq('g'), perChannelGated: eq('p') };

function setup(search = '') {
  window.history.replaceState(null, '', `/${search}`);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(<ForgetFigure equations={equations} defaults={FORGET_DEFAULTS} />);
  return { user, slider: screen.getByRole('slider', { name: /pairs written/i }), status: () => screen.getByRole('status') };
}

/** Independent of the widget: the core's error for the default stream and gates. */
function expectedError(n: number, rule: 'additive' | 'delta'): string {
  const t = trace({ stream: makeStream({ kind: 'capacity', seed: 1, length: n }), gates: { beta: 1, alpha: 0.9, channelAlpha: channelGates(1, 0.5) }, n });
  return errorAt(t, rule, n).toFixed(2);
}

describe('ForgetFigure', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('moves with the arrow keys and the readout follows, in the stated order', async () => {
    const { user, slider, status } = setup();
    expect(status().textContent).toMatch(/^16 pairs written\. Read error: additive [\d.]+, delta [\d.]+, gated delta [\d.]+, per-channel gated [\d.]+\.$/);
    await user.click(slider);
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(status().textContent).toContain('18 pairs written');
    expect(status().textContent).toContain(`additive ${expectedError(18, 'additive')}`);
    expect(status().textContent).toContain(`delta ${expectedError(18, 'delta')}`);
    await user.keyboard('{Home}');
    expect(status().textContent).toContain('1 pair written');
    await user.keyboard('{End}');
    expect(status().textContent).toContain('128 pairs written');
  });

  it('on the lifetimes stream breaks the read error down by group, and follows the slider', async () => {
    const { user, slider, status } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: /stream/i }), 'lifetimes');
    slider.focus();
    await user.keyboard('{End}');
    await act(() => vi.advanceTimersByTimeAsync(400));
    // By hand from the core: pairs 0..3 are the slow facts, the last four are the latest fast pairs.
    const n = 128;
    const s = makeStream({ kind: 'lifetimes', seed: 1, length: n });
    const S = stateAt(trace({ stream: s, gates: { beta: 1, alpha: 0.9, channelAlpha: channelGates(1, 0.5) }, n }), 'delta', n);
    const mean = (from: number, to: number) => {
      let sum = 0;
      for (let i = from; i < to; i++) sum += pairError(S, s.keys[i]!, s.values[i]!);
      return (sum / (to - from)).toFixed(2);
    };
    const text = status().textContent!;
    expect(text).toContain('128 pairs written');
    expect(text).toMatch(new RegExp(`slow facts: additive [\\d.]+, delta ${mean(0, 4)},`));
    expect(text).toMatch(new RegExp(`older fast pairs: additive [\\d.]+, delta ${mean(4, n - 4)},`));
    expect(text).toMatch(new RegExp(`latest 4 fast pairs: additive [\\d.]+, delta ${mean(n - 4, n)},`));
    await user.selectOptions(screen.getByRole('combobox', { name: /stream/i }), 'capacity');
    expect(status().textContent).not.toContain('By group');
  });

  it('offers the orthogonal stream, where additive and delta read eight pairs back exactly', async () => {
    const { user, slider, status } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: /stream/i }), 'orthogonal');
    slider.focus();
    await user.keyboard('{PageDown}');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(status().textContent).toMatch(/^8 pairs written\. Read error: additive 0\.00, delta 0\.00, /);
  });

  it('plays one pair per beat and pauses', async () => {
    const { user, status } = setup();
    const play = screen.getByRole('button', { name: 'Play' });
    await user.click(play);
    expect(play.getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      vi.advanceTimersByTime(450 * 3 + 10);
    });
    expect(status().textContent).toContain('19 pairs written');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(status().textContent).toContain('19 pairs written');
  });

  it('steps back and forward by one, and resets', async () => {
    const { user, status } = setup();
    await user.click(screen.getByRole('button', { name: 'Forward one pair' }));
    expect(status().textContent).toContain('17 pairs written');
    await user.click(screen.getByRole('button', { name: 'Back one pair' }));
    await user.click(screen.getByRole('button', { name: 'Back one pair' }));
    expect(status().textContent).toContain('15 pairs written');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(status().textContent).toContain('16 pairs written');
  });

  it('relabels the chart and the readout when the metric switches to cosine', async () => {
    const { user, status } = setup();
    const chart = document.querySelector('.line-chart')!;
    expect(chart.textContent).toContain('Read error');
    expect(chart.textContent).toContain('as wrong as answering zero');
    await user.selectOptions(screen.getByRole('combobox', { name: /metric/i }), 'cosine');
    expect(chart.textContent).toContain('Cosine similarity');
    expect(chart.textContent).not.toContain('as wrong as answering zero');
    expect(status().textContent).toContain('Cosine similarity:');
  });

  it('round-trips its settings through the URL', async () => {
    const { user, status } = setup('?n=40&stream=lifetimes&seed=7&beta=0.5&alpha=0.7&slow=0.95&fast=0.3&metric=cosine&step=4');
    expect(status().textContent).toContain('40 pairs written. Cosine similarity');
    expect((screen.getByRole('combobox', { name: /stream/i }) as HTMLSelectElement).value).toBe('lifetimes');
    expect(screen.getByText('7').closest('.seed')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Forward one pair' }));
    // The address follows once the reader pauses.
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    const q = new URLSearchParams(window.location.search);
    expect(Object.fromEntries(q)).toEqual({
      n: '41',
      stream: 'lifetimes',
      seed: '7',
      beta: '0.5',
      alpha: '0.7',
      slow: '0.95',
      fast: '0.3',
      metric: 'cosine',
      step: '4',
    });
  });

  it('clamps or ignores nonsense in the URL without crashing', () => {
    const { status } = setup('?n=-5&stream=%3Cx%3E&seed=abc&beta=9&alpha=-1&metric=loud');
    expect(status().textContent).toMatch(/^1 pair written\. Read error/);
    expect((screen.getByRole('combobox', { name: /stream/i }) as HTMLSelectElement).value).toBe('capacity');
    expect(within(document.querySelector('.seed') as HTMLElement).getByText('1')).toBeTruthy();
    expect((document.getElementById('forget-beta') as HTMLInputElement).value).toBe('1');
    expect((document.getElementById('forget-alpha') as HTMLInputElement).value).toBe('0');
  });

  it('reads a heatmap cell by keyboard, channels counted from 1 as everywhere on the page', async () => {
    const { user } = setup();
    const map = screen.getByRole('group', { name: /Additive memory after 16 pairs/ });
    map.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    const readout = map.parentElement!.querySelector('.heatmap-readout')!;
    // One step right and one down from the top-left cell, channel 1 of each.
    expect(readout.textContent).toMatch(/^key channel 2, value channel 2: [+−]\d\.\d\d$/);
  });

  describe('dragging the slider', () => {
    /** What the figure shows a sighted reader: every number that changes with n. */
    const visible = () => ({
      scale: document.querySelector('.forget-scale .steady-live')!.textContent,
      readout: screen.getByRole('status').textContent,
      cursor: (document.querySelector('.chart-cursor') as HTMLElement).style.backgroundPosition,
    });

    it('shows each move at once, and the rest of the figure follows when the reader pauses', async () => {
      const { slider, status } = setup();
      fireEvent.change(slider, { target: { value: '40' } });
      // Before any timer runs: the numbers, the readout and the slider itself.
      expect(status().textContent).toContain('40 pairs written');
      expect(status().textContent).toContain(`additive ${expectedError(40, 'additive')}`);
      expect(status().textContent).toContain(`delta ${expectedError(40, 'delta')}`);
      expect(slider.getAttribute('aria-valuetext')).toBe('40 pairs written');
      expect((slider as HTMLInputElement).value).toBe('40');
      // The step buttons stop at the ends at once, too.
      const forward = screen.getByRole('button', { name: 'Forward one pair' }) as HTMLButtonElement;
      fireEvent.change(slider, { target: { value: '128' } });
      expect(forward.disabled).toBe(true);
      fireEvent.change(slider, { target: { value: '40' } });
      expect(forward.disabled).toBe(false);
      const during = visible();
      await act(async () => {
        vi.advanceTimersByTime(200);
      });
      // The names and the description a screen reader reads, then the address.
      expect(screen.getByRole('group', { name: /Additive memory after 40 pairs/ })).toBeTruthy();
      expect(document.querySelector('.sr-box')!.textContent).toContain('After 40 pairs');
      expect(visible()).toEqual(during);
      await act(async () => {
        vi.advanceTimersByTime(300);
      });
      expect(new URLSearchParams(window.location.search).get('n')).toBe('40');
    });

    it('leaves the figure as a fresh render at the same n would draw it', async () => {
      setup();
      fireEvent.change(screen.getByRole('slider', { name: /pairs written/i }), { target: { value: '77' } });
      const during = visible();
      await act(async () => {
        vi.advanceTimersByTime(500);
      });
      const dragged = document.querySelector('.forget')!.innerHTML;
      cleanup();
      setup('?n=77');
      expect(visible()).toEqual(during);
      expect(document.querySelector('.forget')!.innerHTML).toBe(dragged);
    });

    it('hands its value to a key or a button pressed before the pause', async () => {
      const { user, slider, status } = setup();
      fireEvent.change(slider, { target: { value: '40' } });
      slider.focus();
      await user.keyboard('{ArrowRight}');
      expect(status().textContent).toContain('41 pairs written');
      fireEvent.change(slider, { target: { value: '90' } });
      await user.click(screen.getByRole('button', { name: 'Back one pair' }));
      expect(status().textContent).toContain('89 pairs written');
      expect((slider as HTMLInputElement).value).toBe('89');
      await act(async () => {
        vi.advanceTimersByTime(500);
      });
      expect(status().textContent).toContain('89 pairs written');
    });

    it('shows the state a button leaves, even when it is the n drawn before the drag', async () => {
      const { user, slider, status } = setup();
      expect(status().textContent).toContain('16 pairs written');
      // One pair on, then the button back, before the pause: the state ends where it began.
      fireEvent.change(slider, { target: { value: '17' } });
      expect(status().textContent).toContain('17 pairs written');
      await user.click(screen.getByRole('button', { name: 'Back one pair' }));
      expect(status().textContent).toContain('16 pairs written');
      expect((slider as HTMLInputElement).value).toBe('16');
      expect(slider.getAttribute('aria-valuetext')).toBe('16 pairs written');
      const shown = visible();
      await act(async () => {
        vi.advanceTimersByTime(500);
      });
      expect(visible()).toEqual(shown);
      cleanup();
      setup();
      expect(visible()).toEqual(shown);
    });

    it('moves a key from the value the pause handed on, before the figure has drawn it', async () => {
      const { user, slider, status } = setup();
      slider.focus();
      await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
      expect(status().textContent).toContain('19 pairs written');
      // The pause hands 19 on; a key pressed straight after moves from 19, not from the 16 last drawn.
      // Outside act, so the pause's update is not drawn before the key.
      vi.advanceTimersByTime(200);
      fireEvent.keyDown(slider, { key: 'ArrowLeft' });
      expect(status().textContent).toContain('18 pairs written');
      await act(async () => {
        vi.advanceTimersByTime(500);
      });
      expect(status().textContent).toContain('18 pairs written');
      expect((slider as HTMLInputElement).value).toBe('18');
    });
  });
});
