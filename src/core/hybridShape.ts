/**
 * Kimi K3's panel (research/evidence.md §2.3) in the terms it was written in: one kind of layer
 * that caches every token, one that keeps a KDA state. Every size is computed by the general
 * model of ./hybridMemory.ts.
 */
import { requireNonNegative, requirePositiveInteger } from './checks';
import { entryBytes, type LayerGroup, sequenceMemory, stackSummary, stateBytesPerLayer, type Storage } from './hybridMemory';

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
  if (shape.stateBytesPerValue !== 4 && shape.stateBytesPerValue !== 2)
    throw new RangeError(`stateBytesPerValue must be 4 (fp32) or 2 (bf16), got ${shape.stateBytesPerValue}`);
  if (shape.cacheBytesPerValue !== 2) throw new RangeError(`cacheBytesPerValue must be 2 (bf16), got ${shape.cacheBytesPerValue}`);
}

/** The panel's shape as layer groups: the cache as one latent of all its values, the states as KDA's. */
export function hybridStack(shape: HybridShape): { stack: LayerGroup[]; storage: Storage } {
  checkShape(shape);
  const stack: LayerGroup[] = [
    { kind: 'mla', count: shape.attentionLayers, latent: shape.cacheValuesPerToken, rotary: 0 },
    {
      kind: 'linear',
      count: shape.linearLayers,
      keyHeads: shape.heads,
      keyDim: shape.headDim,
      valueHeads: shape.heads,
      valueDim: shape.headDim,
      conv: shape.convKernel,
    },
  ];
  const storage: Storage = {
    cache: 'bf16',
    state: shape.stateBytesPerValue === 4 ? 'fp32' : 'bf16',
    convBytes: shape.convBytesPerValue,
    fp8: { valueBytes: 1, sparseScaleEvery: 1, sparseScaleBytes: 0, compressedScaleBytes: 0, indexScaleBytes: 0 },
  };
  return { stack, storage };
}

/** Bytes one attention layer adds for every token of context. */
export function cacheBytesPerTokenPerLayer(shape: HybridShape): number {
  const { stack, storage } = hybridStack(shape);
  return entryBytes(stack[0]!, storage);
}

/** Bytes of one linear layer's fixed memory: each head's state, and the convolution's last inputs for q, k and v. */
export function linearLayerBytes(shape: HybridShape): number {
  const { stack, storage } = hybridStack(shape);
  const { state, conv } = stateBytesPerLayer(stack[1]!, storage);
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
  const { stack, storage } = hybridStack(shape);
  const m = sequenceMemory(stack, storage, context);
  const all = sequenceMemory([{ ...stack[0]!, count: shape.attentionLayers + shape.linearLayers }], storage, context);
  return { cache: m.growing, state: m.fixed, total: m.total, allAttention: all.total };
}

/** The first whole token at which the cache holds more bytes than all the linear layers' state together; Infinity when nothing is cached. */
export function cacheOutgrowsState(shape: HybridShape): number {
  const { stack, storage } = hybridStack(shape);
  const s = stackSummary(stack, storage);
  if (s.growingPerToken === 0) return Number.POSITIVE_INFINITY;
  return s.crossover ?? 1;
}
