/**
 * The lab's worker, as a function: runs a request's streams with the core (src/core/labStats.ts)
 * and posts the tally as it grows, at most every POST_EVERY_MS and always after the last stream.
 * ./lab.worker.ts hands it the worker's messages; tests call it directly.
 */
import { type LabRequest, type LabTally, runLab } from '../../core/labStats';

export const POST_EVERY_MS = 100;

export interface LabProgress {
  tally: LabTally;
  /** Streams asked for: the run is over when the tally holds them all. */
  streams: number;
}

export function handleLabRequest(req: LabRequest, post: (p: LabProgress) => void, now: () => number = () => performance.now()): void {
  let last = now();
  runLab(req, (tally) => {
    const t = now();
    if (tally.streams === req.streams || t - last >= POST_EVERY_MS) {
      last = t;
      post({ tally, streams: req.streams });
    }
  });
}
