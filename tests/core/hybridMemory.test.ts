import { describe, expect, it } from 'vitest';
import { cacheBytesPerTokenPerLayer, cacheOutgrowsState, type HybridShape, hybridMemory, linearLayerBytes } from '../../src/core';

/** A small stack worked by hand: 2 attention layers of 10 values a token, 3 linear layers of 2 heads of width 4. */
const small: HybridShape = {
  attentionLayers: 2,
  cacheValuesPerToken: 10,
  cacheBytesPerValue: 2,
  linearLayers: 3,
  heads: 2,
  headDim: 4,
  stateBytesPerValue: 4,
  convKernel: 3,
  convBytesPerValue: 2,
};

describe('what a hybrid stack holds per sequence', () => {
  it('adds a cache per token and keeps a fixed state, by hand', () => {
    expect(cacheBytesPerTokenPerLayer(small)).toBe(20);
    // State: 2 heads × 4 × 4 × 4 B = 128; convolution: 3 (q, k, v) × 2 kept inputs × 8 channels × 2 B = 96.
    expect(linearLayerBytes(small)).toBe(224);
    expect(hybridMemory(small, 100)).toEqual({ cache: 4000, state: 672, total: 4672, allAttention: 10000 });
    // 672 B of state against 40 B a token: 16 tokens cache 640 B, 17 cache 680 B.
    expect(cacheOutgrowsState(small)).toBe(17);
  });

  it('grows the cache in a straight line with the context and never the state', () => {
    const a = hybridMemory(small, 1000);
    const b = hybridMemory(small, 2000);
    expect(b.cache).toBe(2 * a.cache);
    expect(b.state).toBe(a.state);
    expect(b.allAttention).toBe(2 * a.allAttention);
    // The crossover is the first whole token past the states; the token before it is not.
    const x = cacheOutgrowsState(small);
    expect(hybridMemory(small, x).cache).toBeGreaterThan(hybridMemory(small, x).state);
    expect(hybridMemory(small, x - 1).cache).toBeLessThanOrEqual(hybridMemory(small, x - 1).state);
  });

  it('refuses a shape or context it cannot use', () => {
    expect(() => hybridMemory({ ...small, heads: 0 }, 1)).toThrow(/heads/);
    expect(() => hybridMemory({ ...small, attentionLayers: -1 }, 1)).toThrow(/attentionLayers/);
    expect(() => hybridMemory(small, -5)).toThrow(/context/);
  });
});
