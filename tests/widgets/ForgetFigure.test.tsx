import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { FORGET_DEFAULTS, RANDOM_KEYS, STREAM_GATES, type ForgetSettings } from '../../src/content/defaults';
import { ForgetFigure, PLAY_MS } from '../../src/widgets/Forget/ForgetFigure';
import { errorAt, makeStream, trace, channelGates, pairError, phaseScores, PHASES_LENGTH, stateAt } from '../../src/core';

const eq = (key: string) => ({ equationKey: key, html: `<span>${key}</span>` });
const equations = { additive: eq('a'), delta: eq('d'), gatedDelta: eq('g'), perChannelGated: eq('p') };

/**
 * The figure in a frame like the page's, with its look-for line and caption. Most tests open it
 * on the random-key stream (RANDOM_KEYS), whose slider runs to 128; the page opens it on the
 * phases stream (FORGET_DEFAULTS).
 */
function setup(search = '', defaults: ForgetSettings = RANDOM_KEYS) {
  window.history.replaceState(null, '', `/${search}`);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(
    <figure>
      <p className="look-for">before</p>
      <div>
        <ForgetFigure equations={equations} defaults={defaults} streamGates={STREAM_GATES} />
      </div>
      <figcaption>before</figcaption>
    </figure>,
  );
  return {
    user,
    slider: screen.getByRole('slider', { name: /pairs written/i }),
    status: () => screen.getByRole('status'),
    lookFor: () => document.querySelector('.look-for')!.textContent!,
    caption: () => document.querySelector('figcaption')!.textContent!,
  };
}

