/** The lab's Web Worker: each message is a run to make (./runLab.ts); it posts the tally as the run goes. */
import type { LabRequest } from '../../core/labStats';
import { handleLabRequest, type LabProgress } from './runLab';

const scope = globalThis as unknown as { onmessage: ((e: MessageEvent<LabRequest>) => void) | null; postMessage(p: LabProgress): void };
scope.onmessage = (e) => handleLabRequest(e.data, (p) => scope.postMessage(p));
