/**
 * What a model holds per sequence while it reads a context (research/memory.md §3), layer kind
 * by layer kind: the caches that grow with every token, the states and rings that do not.
 * Sizes are logical bytes, before any paging or padding an engine adds; batch multiplies them.
 * Kimi K3's panel (research/evidence.md §2.3) and the shipping figure both compute here.
 */
import { requireNonNegative, requirePositiveInteger } from './checks';

/** Every layer of a stack that keeps something per sequence, grouped by what it keeps. */
export type LayerGroup =
  /** Attention over every token: K and V of each KV head, per token. */
  | { kind: 'full'; count: number; kvHeads: number; headDim: number; valueHeadDim?: number }
  /** Attention over the last `window` tokens: the same entries, in a ring of that many. */
  | { kind: 'sliding'; count: number; kvHeads: number; headDim: number; valueHeadDim?: number; window: number }
  /**
   * Multi-head latent attention: one latent per token plus its rotary slice, shared by every head.
   * `sparse`: DeepSeek Sparse Attention reads it (an indexer picks the entries), and engines store
   * it in fp8 in that attention's own layout.
   */
  | { kind: 'mla'; count: number; latent: number; rotary: number; sparse?: boolean }
  /**
   * DeepSeek-V4's layers: a ring of the last `window` entries, plus one entry for every `ratio`
   * tokens (ratio 0: the ring alone), and an indexer key for each compressed entry when `indexDim` > 0.
   * An entry is `entry` values, K and V shared, of which `rotary` carry the position.
   */
  | { kind: 'compressed'; count: number; ratio: number; entry: number; rotary: number; window: number; indexDim: number }
  /**
   * A sparse-attention indexer's keys: one key of `keyDim` values per token in each of `count`
   * layers. `alwaysFp8`: engines keep them in fp8 whatever the main cache's type (DeepSeek Sparse Attention's indexer).
   */
  | { kind: 'indexer'; count: number; keyDim: number; alwaysFp8?: boolean }
  /** Linear attention (Gated DeltaNet, KDA): a keyDim × valueDim state per value head, and the short convolution's last inputs. */
  | { kind: 'linear'; count: number; keyHeads: number; keyDim: number; valueHeads: number; valueDim: number; conv: number }
  /** Mamba-2: a headDim × stateDim state per head, and the convolution's last inputs over x, B and C (conv 0: not counted). */
  | { kind: 'mamba'; count: number; heads: number; headDim: number; stateDim: number; groups: number; conv: number };

export type LayerKind = LayerGroup['kind'];

export type CacheType = 'bf16' | 'fp8';
export type StateType = 'fp32' | 'bf16';

/**
 * How engines store a cache in fp8: the one place the page's storage rule lives, kind by kind.
 * - GQA (full and sliding layers): one byte a value, with one scale per tensor, not per token
 *   (vLLM's `fp8` kv_cache_dtype, vllm/v1/kv_cache_interface.py, `AttentionSpec.real_page_size_bytes`).
 * - Dense MLA: the latent and its rotary slice one byte a value, one scale per tensor: 576 bytes a
 *   token and layer for a 512 + 64 latent, half of bf16 (vLLM's `MLAAttentionSpec.real_page_size_bytes`
 *   outside `fp8_ds_mla`; SGLang's fp8 MLA buffer is the same 576 values with one scale).
 * - MLA read by DeepSeek Sparse Attention: vLLM's `fp8_ds_mla`, the latent in fp8 with one fp32
 *   scale for every 128 values and the rotary slice in bf16: 656 bytes for 512 + 64
 *   (`MLAAttentionSpec.real_page_size_bytes`; FlashMLA's sparse kernels read this layout).
 * - DeepSeek-V4's compressed entry: the values without position in fp8, the rotary slice in bf16,
 *   and 8 bytes of scales: 584 bytes (vLLM PR #56893; rtp-llm `DSV4_FP8_KV_ENTRY_BYTES`).
 * - An indexer key: fp8 with one 4-byte scale per 128 values, 132 bytes for 128 (vLLM's
 *   `DeepseekV32IndexerCache`, kept in fp8 even beside a bf16 cache; rtp-llm `DSV4_FP8_INDEXER_ENTRY_BYTES`).
 * The numbers themselves come from data/memory.json, each with its source.
 */