/** The table of numbers by group: each row's header and its four cells. */
function groupTable(): Record<string, string[]> {
  const rows = Array.from(document.querySelectorAll('.forget-groups tbody tr'));
  return Object.fromEntries(rows.map((r) => [r.querySelector('th')!.textContent!, Array.from(r.querySelectorAll('td')).map((c) => c.textContent!)]));
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
    expect(status().textContent).toContain('128 pairs written');
    const table = groupTable();
    expect(table['Slow facts, rows 1–4']![1]).toBe(mean(0, 4));
    expect(table['Older fast pairs']![1]).toBe(mean(4, n - 4));
    expect(table['Latest 4 fast pairs']![1]).toBe(mean(n - 4, n));
    expect(document.querySelector('.forget-groups caption')!.textContent).toBe('Read error by group of pairs, after 128 pairs');
    await user.selectOptions(screen.getByRole('combobox', { name: /stream/i }), 'capacity');
    expect(document.querySelector('.forget-groups')).toBeNull();
  });

  it('offers the orthogonal stream, where additive and delta read eight pairs back exactly', async () => {
    const { user, slider, status } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: /stream/i }), 'orthogonal');
    slider.focus();
    await user.keyboard('{PageDown}');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(status().textContent).toMatch(/^8 pairs written\. Read error: additive 0\.00, delta 0\.00, /);
  });

  it('plays one pair per beat, the whole stream in a few seconds, and pauses', async () => {
    const { user, status } = setup();
    const play = screen.getByRole('button', { name: 'Play' });
    await user.click(play);
    expect(play.getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      vi.advanceTimersByTime(Math.round(PLAY_MS / 128) * 3 + 10);
    });
    expect(status().textContent).toContain('19 pairs written');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(status().textContent).toContain('19 pairs written');
  });

  it('a step pressed while it plays stops the play and moves one pair from where it stood', async () => {
    const { user, status } = setup();
    const play = screen.getByRole('button', { name: 'Play' });
    await user.click(play);
    await act(async () => {
      vi.advanceTimersByTime(Math.round(PLAY_MS / 128) * 2 + 10);
    });
    expect(status().textContent).toContain('18 pairs written');
    await user.click(screen.getByRole('button', { name: 'Forward one pair' }));
    expect(status().textContent).toContain('19 pairs written');
    expect(screen.getByRole('button', { name: 'Play' }).getAttribute('aria-pressed')).toBe('false');
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
    expect(chart.querySelector('.reference-line')!.getAttribute('d')!.match(/H/g)).toHaveLength(1);
    // On the phases stream the reference is an empty memory's own score, which steps down at the new context.
    await user.selectOptions(screen.getByRole('combobox', { name: /stream/i }), 'phases');
    expect(chart.textContent).toContain('an empty memory');
    expect(chart.textContent).not.toContain('as wrong as answering zero');
    expect(chart.querySelector('.reference-line')!.getAttribute('d')!.match(/H/g)!.length).toBeGreaterThan(1);
    await user.selectOptions(screen.getByRole('combobox', { name: /metric/i }), 'cosine');
    expect(chart.textContent).toContain('Cosine similarity');
    expect(chart.textContent).not.toContain('an empty memory');
    expect(chart.textContent).toContain('no better than a random guess');
    expect(status().textContent).toContain('Cosine similarity:');
  });

  it('round-trips its settings through the URL', async () => {
    const { user, status } = setup('?n=40&stream=lifetimes&seed=7&beta=0.5&alpha=0.7&slow=0.95&fast=0.3&metric=cosine&draw=change&step=4');
    expect(status().textContent).toContain('40 pairs written. Cosine similarity');
    expect((screen.getByRole('combobox', { name: /stream/i }) as HTMLSelectElement).value).toBe('lifetimes');
    expect(document.querySelector('.seed strong')!.textContent).toBe('7');
    await user.click(screen.getByRole('button', { name: 'Forward one pair' }));
    // The press is drawn at once, and the state and the address follow once the reader pauses.
    expect(status().textContent).toContain('41 pairs written. Cosine similarity');
    await act(async () => {
      vi.advanceTimersByTime(600);
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
      draw: 'change',
      step: '4',
    });
    expect(screen.getByRole('group', { name: /Additive change at the last write after 41 pairs/ })).toBeTruthy();
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

describe('ForgetFigure on the phases stream, where the page opens', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  const gates = { beta: 1, alpha: 0, channelAlpha: channelGates(1, 0) };
  const phases = makeStream({ kind: 'phases', seed: 1, length: PHASES_LENGTH });
  const t = trace({ stream: phases, gates, n: PHASES_LENGTH });
  /** The core's read error for one group after n writes, as the table prints it. */
  const group = (rule: 'additive' | 'delta' | 'gatedDelta' | 'perChannelGated', g: 'facts' | 'once' | 'rewritten' | 'stale', n: number) => {
    const x = phaseScores(stateAt(t, rule, n), phases, n).error[g];
    return x === null ? '–' : x.toFixed(2);
  };

  it('opens at the new context’s first pair, its table by group from the core, and the text says what the gates did', () => {
    const { status, lookFor, caption } = setup('', FORGET_DEFAULTS);
    expect(status().textContent).toMatch(/^17 pairs written\. Read error: /);
    const table = groupTable();
    expect(table['Facts, rows 1–4']).toEqual(['additive', 'delta', 'gatedDelta', 'perChannelGated'].map((r) => group(r as 'delta', 'facts', 17)));
    expect(table['Last context (should read 0)']).toEqual(['additive', 'delta', 'gatedDelta', 'perChannelGated'].map((r) => group(r as 'delta', 'stale', 17)));
    expect(table['This context, rewritten']).toEqual(['–', '–', '–', '–']);
    // The line names the gates' action and quotes the table's own numbers.
    expect(lookFor()).toContain('gated delta clears every row');
    expect(lookFor()).toContain('per-channel keeps rows 1–4 and clears rows 5–8');
    expect(lookFor()).toContain(
      `Facts read ${group('gatedDelta', 'facts', 17)} gated and ${group('perChannelGated', 'facts', 17)} per channel, against ${group('delta', 'facts', 17)} under plain delta`,
    );
    expect(caption()).toContain('Facts on rows 1–4, two contexts on rows 5–8');
    expect(caption()).toContain('read error');
    expect(document.querySelector('.forget-write .steady-live')!.textContent).toContain(
      'Pair 17, the first pair of a new context, writes along rows 5–8. The gates fire first.',
    );
  });

  it('says in its text what the picture shows after the metric, the stream and the gates change', async () => {
    const { user, lookFor, caption } = setup('', FORGET_DEFAULTS);
    await user.selectOptions(screen.getByRole('combobox', { name: /metric/i }), 'cosine');
    expect(lookFor()).toMatch(/^By cosine /);
    expect(lookFor()).toContain('cannot score silence');
    expect(lookFor()).not.toMatch(/read error is [^0-9]/);
    expect(caption()).toContain('cosine');
    expect(caption()).not.toContain('read error');
    expect(document.querySelector('.forget-groups caption')!.textContent).toMatch(/^Cosine similarity by group/);
    expect(groupTable()['Last context (should read 0)']).toEqual(['–', '–', '–', '–']);
    await user.selectOptions(screen.getByRole('combobox', { name: /metric/i }), 'error');
    // A gate that stays open is said to: α = 1 keeps every row.
    fireEvent.change(document.getElementById('forget-alpha')!, { target: { value: '1' } });
    expect(lookFor()).toContain('gated delta’s α stays 1');
    expect(groupTable()['Facts, rows 1–4']![2]).toBe('0.00');
    await user.selectOptions(screen.getByRole('combobox', { name: /stream/i }), 'capacity');
    expect(lookFor()).toMatch(/^Random keys crowd 8 channels\. After 17 pairs additive reads back at /);
    expect(caption()).toContain('Random keys');
    // The random-key stream opens with its own gates.
    expect((document.getElementById('forget-alpha') as HTMLInputElement).value).toBe('0.9');
  });

  it('steps one write at a time, the line under the memories saying what it was', async () => {
    const { user, status } = setup('', FORGET_DEFAULTS);
    const back = screen.getByRole('button', { name: 'Back one pair' });
    await user.click(back);
    expect(status().textContent).toContain('16 pairs written');
    expect(document.querySelector('.forget-write .steady-live')!.textContent).toContain(
      'Pair 16, a key written before, with a new value, writes along rows 5–8.',
    );
    expect(document.querySelector('.forget-write .steady-live')!.textContent).not.toContain('The gates fire');
    await user.click(screen.getByRole('button', { name: 'Last change' }));
    expect(screen.getByRole('group', { name: /Delta change at the last write after 16 pairs/ })).toBeTruthy();
  });

  it('Play holds the pair where the gates fire for about a second, then goes on', async () => {
    const { user, status } = setup('?n=15', FORGET_DEFAULTS);
    const beat = Math.round(PLAY_MS / PHASES_LENGTH);
    const advance = async (ms: number) => {
      for (let left = ms; left > 0; left -= beat) await act(() => vi.advanceTimersByTimeAsync(Math.min(beat, left)));
    };
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await advance(2 * beat + 10);
    expect(status().textContent).toContain('17 pairs written');
    // Without the hold, three more beats would reach pair 20.
    await advance(3 * beat);
    expect(status().textContent).toContain('17 pairs written');
    // The hold ends a second after pair 17 came, and the next beat moves on.
    await advance(beat + 100);
    expect(status().textContent).toMatch(/^18 pairs written/);
  });

  it('plays from the first pair to the stream’s end within eight seconds', async () => {
    const { user, slider, status } = setup('', FORGET_DEFAULTS);
    slider.focus();
    await user.keyboard('{End}');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(status().textContent).toContain(`${PHASES_LENGTH} pairs written`);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(status().textContent).toContain('1 pair written');
    await act(async () => {
      vi.advanceTimersByTime(8000);
    });
    expect(status().textContent).toContain(`${PHASES_LENGTH} pairs written`);
    expect(screen.getByRole('button', { name: 'Play' }).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('the readout on every stream, under either metric', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  const names = { additive: 'additive', delta: 'delta', gatedDelta: 'gated delta', perChannelGated: 'per-channel gated' } as const;
  const kinds = ['phases', 'capacity', 'orthogonal', 'lifetimes'] as const;

  /** Independent of the widget: each rule's number from the core, over every question the stream asks after n writes. */
  function expected(kind: (typeof kinds)[number], metric: 'error' | 'cosine', n: number): string[] {
    const length = kind === 'phases' ? PHASES_LENGTH : 128;
    const stream = makeStream({ kind, seed: 1, length });
    const g = STREAM_GATES[kind];
    const t = trace({ stream, gates: { beta: g.beta, alpha: g.alpha, channelAlpha: channelGates(g.slow, g.fast) }, n: length });
    return (Object.keys(names) as (keyof typeof names)[]).map((r) => {
      const x = kind === 'phases' ? phaseScores(stateAt(t, r, n), stream, n).all[metric] : t[metric][r][n - 1]!;
      return `${names[r]} ${x.toFixed(2)}`;
    });
  }

  it('reads back exactly while the orthogonal stream’s keys fit: additive and delta at 0.00 up to eight pairs, cosine 1.00', () => {
    for (const n of [1, 4, 8]) {
      const error = setup(`?stream=orthogonal&n=${n}`, FORGET_DEFAULTS).status().textContent!;
      expect(error).toContain('additive 0.00, delta 0.00');
      cleanup();
      const cosine = setup(`?stream=orthogonal&n=${n}&metric=cosine`, FORGET_DEFAULTS).status().textContent!;
      expect(cosine).toContain('additive 1.00, delta 1.00');
      cleanup();
    }
    // Past eight the keys no longer fit, and neither reads back exactly.
    const past = setup('?stream=orthogonal&n=16', FORGET_DEFAULTS).status().textContent!;
    expect(past).not.toContain('additive 0.00');
    expect(past).not.toContain('delta 0.00');
  });

  it('prints the core’s number for each rule, at the opening pair and at the stream’s end, and names the metric', () => {
    for (const kind of kinds)
      for (const metric of ['error', 'cosine'] as const)
        for (const end of [false, true]) {
          const n = end ? (kind === 'phases' ? PHASES_LENGTH : 128) : kind === 'phases' ? FORGET_DEFAULTS.n : 16;
          const { status } = setup(`?stream=${kind}&metric=${metric}&n=${n}`, FORGET_DEFAULTS);
          const text = status().textContent!;
          expect(text).toContain(`${n} pairs written. ${metric === 'error' ? 'Read error' : 'Cosine similarity'}: `);
          for (const part of expected(kind, metric, n)) expect(text, `${kind} ${metric} n = ${n}`).toContain(part);
          cleanup();
        }
  });
});

describe('the memories label themselves', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('numbers each memory’s rows 1 to 8, bands the rows each group of keys uses, and names each memory past the scale with its largest entry from the core', () => {
    for (const [kind, bands] of [
      ['phases', ['facts 0-4', 'contexts 4-8']],
      ['lifetimes', ['slow 0-4', 'fast 4-8']],
      ['capacity', []],
    ] as const) {
      const n = kind === 'phases' ? FORGET_DEFAULTS.n : 16;
      setup(`?stream=${kind}&n=${n}`, FORGET_DEFAULTS);
      const labels = Array.from(document.querySelectorAll('.forget-rows'));
      expect(labels).toHaveLength(4);
      for (const l of labels) {
        expect(Array.from(l.querySelectorAll('.forget-row')).map((r) => r.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
        expect(Array.from(l.querySelectorAll('.forget-band')).map((b) => `${b.textContent} ${b.getAttribute('data-rows')}`)).toEqual(bands);
      }
      const length = kind === 'phases' ? PHASES_LENGTH : 128;
      const g = STREAM_GATES[kind];
      const t = trace({
        stream: makeStream({ kind, seed: 1, length }),
        gates: { beta: g.beta, alpha: g.alpha, channelAlpha: channelGates(g.slow, g.fast) },
        n: length,
      });
      // Independently: which memories hold entries past ±1, and how far the largest of each goes.
      const rules = ['additive', 'delta', 'gatedDelta', 'perChannelGated'] as const;
      const names = { additive: 'additive', delta: 'delta', gatedDelta: 'gated delta', perChannelGated: 'per-channel gated' };
      const largest = rules.map((r) => Math.max(...Array.from(stateAt(t, r, n), Math.abs)));
      const scale = document.querySelector('.forget-scale .steady-live')!.textContent!.replace(/\s+/g, ' ');
      expect(scale).toMatch(/past −1 −1 \+1 past \+1/);
      const past = rules.filter((_, i) => largest[i]! > 1);
      if (past.length === 0) expect(scale).toContain(`Nothing past ±1 now; the largest entry is ${Math.max(...largest).toFixed(2)}.`);
      for (const r of rules)
        expect(scale.includes(`${names[r]} to ${largest[rules.indexOf(r)]!.toFixed(2)}`), `${kind} ${r}`).toBe(largest[rules.indexOf(r)]! > 1);
      if (kind === 'phases') expect(past).toContain('additive');
      cleanup();
    }
  });
});
