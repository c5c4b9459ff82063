/**
 * What the measured-on-your-GPU figure opens with: the GPU the cost model is drawn for, the same
 * reference GPU as the chunk-size figure's, and the settings it opens at (the sizes of research/webgpu.md A.5).
 */
import { figureGpus, type FigureGpu } from './chunking';
import { gpuById } from './hardware';
import { CHUNKING_DEFAULTS } from './defaults';

export interface MeasureDefaults {
  readonly d: number;
  readonly rule: 'delta' | 'gated';
  readonly L: number;
  readonly heads: number;
}

export const MEASURE_DEFAULTS: MeasureDefaults = Object.freeze({ d: 128, rule: 'delta', L: 4096, heads: 8 });

export function measureGpu(): FigureGpu {
  const [gpu] = figureGpus([gpuById(CHUNKING_DEFAULTS.gpu)]);
  if (!gpu) throw new Error(`data/hardware.json: no ${CHUNKING_DEFAULTS.gpu}`);
  return gpu;
}