export interface Fp8Layout {
  /** Bytes a value of a dense fp8 cache (GQA, dense MLA, the fp8 parts of the layouts below). */
  valueBytes: number;
  /** A sparse-attention MLA latent keeps one scale of `sparseScaleBytes` for every `sparseScaleEvery` values; its rotary slice stays in bf16. */
  sparseScaleEvery: number;
  sparseScaleBytes: number;
  /** A compressed entry's scale bytes; its rotary slice stays in bf16. */
  compressedScaleBytes: number;
  /** An indexer key's scale bytes. */
  indexScaleBytes: number;
}

export interface Storage {
  cache: CacheType;
  state: StateType;
  /** Bytes a value of the convolution state: engines keep it in the model's dtype or in fp32. */
  convBytes: number;
  fp8: Fp8Layout;
}

/** bf16 and fp32 in bytes; fp8 in its own layouts, above. */
const WIDE = 2;
const stateBytes = (s: Storage) => (s.state === 'fp32' ? 4 : 2);

const COUNT_KEYS: Record<LayerKind, readonly string[]> = {
  full: ['kvHeads', 'headDim'],
  sliding: ['kvHeads', 'headDim', 'window'],
  mla: ['latent'],
  compressed: ['entry', 'window'],
  indexer: ['keyDim'],
  linear: ['keyHeads', 'keyDim', 'valueHeads', 'valueDim', 'conv'],
  mamba: ['heads', 'headDim', 'stateDim', 'groups'],
};
const ZERO_OK: Record<LayerKind, readonly string[]> = {
  full: ['valueHeadDim'],
  sliding: ['valueHeadDim'],
  mla: ['rotary'],
  compressed: ['ratio', 'rotary', 'indexDim'],
  indexer: [],
  linear: [],
  mamba: ['conv'],
};

/** Throws an error naming the group and the field that is not a whole number of the right sign. */
export function checkGroup(g: LayerGroup, where = g.kind): void {
  const record = g as unknown as Record<string, unknown>;
  const whole = (key: string, min: number) => {
    const v = record[key];
    if (v === undefined && min === 0) return;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw new RangeError(`${where}.${key} must be a whole number ≥ ${min}, got ${String(v)}`);
  };
  whole('count', 0);
  for (const key of COUNT_KEYS[g.kind]) whole(key, 1);
  for (const key of ZERO_OK[g.kind]) whole(key, 0);
  if (g.kind === 'compressed' && g.rotary > g.entry) throw new RangeError(`${where}.rotary must not exceed entry, got ${g.rotary} > ${g.entry}`);
}

/** Bytes of an MLA latent and its rotary slice in fp8: dense, or in DeepSeek Sparse Attention's layout. */
export function mlaFp8Bytes(latent: number, rotary: number, sparse: boolean, f: Fp8Layout): number {
  if (!sparse) return (latent + rotary) * f.valueBytes;
  return latent * f.valueBytes + Math.ceil(latent / f.sparseScaleEvery) * f.sparseScaleBytes + rotary * WIDE;
}

/** Bytes of one indexer key of `keyDim` values. */
function indexKey(keyDim: number, fp8: boolean, f: Fp8Layout): number {
  return fp8 ? keyDim * f.valueBytes + f.indexScaleBytes : keyDim * WIDE;
}

