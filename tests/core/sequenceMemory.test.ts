import { describe, expect, it } from 'vitest';
import {
  entryBytes,
  fixedBytes,
  groupMemory,
  growingBytesPerToken,
  type LayerGroup,
  prefixSnapshots,
  sequenceMemory,
  snapshotBytes,
  type Storage,
  stackSummary,
} from '../../src/core';

const fp8 = { valueBytes: 1, sparseScaleEvery: 128, sparseScaleBytes: 4, compressedScaleBytes: 8, indexScaleBytes: 4 };
const bf16: Storage = { cache: 'bf16', state: 'fp32', convBytes: 2, fp8 };
const f8: Storage = { ...bf16, cache: 'fp8' };
const MiB = 2 ** 20;

describe('each layer kind, worked by hand', () => {
  it('full attention keeps K and V of every KV head for every token', () => {
    const g: LayerGroup = { kind: 'full', count: 2, kvHeads: 2, headDim: 4 };
    // 2 heads × (4 + 4) values × 2 B = 32 B a token and layer.
    expect(entryBytes(g, bf16)).toBe(32);
    expect(groupMemory(g, bf16, 10)).toEqual({ growing: 640, fixed: 0 });
    expect(growingBytesPerToken(g, bf16)).toBe(64);
    expect(entryBytes({ ...g, valueHeadDim: 2 }, bf16)).toBe(24);
    // An fp8 cache keeps one scale per tensor: one byte a value.
    expect(entryBytes(g, f8)).toBe(16);
  });

  it('a sliding window keeps a ring that fills and then stops', () => {
    const g: LayerGroup = { kind: 'sliding', count: 3, kvHeads: 1, headDim: 4, window: 5 };
    expect(groupMemory(g, bf16, 3)).toEqual({ growing: 0, fixed: 3 * 3 * 16 });
    expect(groupMemory(g, bf16, 100)).toEqual({ growing: 0, fixed: 3 * 5 * 16 });
    expect(growingBytesPerToken(g, bf16)).toBe(0);
    expect(fixedBytes(g, bf16)).toBe(240);
  });

  it('MLA keeps one latent and its rotary slice per token, shared by every head', () => {
    const g: LayerGroup = { kind: 'mla', count: 1, latent: 512, rotary: 64 };
    expect(entryBytes(g, bf16)).toBe(1152);
    // A dense MLA cache in fp8 is one byte a value with one scale per tensor: 512 + 64 = 576 B, half of bf16.
    expect(entryBytes(g, f8)).toBe(576);
    // Read by DeepSeek Sparse Attention, vLLM's fp8_ds_mla: 512 fp8 values, four fp32 scales (one per 128),
    // 64 rotary values in bf16 = 512 + 16 + 128 = 656 B. In bf16 the layout does not matter.
    expect(entryBytes({ ...g, sparse: true }, f8)).toBe(656);
    expect(entryBytes({ ...g, sparse: true }, bf16)).toBe(1152);
    // A latent that is not a whole number of scale blocks still keeps a scale for its last part: 130 + 2·4 + 2·2.
    expect(entryBytes({ kind: 'mla', count: 1, latent: 130, rotary: 2, sparse: true }, f8)).toBe(142);
  });

  it('an fp8 grouped-query cache is one byte a value with one scale per tensor, per KV head, K and V', () => {
    // 4 KV heads × (128 + 128) values × 1 B = 1,024 B a token and layer; 23 layers = 23,552 B a token.
    const g: LayerGroup = { kind: 'full', count: 23, kvHeads: 4, headDim: 128 };
    expect(entryBytes(g, f8)).toBe(1024);
    expect(growingBytesPerToken(g, f8)).toBe(23_552);
    // A window layer's ring: 128 entries of the same 1,024 B.
    expect(fixedBytes({ kind: 'sliding', count: 1, kvHeads: 4, headDim: 128, window: 128 }, f8)).toBe(131_072);
  });

  it('a sparse-attention indexer key stays in fp8 beside a bf16 cache where engines keep it so', () => {
    const g: LayerGroup = { kind: 'indexer', count: 21, keyDim: 128 };
    expect(entryBytes(g, bf16)).toBe(256);
    // 128 fp8 values and one 4-byte scale.
    expect(entryBytes({ ...g, alwaysFp8: true }, bf16)).toBe(132);
    expect(growingBytesPerToken({ ...g, alwaysFp8: true }, bf16)).toBe(21 * 132);
    expect(entryBytes(g, f8)).toBe(132);
  });

  it('the crossover is the first whole token at which what grows exceeds what is fixed', () => {
    // 40 B a token against 672 B fixed: 16 tokens hold 640 (not yet), 17 hold 680 (past it); 672/40 = 16.8.
    const stack: LayerGroup[] = [
      { kind: 'full', count: 1, kvHeads: 1, headDim: 10 },
      { kind: 'mamba', count: 1, heads: 1, headDim: 6, stateDim: 28, groups: 1, conv: 0 },
    ];
    expect(stackSummary(stack, bf16)).toEqual({ growingPerToken: 40, fixed: 672, crossover: 17 });
    // Equal is not past: 48 B a token against 672 B meets it exactly at 14, so the crossover is 15.
    const even: LayerGroup[] = [{ kind: 'full', count: 1, kvHeads: 1, headDim: 12 }, stack[1]!];
    expect(stackSummary(even, bf16).crossover).toBe(15);
  });

  it('a compressed layer keeps a ring, one entry per block and an indexer key per entry', () => {
    const g: LayerGroup = { kind: 'compressed', count: 1, ratio: 4, entry: 512, rotary: 64, window: 128, indexDim: 128 };
    // 1,000 tokens make 250 blocks of 4: each a 1,024 B entry and a 256 B key; the ring holds 128 entries.
    expect(groupMemory(g, bf16, 1000)).toEqual({ growing: 250 * (1024 + 256), fixed: 128 * 1024 });
    // The unfinished block is not an entry yet.
    expect(groupMemory(g, bf16, 1003).growing).toBe(250 * 1280);
    expect(growingBytesPerToken(g, bf16)).toBe(1280 / 4);
    // DeepSeek-V4's fp8 entry: 448 fp8 values, 64 bf16 rotary values, 8 B of scales = 584 B (§2.2); the key 128 + 4.
    expect(entryBytes(g, f8)).toBe(584);
    expect(growingBytesPerToken(g, f8)).toBe((584 + 132) / 4);
    // Ratio 0: the ring alone.
    expect(groupMemory({ ...g, ratio: 0 }, bf16, 10_000)).toEqual({ growing: 0, fixed: 128 * 1024 });
  });

  it('an indexer keeps one key per token', () => {
    const g: LayerGroup = { kind: 'indexer', count: 21, keyDim: 128 };
    expect(growingBytesPerToken(g, bf16)).toBe(21 * 256);
    expect(growingBytesPerToken(g, f8)).toBe(21 * 132);
  });

  it('a linear layer keeps a key × value state per value head and the convolution’s last inputs', () => {
    const g: LayerGroup = { kind: 'linear', count: 1, keyHeads: 1, keyDim: 2, valueHeads: 2, valueDim: 3, conv: 4 };
    // State: 2 heads × 2 × 3 × 4 B = 48. Convolution: 3 kept inputs × (2·1·2 + 2·3 = 10 channels) × 2 B = 60.
    expect(groupMemory(g, bf16, 1e6)).toEqual({ growing: 0, fixed: 108 });
    expect(groupMemory(g, { ...bf16, state: 'bf16' }, 5).fixed).toBe(24 + 60);
  });

  it('a Mamba-2 layer keeps a head × state matrix per head and the convolution over x, B and C', () => {
    const g: LayerGroup = { kind: 'mamba', count: 2, heads: 2, headDim: 3, stateDim: 4, groups: 1, conv: 3 };
    // State: 2 × 3 × 4 × 4 B = 96. Convolution: 2 kept inputs × (6 + 2·1·4 = 14 channels) × 2 B = 56.
    expect(fixedBytes(g, bf16)).toBe(2 * 152);
    // A width that is not published counts no convolution state.
    expect(fixedBytes({ ...g, conv: 0 }, bf16)).toBe(2 * 96);
  });

  it('adds groups, multiplies by the batch and finds where growth overtakes what is fixed', () => {
    const stack: LayerGroup[] = [
      { kind: 'full', count: 1, kvHeads: 1, headDim: 5 },
      { kind: 'linear', count: 1, keyHeads: 1, keyDim: 2, valueHeads: 2, valueDim: 3, conv: 4 },
    ];
    const one = sequenceMemory(stack, bf16, 100);
    expect(one).toMatchObject({ growing: 2000, fixed: 108, total: 2108 });
    expect(sequenceMemory(stack, bf16, 100, 8).total).toBe(8 * 2108);
    expect(stackSummary(stack, bf16)).toMatchObject({ growingPerToken: 20, fixed: 108 });
    // 20 B a token against 108 B: 5 tokens hold 100, 6 hold 120.
    expect(stackSummary(stack, bf16).crossover).toBe(6);
    expect(stackSummary([stack[0]!], bf16).crossover).toBeNull();
  });

  it('refuses a group it cannot size, naming the field', () => {
    expect(() => groupMemory({ kind: 'full', count: 1, kvHeads: 0, headDim: 4 }, bf16, 1)).toThrow(/full\.kvHeads/);
    expect(() => groupMemory({ kind: 'mla', count: -1, latent: 4, rotary: 0 }, bf16, 1)).toThrow(/mla\.count/);
    expect(() => groupMemory({ kind: 'compressed', count: 1, ratio: 4, entry: 8, rotary: 9, window: 1, indexDim: 0 }, bf16, 1)).toThrow(/rotary/);
    expect(() => sequenceMemory([], bf16, 1, 0)).toThrow(/batch/);
  });
});

