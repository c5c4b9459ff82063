/** The measuring worker: each message is a sweep to run on this GPU (./measure.ts); it posts as the run goes. */
import { measure } from './measure';
import type { MeasureMessage, MeasureRequest } from './protocol';

const scope = globalThis as unknown as { onmessage: ((e: MessageEvent<MeasureRequest>) => void) | null; postMessage(m: MeasureMessage): void };
scope.onmessage = (e) => {
  void measure(e.data, (m) => scope.postMessage(m));
};
