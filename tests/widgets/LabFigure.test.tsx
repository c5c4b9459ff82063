import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cellsOf, checkpoints, type LabRequest, runLab } from '../../src/core';
import { labFigureProps } from '../../src/content/lab';
import { LabFigure } from '../../src/widgets/Lab/LabFigure';
import { handleLabRequest, type LabProgress } from '../../src/widgets/Lab/runLab';
import { URL_WRITE_DELAY_MS } from '../../src/widgets/urlState';

/** A worker that runs the real handler on the next turn, as a browser's would, and can be ended. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((e: { data: LabProgress }) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  ended = false;
  request: LabRequest | null = null;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(req: LabRequest) {
    this.request = req;
    setTimeout(() => {
      if (!this.ended) handleLabRequest(req, (p) => this.onmessage?.({ data: structuredClone(p) }));
    }, 0);
  }
  terminate() {
    this.ended = true;
  }
}

const props = labFigureProps();
const progress = () => screen.getByRole('status').textContent;
const readout = () => document.querySelector('.lab-readout')!.textContent;
const size = () => screen.getByLabelText('State size d');

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LabFigure', () => {
  it('opens on the build’s run at its defaults and starts no worker', () => {
    render(<LabFigure {...props} />);
    expect(progress()).toBe('Done: 8 streams at d = 128.');
    expect(readout()).toMatch(/^At n = 2d = 256 pairs, mean over 8 streams/);
    const c = cellsOf(props.tally, 'delta', checkpoints(128))[7]!;
    expect(readout()).toContain(`delta ${c.error.toFixed(2)} and ${Math.round(c.accuracy * 100)}%`);
    expect(FakeWorker.made).toHaveLength(0);
  });

  it('runs a new size in a worker and draws what the core computes', async () => {
    render(<LabFigure {...props} />);
    fireEvent.change(size(), { target: { value: '0' } });
    expect(progress()).toBe('Running 400 streams at d = 4.');
    await screen.findByText('Done: 400 streams at d = 4.');
    const req = FakeWorker.made[0]!.request!;
    expect(req).toEqual({ d: 4, stream: 'random', gates: { beta: 1, alpha: 0.9, erase: 1, write: 0.5, ...props.fixed }, streams: 400 });
    const own = cellsOf(runLab(req), 'additive', checkpoints(4))[7]!;
    expect(readout()).toContain(`additive ${own.error.toFixed(2)} and ${Math.round(own.accuracy * 100)}%`);
    // The table holds every mean of the run.
    expect(document.querySelectorAll('.lab-table tbody tr')).toHaveLength(checkpoints(4).length);
  });

  it('ends a run when a setting changes, and never draws the ended run’s posts', async () => {
    render(<LabFigure {...props} />);
    fireEvent.change(size(), { target: { value: '1' } });
    const first = FakeWorker.made[0]!;
    fireEvent.change(size(), { target: { value: '0' } });
    expect(first.ended).toBe(true);
    // A post the ended worker had already sent is ignored.
    act(() => first.onmessage?.({ data: { tally: runLab({ ...first.request!, streams: 1 }), streams: 1 } }));
    expect(progress()).toBe('Running 400 streams at d = 4.');
    await screen.findByText('Done: 400 streams at d = 4.');
  });

  it('stops on request and runs again', async () => {
    render(<LabFigure {...props} />);
    fireEvent.change(size(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(FakeWorker.made[0]!.ended).toBe(true);
    expect(progress()).toMatch(/^Stopped after 0 of 100 streams\.$/);
    fireEvent.click(screen.getByRole('button', { name: 'Run again' }));
    await screen.findByText('Done: 100 streams at d = 16.');
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('says so when its worker fails, and can run again', async () => {
    class Failing extends FakeWorker {
      override postMessage(req: LabRequest) {
        this.request = req;
        setTimeout(() => this.onerror?.(new Event('error')), 0);
      }
    }
    vi.stubGlobal('Worker', Failing);
    render(<LabFigure {...props} />);
    fireEvent.change(size(), { target: { value: '0' } });
    await screen.findByText(/^The run failed after 0 of 400 streams/);
    expect(FakeWorker.made[0]!.ended).toBe(true);
    vi.stubGlobal('Worker', FakeWorker);
    fireEvent.click(screen.getByRole('button', { name: 'Run again' }));
    await screen.findByText('Done: 400 streams at d = 4.');
  });

  it('reads its settings from the address, clamped, and writes changes back keeping other parameters', async () => {
    window.history.replaceState(null, '', '/?ld=5&lkeys=repeated&lbeta=0.33&lalpha=2&step=3');
    render(<LabFigure {...props} />);
    await screen.findByText('Done: 400 streams at d = 4.');
    expect(FakeWorker.made.at(-1)!.request).toMatchObject({ d: 4, stream: 'repeated', gates: { beta: 0.35, alpha: 1 } });
    expect(window.location.search).toBe('?ld=4&lkeys=repeated&lbeta=0.35&lalpha=1&step=3');
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('β, write strength'), { target: { value: '1' } });
    act(() => vi.advanceTimersByTime(URL_WRITE_DELAY_MS + 10));
    expect(window.location.search).toBe('?ld=4&lkeys=repeated&lalpha=1&step=3');
  });
});