/** The six ways memory calculators go wrong (research/memory.md §2.2), each against the figure its report gives. */
describe('the six error classes, done right', () => {
  it('1. only the attention layers of a hybrid grow a cache (Qwen3.5-397B: 30 KiB a token, not 120)', () => {
    const qwen: LayerGroup[] = [
      { kind: 'full', count: 15, kvHeads: 2, headDim: 256 },
      { kind: 'linear', count: 45, keyHeads: 16, keyDim: 128, valueHeads: 64, valueDim: 128, conv: 4 },
    ];
    expect(stackSummary(qwen, bf16).growingPerToken).toBe(30 * 1024);
    const everyLayer = growingBytesPerToken({ kind: 'full', count: 60, kvHeads: 2, headDim: 256 }, bf16);
    expect(everyLayer / stackSummary(qwen, bf16).growingPerToken).toBe(4);
  });

  it('2. a window neither ignored nor charged in full (gpt-oss-120b: 36,864 B a token logical, the ring on top)', () => {
    const oss: LayerGroup[] = [
      { kind: 'sliding', count: 18, kvHeads: 8, headDim: 64, window: 128 },
      { kind: 'full', count: 18, kvHeads: 8, headDim: 64 },
    ];
    const s = stackSummary(oss, bf16);
    expect(s.growingPerToken).toBe(36_864);
    // Half of vLLM's allocated 73,728 B a token, which gives the window layers full pages.
    expect(73_728 / s.growingPerToken).toBe(2);
    expect(s.fixed).toBe(18 * 128 * 2048);
    expect(sequenceMemory(oss, bf16, 131_072).total).toBe(131_072 * 36_864 + 18 * 128 * 2048);
  });

  it('3. MLA sized as one latent, not as K and V per head (DeepSeek-V3: 68.6 KiB a token)', () => {
    const v3: LayerGroup[] = [{ kind: 'mla', count: 61, latent: 512, rotary: 64 }];
    expect(stackSummary(v3, bf16).growingPerToken).toBe(70_272);
    expect((stackSummary(v3, bf16).growingPerToken / 1024).toFixed(1)).toBe('68.6');
    // The generic formula with 128 KV heads of 192 + 128 values would charge 70× as much.
    const generic = growingBytesPerToken({ kind: 'full', count: 61, kvHeads: 128, headDim: 192, valueHeadDim: 128 }, bf16);
    expect(generic / 70_272).toBeGreaterThan(70);
  });

  it('4. DeepSeek-V4’s compressed caches modelled: latents of 5,536 B a token for Flash, not 84 KB', () => {
    const flash: LayerGroup[] = [
      { kind: 'compressed', count: 2, ratio: 0, entry: 512, rotary: 64, window: 128, indexDim: 0 },
      { kind: 'compressed', count: 21, ratio: 4, entry: 512, rotary: 64, window: 128, indexDim: 128 },
      { kind: 'compressed', count: 20, ratio: 128, entry: 512, rotary: 64, window: 128, indexDim: 0 },
    ];
    const latentsOnly = flash.map((g) => ({ ...g, indexDim: 0 }) as LayerGroup);
    // The gallery's 5.4 KiB: 21 × 1,024 / 4 + 20 × 1,024 / 128.
    expect(stackSummary(latentsOnly, bf16).growingPerToken).toBe(5536);
    // With the indexer's keys, 21 × 256 / 4 more; the rings of all 43 layers are fixed.
    expect(stackSummary(flash, bf16)).toMatchObject({ growingPerToken: 5536 + 1344, fixed: 43 * 128 * 1024 });
    // The generic fallback: one KV head of 512 for K and for V, in every layer.
    expect(growingBytesPerToken({ kind: 'full', count: 43, kvHeads: 1, headDim: 512 }, bf16)).toBe(88_064);
  });

  it('5. an fp8 cache is one byte a value plus its scales, not bytes per block taken per value', () => {
    const gqa: LayerGroup = { kind: 'full', count: 1, kvHeads: 8, headDim: 128 };
    expect(entryBytes(gqa, f8) / entryBytes(gqa, bf16)).toBe(0.5);
    expect(entryBytes({ kind: 'mla', count: 1, latent: 512, rotary: 64 }, f8)).toBe(576);
    expect(entryBytes({ kind: 'mla', count: 1, latent: 512, rotary: 64, sparse: true }, f8)).toBe(656);
    expect(entryBytes({ kind: 'compressed', count: 1, ratio: 4, entry: 512, rotary: 64, window: 128, indexDim: 0 }, f8)).toBe(584);
  });

  it('6. the fixed state counted (Qwen3.6-27B: 149.6 MiB a sequence, as llama.cpp allocates it in fp32)', () => {
    const qwen36: LayerGroup = { kind: 'linear', count: 48, keyHeads: 16, keyDim: 128, valueHeads: 48, valueDim: 128, conv: 4 };
    const fp32Conv: Storage = { ...bf16, convBytes: 4 };
    expect((fixedBytes(qwen36, fp32Conv) / MiB).toFixed(1)).toBe('149.6');
    expect(groupMemory(qwen36, fp32Conv, 1).fixed).toBe(groupMemory(qwen36, fp32Conv, 262_144).fixed);
  });
});

