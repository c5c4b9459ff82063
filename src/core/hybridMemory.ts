/**
 * What a hybrid stack holds per sequence while it reads a context (research/evidence.md §2.3):
 * the attention layers' cache grows with every token, the linear layers' recurrent state and
 * short-convolution state do not. Sizes in bytes; logical sizes, before any paging or padding.
 */
import { requireNonNegative, requirePositiveInteger } from './checks';

export interface HybridShape {
  /** Layers that keep a cache of every token. */
  attentionLayers: number;
  /** Values each of them caches per token (MLA: the latent plus its rotary part). */
  cacheValuesPerToken: number;
  cacheBytesPerValue: number;
  /** Layers that keep a fixed state instead. */
  linearLayers: number;
  heads: number;
  /** Key and value width of a head: each head's state is headDim × headDim. */
  headDim: number;
  stateBytesPerValue: number;
  /** Width of the short convolution on q, k and v: it keeps its last kernel − 1 inputs. */
  convKernel: number;
  convBytesPerValue: number;
}

function checkShape(shape: HybridShape): void {
  for (const key of ['cacheValuesPerToken', 'cacheBytesPerValue', 'heads', 'headDim', 'stateBytesPerValue', 'convKernel', 'convBytesPerValue'] as const) {
    requirePositiveInteger(key, shape[key]);
  }
  for (const key of ['attentionLayers', 'linearLayers'] as const) {
    if (!Number.isInteger(shape[key]) || shape[key] < 0) throw new RangeError(`${key} must be a whole number ≥ 0, got ${shape[key]}`);
  }
}

/** Bytes one attention layer adds for every token of context. */
export function cacheBytesPerTokenPerLayer(shape: HybridShape): number {
  checkShape(shape);
  return shape.cacheValuesPerToken * shape.cacheBytesPerValue;
}

/** Bytes of one linear layer's fixed memory: each head's state, and the convolution's last inputs for q, k and v. */
export function linearLayerBytes(shape: HybridShape): number {
  checkShape(shape);
  const width = shape.heads * shape.headDim;
  const state = shape.heads * shape.headDim * shape.headDim * shape.stateBytesPerValue;
  const conv = 3 * (shape.convKernel - 1) * width * shape.convBytesPerValue;
  return state + conv;
}

export interface HybridMemory {
  /** The attention layers' cache after `context` tokens. */
  cache: number;
  /** The linear layers' fixed memory, the same at every length. */
  state: number;
  total: number;
  /** The same stack with every layer an attention layer: what the hybrid saves against. */
  allAttention: number;
}

export function hybridMemory(shape: HybridShape, context: number): HybridMemory {
  requireNonNegative('context', context);
  const perToken = cacheBytesPerTokenPerLayer(shape);
  const cache = shape.attentionLayers * perToken * context;
  const state = shape.linearLayers * linearLayerBytes(shape);
  return { cache, state, total: cache + state, allAttention: (shape.attentionLayers + shape.linearLayers) * perToken * context };
}

/** Tokens after which the cache holds more bytes than all the linear layers' state together. */
export function cacheOutgrowsState(shape: HybridShape): number {
  return (shape.linearLayers * linearLayerBytes(shape)) / (shape.attentionLayers * cacheBytesPerTokenPerLayer(shape));
}
