/**
 * What the measured-on-this-GPU figure opens with: the H200 the cost model is drawn for, as the
 * chunk-size figure reads it, and the settings it opens at (the sizes of research/webgpu.md A.5).
 */
import { figureGpus, type FigureGpu } from './chunking';
import { gpuById } from './hardware';

export interface MeasureDefaults {
  readonly d: number;
  readonly rule: 'delta' | 'gated';
  readonly L: number;
  readonly heads: number;
}

export const MEASURE_DEFAULTS: MeasureDefaults = Object.freeze({ d: 128, rule: 'delta', L: 4096, heads: 8 });

export function measureGpu(): FigureGpu {
  const [gpu] = figureGpus([gpuById('h200')]);
  if (!gpu) throw new Error('data/hardware.json: no h200');
  return gpu;
}