describe('what prefix caching holds: a snapshot of the recurrent layers at every boundary', () => {
  // Qwen3.5-397B-A17B's shapes (data/memory.json): 45 Gated DeltaNet layers of 16 key heads and 64 value
  // heads of 128, a convolution of 4; 15 full-attention layers of 2 KV heads of 256.
  const qwen: LayerGroup[] = [
    { kind: 'full', count: 15, kvHeads: 2, headDim: 256 },
    { kind: 'linear', count: 45, keyHeads: 16, keyDim: 128, valueHeads: 64, valueDim: 128, conv: 4 },
  ];
  // Kimi Linear 48B-A3B: 20 KDA layers of 32 heads of 128, a convolution of 4; 7 MLA layers.
  const kimiLinear: LayerGroup[] = [
    { kind: 'mla', count: 7, latent: 512, rotary: 64 },
    { kind: 'linear', count: 20, keyHeads: 32, keyDim: 128, valueHeads: 32, valueDim: 128, conv: 4 },
  ];

  it('one snapshot of Qwen3.5-397B-A17B, worked by hand: 45 × (64·128·128 × 4 B + 3 × (2·16·128 + 64·128) × 2 B) = 192,061,440 B', () => {
    // State 4,194,304 B a layer; convolution inputs 3 × 12,288 channels × 2 B = 73,728 B a layer.
    expect(snapshotBytes(qwen, bf16)).toEqual({ state: 45 * 4_194_304, conv: 45 * 73_728, total: 192_061_440 });
    // In bf16 the state halves and the convolution inputs do not.
    expect(snapshotBytes(qwen, { ...bf16, state: 'bf16' }).total).toBe(45 * (2_097_152 + 73_728));
  });

  it('one snapshot of Kimi Linear 48B-A3B, worked by hand: 20 × (32·128·128 × 4 B + 3 × (2·32·128 + 32·128) × 2 B) = 43,417,600 B', () => {
    expect(snapshotBytes(kimiLinear, bf16).total).toBe(20 * (2_097_152 + 73_728));
    expect(snapshotBytes(kimiLinear, bf16).total).toBe(43_417_600);
  });

  it('a snapshot every 4,096 tokens to 262,144 is 64 of them, beside the cache that grows to that length; a stack with no state needs none', () => {
    const p = prefixSnapshots(qwen, bf16, 262_144);
    expect(p.count).toBe(64);
    expect(p.held).toBe(64 * 192_061_440);
    // The cache: 15 layers × 2 heads × (256 + 256) values × 2 B = 30,720 B a token.
    expect(p.cache).toBe(30_720 * 262_144);
    expect(p.held).toBeGreaterThan(p.cache);
    expect(prefixSnapshots(qwen, bf16, 4095).count).toBe(0);
    expect(prefixSnapshots([{ kind: 'full', count: 2, kvHeads: 2, headDim: 4 }], bf16, 8192)).toMatchObject({ count: 2, one: 0, held: 0 });
    expect(() => prefixSnapshots(qwen, bf16, 100, 0)).toThrow(/every/);
  });
});
