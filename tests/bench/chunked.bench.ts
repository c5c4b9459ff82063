import { randomLcg, randomNormal } from 'd3-random';
import { bench, describe } from 'vitest';
import { chunkedDeltaRule } from '../../src/core/chunked';
import type { Gpu } from '../../src/core/costInputs';
import { optimalChunk, prefillTime } from '../../src/core/costModel';
import { prefillFlops } from '../../src/core/flops';
import { recurrentDeltaRule } from '../../src/core/reference';
import { gpuById } from '../../src/content/hardware';

const gpu: Gpu = gpuById('h100');

/** The `chunking` figure's opening controls: one sequence of 4K tokens, 16 heads of dimension 128. */
const controls = { L: 4096, d: 128, heads: 16, gpu };
const chunkSizes = Array.from({ length: 13 }, (_, i) => 2 ** i);

describe('chunking figure curves', () => {
  bench('FLOPs and modelled time (sum and max) over C = 1..4096, plus both optima', () => {
    for (const C of chunkSizes) {
      prefillFlops({ L: controls.L, d: controls.d, C });
      prefillTime({ ...controls, C, overlap: 'sum' });
      prefillTime({ ...controls, C, overlap: 'max' });
    }
    optimalChunk({ ...controls, overlap: 'sum' });
    optimalChunk({ ...controls, overlap: 'max' });
  });

  bench('the same curves at the longest control, L = 1M (FLOPs summed over 2^20 chunks at C = 1)', () => {
    for (const C of chunkSizes) {
      prefillFlops({ L: 1 << 20, d: controls.d, C });
      prefillTime({ ...controls, L: 1 << 20, C });
    }
  });
});

describe('chunked against recurrent delta rule, L = 256, d = 16', () => {
  const normal = randomNormal.source(randomLcg(1))();
  const rows = (): Float64Array[] => Array.from({ length: 256 }, () => Float64Array.from({ length: 16 }, normal));
  const keys = rows().map((k) => {
    const norm = Math.hypot(...k);
    return k.map((x) => x / norm);
  });
  const input = { queries: rows(), keys, values: rows(), betas: new Float64Array(256).fill(0.5) };

  bench('recurrent', () => {
    recurrentDeltaRule(input);
  });
  bench('chunked, C = 64', () => {
    chunkedDeltaRule({ ...input, chunkSize: 64 });
  });
});
