import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIXERS, type Mixer } from '../../src/core/mqar/params';
import { batchFor, runCell } from '../../src/core/mqar/run';
import type { StoredCell, TrainFigureProps } from '../../src/content/mqarWords';
import { type TrainMessage, type TrainPost, trainer } from '../../src/widgets/Train/runTrain';
import { TrainFigure } from '../../src/widgets/Train/TrainFigure';

/** A worker that runs the real trainer, its slices on later turns as a browser's would, and can be ended. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((e: { data: TrainPost }) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onmessageerror: ((e: Event) => void) | null = null;
  ended = false;
  messages: TrainMessage[] = [];
  private t = trainer(
    (p) => {
      if (!this.ended) this.onmessage?.({ data: structuredClone(p) });
    },
    (next) => setTimeout(() => !this.ended && next(), 0),
  );
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(m: TrainMessage) {
    this.messages.push(m);
    this.t.receive(m);
  }
  terminate() {
    this.ended = true;
  }
}

/** A small grid the test makes itself: kv 4 and 8, two seeds, a hundred steps a cell. */
const settings = {
  d: 8,
  candidates: 64,
  keys: 64,
  queries: 16,
  steps: 100,
  warmup: 10,
  decay: 'cosine' as const,
  climb: 50,
  evalSize: 8,
  every: 10,
  kv: [4, 8],
  streams: ['plain', 'rewrite', 'switch'] as ('plain' | 'rewrite' | 'switch')[],
  seeds: [1, 2],
  mixers: [...MIXERS],
};
const rates = Object.fromEntries(MIXERS.map((m) => [m, 0.01])) as Record<Mixer, number>;
const cells: StoredCell[] = [];
for (const stream of settings.streams)
  for (const kv of settings.kv)
    for (const mixer of MIXERS)
      for (const seed of settings.seeds) {
        // Only the cell the test trains is run; the others stand in with made-up scores.
        const r =
          stream === 'plain' && kv === 4 && mixer === 'linear' && seed === 2
            ? runCell({ ...settings, batchSize: batchFor(settings.queries, kv), conv: false, mixer, stream, kv, seed, lr: 0.01 })
            : { test: { accuracy: (kv + seed) / 100, loss: 1 }, validation: { accuracy: 0.5, loss: 1 }, diverged: null };
        cells.push([stream, kv, mixer, seed, r.test.accuracy, r.test.loss, r.validation.accuracy, r.validation.loss, r.diverged, false]);
      }
