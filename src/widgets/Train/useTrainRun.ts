/**
 * Runs the trainer in a Web Worker from the page's own origin: one worker a run, ended when the
 * reader stops it or starts another, paused while the tab is hidden, so the main thread only
 * draws what the worker posts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CellResult, CellSpec } from '../../core/mqar/run';
import type { GateView } from '../../core/mqar/gateView';
import type { TrainMessage, TrainPost } from './runTrain';

export type TrainStatus = 'idle' | 'running' | 'paused' | 'done' | 'stopped' | 'diverged' | 'failed';

export interface TrainRunState {
  spec: CellSpec | null;
  step: number;
  curve: CellResult['curve'];
  result: CellResult | null;
  /** A finished run's gates on its first test sequence, where its memory has gates (../../core/mqar/gateView.ts). */
  gates: GateView | null;
  status: TrainStatus;
  message: string;
}

const IDLE: TrainRunState = { spec: null, step: 0, curve: [], result: null, gates: null, status: 'idle', message: '' };

export function useTrainRun() {
  const [run, setRun] = useState<TrainRunState>(IDLE);
  const worker = useRef<Worker | null>(null);

  const end = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);

  const start = useCallback(
    (spec: CellSpec) => {
      end();
      const fail = (message: string) => {
        end();
        setRun((r) => ({ ...r, status: 'failed', message }));
      };
      let w: Worker;
      try {
        w = new Worker(new URL('./train.worker.ts', import.meta.url), { type: 'module' });
      } catch {
        setRun({ ...IDLE, spec, status: 'failed', message: 'this browser could not start the trainer’s worker' });
        return;
      }
      worker.current = w;
      setRun({ ...IDLE, spec, status: document.hidden ? 'paused' : 'running' });
      w.onerror = () => worker.current === w && fail('the trainer’s worker could not load or stopped with an error');
      w.onmessageerror = () => worker.current === w && fail('the trainer’s worker sent what the page could not read');
      w.onmessage = (e: MessageEvent<TrainPost>) => {
        if (worker.current !== w) return;
        const p = e.data;
        if (p.type === 'failed') return fail(p.message);
        if (p.type === 'done') end();
        setRun((r) => ({
          ...r,
          step: p.step,
          curve: p.points.length ? [...r.curve, ...p.points] : r.curve,
          result: p.type === 'done' ? p.result : null,
          gates: p.type === 'done' ? p.gates : null,
          status: p.type === 'done' ? (p.result.diverged === null && Number.isFinite(p.result.test.loss) ? 'done' : 'diverged') : r.status,
        }));
      };
      w.postMessage({ type: 'start', spec, paused: document.hidden } satisfies TrainMessage);
    },
    [end],
  );

  const stop = useCallback(() => {
    if (!worker.current) return;
    end();
    setRun((r) => ({ ...r, status: 'stopped' }));
  }, [end]);

  // A hidden tab pauses the run; it goes on where it was when the tab is seen again.
  useEffect(() => {
    const onVisibility = () => {
      if (!worker.current) return;
      worker.current.postMessage({ type: document.hidden ? 'pause' : 'resume' } satisfies TrainMessage);
      setRun((r) => (r.status === 'running' || r.status === 'paused' ? { ...r, status: document.hidden ? 'paused' : 'running' } : r));
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      end();
    };
  }, [end]);

  return { run, start, stop };
}