/** Bytes of one entry a layer adds to its cache (or ring) per token or compressed block. */
export function entryBytes(g: LayerGroup, s: Storage): number {
  const fp8 = s.cache === 'fp8';
  switch (g.kind) {
    case 'full':
    case 'sliding':
      // K and V of each KV head; an fp8 cache keeps one scale per tensor, not per token.
      return g.kvHeads * (g.headDim + (g.valueHeadDim ?? g.headDim)) * (fp8 ? s.fp8.valueBytes : WIDE);
    case 'mla':
      return fp8 ? mlaFp8Bytes(g.latent, g.rotary, g.sparse === true, s.fp8) : (g.latent + g.rotary) * WIDE;
    case 'compressed':
      return fp8 ? (g.entry - g.rotary) * s.fp8.valueBytes + g.rotary * WIDE + s.fp8.compressedScaleBytes : g.entry * WIDE;
    case 'indexer':
      return indexKey(g.keyDim, fp8 || g.alwaysFp8 === true, s.fp8);
    default:
      return 0;
  }
}

/** A compressed layer's indexer key, per compressed entry. */
function indexKeyBytes(g: Extract<LayerGroup, { kind: 'compressed' }>, s: Storage): number {
  if (g.indexDim === 0 || g.ratio === 0) return 0;
  return indexKey(g.indexDim, s.cache === 'fp8', s.fp8);
}

/** One layer's recurrent state and convolution inputs, which stay the same size at every length. */
export function stateBytesPerLayer(g: LayerGroup, s: Storage): { state: number; conv: number } {
  if (g.kind === 'linear') {
    const channels = 2 * g.keyHeads * g.keyDim + g.valueHeads * g.valueDim;
    return { state: g.valueHeads * g.keyDim * g.valueDim * stateBytes(s), conv: (g.conv - 1) * channels * s.convBytes };
  }
  if (g.kind === 'mamba') {
    const channels = g.heads * g.headDim + 2 * g.groups * g.stateDim;
    return { state: g.heads * g.headDim * g.stateDim * stateBytes(s), conv: g.conv === 0 ? 0 : (g.conv - 1) * channels * s.convBytes };
  }
  return { state: 0, conv: 0 };
}

export interface GroupMemory {
  /** Bytes the group holds that grow with the context (caches of every token or of compressed blocks). */
  growing: number;
  /** Bytes that stop growing: states, convolution inputs, window rings (full once the context reaches the window). */
  fixed: number;
}

/** What one group of layers holds for one sequence after `context` tokens. */
export function groupMemory(g: LayerGroup, s: Storage, context: number): GroupMemory {
  checkGroup(g);
  requireNonNegative('context', context);
  const n = g.count;
  switch (g.kind) {
    case 'full':
    case 'mla':
    case 'indexer':
      return { growing: n * context * entryBytes(g, s), fixed: 0 };
    case 'sliding':
      return { growing: 0, fixed: n * Math.min(context, g.window) * entryBytes(g, s) };
    case 'compressed': {
      // A block becomes an entry once all `ratio` of its tokens are in; the unfinished one is in the ring.
      const blocks = g.ratio === 0 ? 0 : Math.floor(context / g.ratio);
      return {
        growing: n * blocks * (entryBytes(g, s) + indexKeyBytes(g, s)),
        fixed: n * Math.min(context, g.window) * entryBytes(g, s),
      };
    }
    default: {
      const { state, conv } = stateBytesPerLayer(g, s);
      return { growing: 0, fixed: n * (state + conv) };
    }
  }
}

/** Bytes per token the group adds once its rings are full: the slope of its line. */
export function growingBytesPerToken(g: LayerGroup, s: Storage): number {
  checkGroup(g);
  if (g.kind === 'full' || g.kind === 'mla' || g.kind === 'indexer') return g.count * entryBytes(g, s);
  if (g.kind === 'compressed' && g.ratio > 0) return (g.count * (entryBytes(g, s) + indexKeyBytes(g, s))) / g.ratio;
  return 0;
}

