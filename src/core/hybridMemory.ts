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
  /** Multi-head latent attention: one latent per token plus its rotary slice, shared by every head. */
  | { kind: 'mla'; count: number; latent: number; rotary: number }
  /**
   * DeepSeek-V4's layers: a ring of the last `window` entries, plus one entry for every `ratio`
   * tokens (ratio 0: the ring alone), and an indexer key for each compressed entry when `indexDim` > 0.
   * An entry is `entry` values, K and V shared, of which `rotary` carry the position.
   */
  | { kind: 'compressed'; count: number; ratio: number; entry: number; rotary: number; window: number; indexDim: number }
  /** A sparse-attention indexer's keys: one key of `keyDim` values per token in each of `count` layers. */
  | { kind: 'indexer'; count: number; keyDim: number }
  /** Linear attention (Gated DeltaNet, KDA): a keyDim × valueDim state per value head, and the short convolution's last inputs. */
  | { kind: 'linear'; count: number; keyHeads: number; keyDim: number; valueHeads: number; valueDim: number; conv: number }
  /** Mamba-2: a headDim × stateDim state per head, and the convolution's last inputs over x, B and C (conv 0: not counted). */
  | { kind: 'mamba'; count: number; heads: number; headDim: number; stateDim: number; groups: number; conv: number };

export type LayerKind = LayerGroup['kind'];

export type CacheType = 'bf16' | 'fp8';
export type StateType = 'fp32' | 'bf16';

/** How an fp8 cache packs what it cannot store in one byte a value (research/memory.md §2.2, class 3). */
export interface Fp8Layout {
  /** An MLA latent keeps one scale of `latentScaleBytes` for every `latentScaleEvery` values; its rotary slice stays in bf16. */
  latentScaleEvery: number;
  latentScaleBytes: number;
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

/** Bytes of one entry a layer adds to its cache (or ring) per token or compressed block. */
export function entryBytes(g: LayerGroup, s: Storage): number {
  const fp8 = s.cache === 'fp8';
  switch (g.kind) {
    case 'full':
    case 'sliding':
      // K and V of each KV head; an fp8 cache keeps one scale per tensor, not per token.
      return g.kvHeads * (g.headDim + (g.valueHeadDim ?? g.headDim)) * (fp8 ? 1 : WIDE);
    case 'mla':
      return fp8 ? g.latent + Math.ceil(g.latent / s.fp8.latentScaleEvery) * s.fp8.latentScaleBytes + g.rotary * WIDE : (g.latent + g.rotary) * WIDE;
    case 'compressed':
      return fp8 ? g.entry - g.rotary + g.rotary * WIDE + s.fp8.compressedScaleBytes : g.entry * WIDE;
    case 'indexer':
      return fp8 ? g.keyDim + s.fp8.indexScaleBytes : g.keyDim * WIDE;
    default:
      return 0;
  }
}

/** A compressed layer's indexer key, per compressed entry. */
function indexKeyBytes(g: Extract<LayerGroup, { kind: 'compressed' }>, s: Storage): number {
  if (g.indexDim === 0 || g.ratio === 0) return 0;
  return s.cache === 'fp8' ? g.indexDim + s.fp8.indexScaleBytes : g.indexDim * WIDE;
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
  /** Tokens after which what grows outweighs what is fixed; null when the stack has only one of the two. */
  crossover: number | null;
}

export function stackSummary(stack: readonly LayerGroup[], s: Storage): StackSummary {
  const growingPerToken = stack.reduce((a, g) => a + growingBytesPerToken(g, s), 0);
  const fixed = stack.reduce((a, g) => a + fixedBytes(g, s), 0);
  return { growingPerToken, fixed, crossover: growingPerToken > 0 && fixed > 0 ? crossover(stack, s) : null };
}

/**
 * The context from which what grows outweighs what is fixed: the least t with growing(t) > fixed(t),
 * found on the bytes themselves, so a compressed cache's whole blocks and a ring still filling are
 * counted as they are. Past every ring the gap only widens, and before them it keeps one sign, so
 * the test is false up to one point and true after it: halving the interval finds that point.
 */
function crossover(stack: readonly LayerGroup[], s: Storage): number {
  const ahead = (t: number) => {
    const m = sequenceMemory(stack, s, t);
    return m.growing > m.fixed;
  };
  let hi = 1;
  while (!ahead(hi)) hi *= 2;
  let lo = 0;
  for (let i = 0; i < 200 && hi - lo > hi * 1e-15; i++) {
    const mid = (lo + hi) / 2;
    if (ahead(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
