/**
 * Runs the lab in a Web Worker from the page's own origin: one worker a run, ended the moment a
 * setting changes or the reader stops it, so the main thread only draws what the worker posts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LabRequest, LabTally } from '../../core/labStats';
import type { LabProgress } from './runLab';

export type RunStatus = 'done' | 'running' | 'stopped' | 'failed';

export interface LabRunState {
  /** The request the tally belongs to, as text, so a stale post is never drawn. */
  key: string;
  tally: LabTally | null;
  streams: number;
  status: RunStatus;
}

export const requestKey = (r: LabRequest) => JSON.stringify(r);

export function useLabRun(initial: { request: LabRequest; tally: LabTally }) {
  const [run, setRun] = useState<LabRunState>({ key: requestKey(initial.request), tally: initial.tally, streams: initial.request.streams, status: 'done' });
  const worker = useRef<Worker | null>(null);

  const end = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);

  const start = useCallback(
    (request: LabRequest) => {
      end();
      const key = requestKey(request);
      const fail = () => {
        end();
        setRun((r) => ({ ...r, key, status: 'failed' }));
      };
      let w: Worker;
      try {
        w = new Worker(new URL('./lab.worker.ts', import.meta.url), { type: 'module' });
      } catch {
        setRun({ key, tally: null, streams: request.streams, status: 'failed' });
        return;
      }
      worker.current = w;
      setRun({ key, tally: null, streams: request.streams, status: 'running' });
      // A worker that cannot load, or throws, says so rather than leaving the run "running".
      w.onerror = () => worker.current === w && fail();
      w.onmessageerror = () => worker.current === w && fail();
      w.onmessage = (e: MessageEvent<LabProgress>) => {
        if (worker.current !== w) return;
        const done = e.data.tally.streams === e.data.streams;
        if (done) end();
        setRun({ key, tally: e.data.tally, streams: e.data.streams, status: done ? 'done' : 'running' });
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