const props: TrainFigureProps = {
  defaults: { stream: 'plain', mixer: 'delta', kv: 8, seed: 1, d: 8, steps: 100, conv: false },
  settings,
  rates,
  made: '2026-12-06',
  cells,
  lookFor: { plain: 'Look at plain recall.', rewrite: 'Look at the rewrites.', switch: 'Look at the switch.' },
};
/** The status line, in the figure's live region beside the result. */
const status = () => screen.getByRole('status').querySelector('.train-status')!.textContent;

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  window.history.replaceState(null, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

describe('TrainFigure', () => {
  it('opens on the stored grid: a line and a table row a memory, the mean of the seeds and their range, and no worker', () => {
    render(<TrainFigure {...props} />);
    expect(document.querySelectorAll('.train-grid-view .train-line')).toHaveLength(MIXERS.length);
    const rows = document.querySelectorAll('.train-table tbody tr');
    expect(rows).toHaveLength(MIXERS.length);
    // kv = 8, seeds 1 and 2: the made-up scores 0.09 and 0.10, so a mean of 0.095 and that range.
    const cell = rows[0]!.querySelectorAll('td')[1]!;
    expect(cell.textContent).toMatch(/^0\.(09|10)0\.09–0\.10/);
    expect(cell.querySelector('.train-kept')!.textContent).toBe(`${2 * 8 * 16} numbers`);
    expect(status()).toBe('Nothing trained yet in this page: the chart shows the stored grid.');
    expect(FakeWorker.made).toHaveLength(0);
    // The memory a run would train is drawn heavier; the look-for line is the stream's.
    expect(document.querySelector('.train-picked')!.classList).toContain('train-delta');
    expect(document.querySelector('.look-for')!.textContent).toBe('Look at plain recall.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Stream' }), { target: { value: 'switch' } });
    expect(document.querySelector('.look-for')!.textContent).toBe('Look at the switch.');
  });

  it('draws a run that never trained as a ring off the line, and says in the table that the mean leaves it out', () => {
    const ringed = {
      ...props,
      cells: props.cells.map((c) => (c[2] === 'gated' && c[1] === 8 && c[3] === 1 && c[0] === 'plain' ? ([...c.slice(0, 9), true] as StoredCell) : c)),
    };
    render(<TrainFigure {...ringed} />);
    const rings = document.querySelectorAll('.train-grid-view .train-gated .train-hollow');
    expect(rings).toHaveLength(1);
    const row = [...document.querySelectorAll('.train-table tbody tr')].find((r) => r.querySelector('th')!.textContent === 'gated delta')!;
    // kv = 8: seed 1 (0.09) is left out, so the mean is seed 2's 0.10 alone.
    expect(row.querySelectorAll('td')[1]!.textContent).toMatch(/^0\.100\.10–0\.101 of 2 never trained, left out/);
    // The floor of a guess among the values written is drawn beside chance.
    expect(document.querySelector('.train-guess text')!.textContent).toBe('a guess among the kv values');
  });

  it('draws the stored seeds of the cell a reader trains, in grey, from the curves file', async () => {
    const curves = {
      every: 10,
      steps: 100,
      cells: { 'plain 4 linear': [1, 2].map((seed) => ({ seed, loss: Array(10).fill(4), accuracy: Array(10).fill(0.1), neverTrained: seed === 1 })) },
    };
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: URL) => {
      fetched.push(String(url));
      return Promise.resolve(new Response(JSON.stringify(curves)));
    });
    window.history.replaceState(null, '', '/?tmem=linear&tkv=4&tseed=2');
    render(<TrainFigure {...props} />);
    expect(fetched).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Train this stored cell here' }));
    await screen.findByText(/In grey, the grid's stored seeds of this memory, load and stream \(seeds 1, 2; seed 1 never trained\)/);
    expect(fetched[0]).toMatch(/data\/recall-curves\.json$/);
    expect(document.querySelectorAll('.train-run .train-stored')).toHaveLength(4);
  });

  it('trains a stored cell again in the worker and says that it matches to the last bit', async () => {
    window.history.replaceState(null, '', '/?tmem=linear&tkv=4&tseed=2');
    render(<TrainFigure {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Train this stored cell here' }));
    expect(status()).toBe('Training linear attention on plain recall at kv = 4, d = 8, seed 2, 100 steps of 4 sequences at learning rate 0.01.');
    await screen.findByText(/The stored cell has the same result to the last bit\./, undefined, { timeout: 10_000 });
    expect(status()).toBe('Trained linear attention on plain recall at kv = 4, d = 8, seed 2, 100 steps of 4 sequences at learning rate 0.01.');
    expect(document.querySelector('.train-run progress')!.getAttribute('value')).toBe('100');
  });

  it('says when a stored cell differs, and that a cell outside the grid has nothing to compare with', async () => {
    const changed = {
      ...props,
      cells: props.cells.map((c) =>
        c[2] === 'linear' && c[1] === 4 && c[3] === 2 && c[0] === 'plain' ? ([...c.slice(0, 4), 0.123, ...c.slice(5)] as StoredCell) : c,
      ),
    };
    window.history.replaceState(null, '', '/?tmem=linear&tkv=4&tseed=2');
    const { unmount } = render(<TrainFigure {...changed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Train this stored cell here' }));
    await screen.findByText(/The stored cell differs in its test accuracy: its test accuracy is 0\.123\./, undefined, { timeout: 10_000 });
    unmount();
    window.history.replaceState(null, '', '/?tmem=linear&tkv=4&tseed=9');
    render(<TrainFigure {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Train it here' }));
    await screen.findByText(/The grid holds no cell with these settings/, undefined, { timeout: 10_000 });
  });

  it('stops a run whose loss stops being finite, and says at which step', async () => {
    window.history.replaceState(null, '', '/?tmem=hybrid&tkv=4');
    render(<TrainFigure {...props} rates={{ ...rates, hybrid: 1e300 }} />);
    fireEvent.click(screen.getByRole('button', { name: /^Train / }));
    await screen.findByText(/^The loss stopped being a finite number at step \d+, so the run stopped there and scored nothing/, undefined, { timeout: 10_000 });
    expect(document.querySelector('[data-status]')!.getAttribute('data-status')).toBe('diverged');
    // The stored cell (made up here) did not diverge, and the comparison names that among what differs.
    expect(document.querySelector('.train-result')!.textContent).toMatch(/^Diverged at step \d+\. The stored cell differs in its .*the step it diverged at:/);
  });

  it('starts paused when the tab is hidden at the press, and never draws a post from a run it has ended', async () => {
    window.history.replaceState(null, '', '/?tmem=linear&tkv=4&tsteps=5000');
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    render(<TrainFigure {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Train it here' }));
    const first = FakeWorker.made[0]!;
    expect(first.messages[0]).toMatchObject({ type: 'start', paused: true });
    expect(status()).toBe('Paused while this tab is hidden; it goes on when you come back.');
    hidden.mockReturnValue(false);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    fireEvent.click(screen.getByRole('button', { name: 'Train it here' }));
    // A post the ended worker had already sent is ignored: the bar stays where the new run is.
    act(() => first.onmessage?.({ data: { type: 'progress', step: 4321, points: [] } }));
    expect(document.querySelector('.train-run progress')!.getAttribute('value')).not.toBe('4321');
    hidden.mockRestore();
  });

  it('stops on request, and pauses while the tab is hidden', async () => {
    window.history.replaceState(null, '', '/?tmem=linear&tkv=4&tsteps=5000');
    render(<TrainFigure {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Train it here' }));
    const w = FakeWorker.made[0]!;
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(w.messages.at(-1)).toEqual({ type: 'pause' });
    expect(status()).toMatch(/^Paused while this tab is hidden/);
    hidden.mockReturnValue(false);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(w.messages.at(-1)).toEqual({ type: 'resume' });
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(w.ended).toBe(true);
    expect(status()).toMatch(/^Stopped at [\d,]+ of 5,000 steps\. Nothing was scored/);
    hidden.mockRestore();
  });
});
