/**
 * Runs a sweep in the measuring worker (./gpu.worker.ts), fetched with its shaders only on the
 * reader's press; the main thread only collects what the worker posts. Stop ends the worker.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdapterFacts, CheckResult, Failure, MeasureMessage, MeasureRequest, TimedPoint } from './protocol';

export type MeasureStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

export interface MeasureRun {
  readonly request: MeasureRequest | null;
  readonly status: MeasureStatus;
  readonly adapter: AdapterFacts | null;
  readonly checks: readonly CheckResult[];
  readonly points: readonly TimedPoint[];
  readonly failure: { readonly reason: Failure; readonly message: string } | null;
  /** When the run began, as the reader's clock wrote it (for the downloads). */
  readonly started: string;
}

const IDLE: MeasureRun = { request: null, status: 'idle', adapter: null, checks: [], points: [], failure: null, started: '' };

/** The run after one message from the worker. */
export function advance(run: MeasureRun, m: MeasureMessage): MeasureRun {
  switch (m.type) {
    case 'adapter':
      return { ...run, adapter: m.adapter };
    case 'check':
      return { ...run, checks: [...run.checks, m.check] };
    case 'point':
      return { ...run, points: [...run.points, m.point] };
    case 'done':
      return { ...run, status: 'done' };
    case 'failed':
      return { ...run, status: 'failed', failure: { reason: m.reason, message: m.message } };
  }
}

export function useMeasure() {
  const [run, setRun] = useState<MeasureRun>(IDLE);
  const worker = useRef<Worker | null>(null);
  const end = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);

  const start = useCallback(
    (request: MeasureRequest) => {
      end();
      const started = new Date().toISOString();
      // Without the API there is nothing to fetch: say so at once.
      if (!('gpu' in navigator)) {
        setRun({
          ...IDLE,
          request,
          started,
          status: 'failed',
          failure: { reason: 'no-webgpu', message: 'This browser offers no WebGPU (navigator.gpu is absent).' },
        });
        return;
      }
      const w = new Worker(new URL('./gpu.worker.ts', import.meta.url), { type: 'module' });
      worker.current = w;
      setRun({ ...IDLE, request, started, status: 'running' });
      w.onerror = () => {
        if (worker.current !== w) return;
        end();
        setRun((r) => ({ ...r, status: 'failed', failure: { reason: 'failed', message: 'The measuring worker could not start.' } }));
      };
      w.onmessage = (e: MessageEvent<MeasureMessage>) => {
        if (worker.current !== w) return;
        if (e.data.type === 'done' || e.data.type === 'failed') end();
        setRun((r) => advance(r, e.data));
      };
      w.postMessage(request);
    },
    [end],
  );

  const stop = useCallback(() => {
    if (!worker.current) return;
    end();
    setRun((r) => ({ ...r, status: 'stopped' }));
  }, [end]);

  useEffect(() => end, [end]);
  return { run, start, stop };
}