/** Bytes the group holds whatever the context, once the context has filled its rings. */
export function fixedBytes(g: LayerGroup, s: Storage): number {
  checkGroup(g);
  if (g.kind === 'sliding' || g.kind === 'compressed') return g.count * g.window * entryBytes(g, s);
  const { state, conv } = stateBytesPerLayer(g, s);
  return g.count * (state + conv);
}

/** One snapshot of a stack's recurrent state and convolution inputs, as a prefix cache keeps it at a boundary (a cache's blocks are their own prefix). */
export function snapshotBytes(stack: readonly LayerGroup[], s: Storage): { state: number; conv: number; total: number } {
  let state = 0;
  let conv = 0;
  for (const g of stack) {
    checkGroup(g);
    const one = stateBytesPerLayer(g, s);
    state += g.count * one.state;
    conv += g.count * one.conv;
  }
  return { state, conv, total: state + conv };
}

/**
 * What a server holds to cache one sequence's prefix at every `every` tokens up to `context`: one
 * snapshot per whole boundary reached, beside the cache that grows with the context.
 */
export function prefixSnapshots(stack: readonly LayerGroup[], s: Storage, context: number, every = 4096) {
  requirePositiveInteger('every', every);
  requireNonNegative('context', context);
  const one = snapshotBytes(stack, s);
  const count = Math.floor(context / every);
  return { every, count, one: one.total, held: count * one.total, cache: sequenceMemory(stack, s, context).growing };
}

export interface SequenceMemory extends GroupMemory {
  total: number;
  /** The same per group, in the stack's order. */
  groups: GroupMemory[];
}

/** What the whole stack holds for `batch` sequences of `context` tokens each. */
export function sequenceMemory(stack: readonly LayerGroup[], s: Storage, context: number, batch = 1): SequenceMemory {
  requirePositiveInteger('batch', batch);
  const groups = stack.map((g) => {
    const m = groupMemory(g, s, context);
    return { growing: m.growing * batch, fixed: m.fixed * batch };
  });
  const growing = groups.reduce((a, g) => a + g.growing, 0);
  const fixed = groups.reduce((a, g) => a + g.fixed, 0);
  return { growing, fixed, total: growing + fixed, groups };
}

/** How a stack's line behaves: a recurrent state, rings of recent entries only, or nothing fixed at all. */
export type MemoryCategory = 'state' | 'window' | 'cache';

export function categoryOf(stack: readonly LayerGroup[]): MemoryCategory {
  if (stack.some((g) => g.kind === 'linear' || g.kind === 'mamba')) return 'state';
  return stack.some((g) => g.kind === 'sliding' || g.kind === 'compressed') ? 'window' : 'cache';
}

export interface StackSummary {
  growingPerToken: number;
  fixed: number;
  /** The first whole token at which what grows exceeds what is fixed; null when the stack has only one of the two. */
  crossover: number | null;
}

export function stackSummary(stack: readonly LayerGroup[], s: Storage): StackSummary {
  const growingPerToken = stack.reduce((a, g) => a + growingBytesPerToken(g, s), 0);
  const fixed = stack.reduce((a, g) => a + fixedBytes(g, s), 0);
  return { growingPerToken, fixed, crossover: growingPerToken > 0 && fixed > 0 ? crossover(stack, s) : null };
}

/**
 * The least whole number of tokens t with growing(t) > fixed(t), found on the bytes themselves, so
 * a compressed cache's whole blocks and a ring still filling are counted as they are. Past every
 * ring the gap only widens, and before them it keeps one sign, so the test is false up to one
 * token and true from it on: halving the interval of whole tokens finds that token.
 */
function crossover(stack: readonly LayerGroup[], s: Storage): number {
  const ahead = (t: number) => {
    const m = sequenceMemory(stack, s, t);
    return m.growing > m.fixed;
  };
  let hi = 1;
  while (!ahead(hi)) hi *= 2;
  let lo = 0;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (ahead(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
