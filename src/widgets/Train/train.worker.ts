/** The trainer's Web Worker: a start message trains one cell (./runTrain.ts); pause and resume hold it while the tab is hidden. */
import { type TrainMessage, type TrainPost, trainer } from './runTrain';

const scope = globalThis as unknown as { onmessage: ((e: MessageEvent<TrainMessage>) => void) | null; postMessage(p: TrainPost): void };
const t = trainer((p) => scope.postMessage(p));
scope.onmessage = (e) => t.receive(e.data);
