import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, MAX_CONFIG_BYTES, readConfig, stackSummary, type Storage } from '../../src/core';

const storage: Storage = {
  cache: 'bf16',
  state: 'fp32',
  convBytes: 2,
  fp8: { valueBytes: 1, sparseScaleEvery: 128, sparseScaleBytes: 4, compressedScaleBytes: 8, indexScaleBytes: 4 },
};
const read = (config: unknown) => readConfig(JSON.stringify(config, null, 2));
function model(config: unknown) {
  const r = read(config);
  if (!r.ok) throw new Error(`expected a model, got: ${r.message}`);
  return r;
}
function refusal(config: unknown | string) {
  const r = typeof config === 'string' ? readConfig(config) : read(config);
  if (r.ok) throw new Error('expected an error');
  return r;
}

/** Configs with the keys research/memory.md §3.1 names, values as the released files give them. */
const gpt2 = { model_type: 'gpt2', n_layer: 12, n_head: 12, n_embd: 768, n_ctx: 1024, vocab_size: 50257 };
const qwen35 = {
  model_type: 'qwen3_5_moe',
  text_config: {
    num_hidden_layers: 60,
    full_attention_interval: 4,
    num_attention_heads: 32,
    num_key_value_heads: 2,
    head_dim: 256,
    linear_num_key_heads: 16,
    linear_num_value_heads: 64,
    linear_key_head_dim: 128,
    linear_value_head_dim: 128,
    linear_conv_kernel_dim: 4,
    max_position_embeddings: 262144,
  },
};
const deepseekV3 = {
  model_type: 'deepseek_v3',
  num_hidden_layers: 61,
  num_attention_heads: 128,
  num_key_value_heads: 128,
  kv_lora_rank: 512,
  qk_rope_head_dim: 64,
  qk_nope_head_dim: 128,
  v_head_dim: 128,
  max_position_embeddings: 163840,
};
const gptOss = {
  model_type: 'gpt_oss',
  num_hidden_layers: 4,
  layer_types: ['sliding_attention', 'full_attention', 'sliding_attention', 'full_attention'],
  sliding_window: 128,
  num_attention_heads: 64,
  num_key_value_heads: 8,
  head_dim: 64,
};
const flash = {
  model_type: 'deepseek_v4',
  num_hidden_layers: 43,
  compress_ratios: [0, 0, ...Array.from({ length: 41 }, (_, i) => (i % 2 === 0 ? 4 : 128)), 0],
  num_key_value_heads: 1,
  head_dim: 512,
  qk_rope_head_dim: 64,
  sliding_window: 128,
  index_head_dim: 128,
  index_n_heads: 64,
};
const kimiLinear = {
  model_type: 'kimi_linear',
  num_hidden_layers: 27,
  kv_lora_rank: 512,
  qk_rope_head_dim: 64,
  num_attention_heads: 32,
  linear_attn_config: {
    kda_layers: [1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15, 17, 18, 19, 21, 22, 23, 25, 26],
    full_attn_layers: [4, 8, 12, 16, 20, 24, 27],
    num_heads: 32,
    head_dim: 128,
    short_conv_kernel_size: 4,
  },
};
const nemotronH = {
  model_type: 'nemotron_h',
  hybrid_override_pattern: 'M-M*-ME',
  num_attention_heads: 8,
  num_key_value_heads: 2,
  head_dim: 128,
  mamba_num_heads: 4,
  mamba_head_dim: 8,
  ssm_state_size: 16,
  n_groups: 2,
  conv_kernel: 4,
};

describe('reading a config.json', () => {
  it('GPT-2: every layer full, the head width from n_embd / n_head', () => {
    const r = model(gpt2);
    expect(r.stack).toEqual([{ kind: 'full', count: 12, kvHeads: 12, headDim: 64 }]);
    expect(r.contextTokens).toBe(1024);
    expect(r.name).toBe('gpt2');
    expect(r.used).toEqual(expect.arrayContaining(['n_layer', 'n_head', 'n_embd', 'n_ctx']));
    expect(r.ignored).toEqual(['vocab_size']);
  });

  it('Qwen3.5: a nested text_config, one layer in four full, the rest Gated DeltaNet', () => {
    const r = model(qwen35);
    expect(r.stack).toEqual([
      { kind: 'full', count: 15, kvHeads: 2, headDim: 256 },
      { kind: 'linear', count: 45, keyHeads: 16, keyDim: 128, valueHeads: 64, valueDim: 128, conv: 4 },
    ]);
    expect(r.used).toContain('text_config.full_attention_interval');
    expect(stackSummary(r.stack, storage).growingPerToken).toBe(30 * 1024);
  });

  it('DeepSeek-V3: MLA, and num_key_value_heads is left unread', () => {
    const r = model(deepseekV3);
    expect(r.stack).toEqual([{ kind: 'mla', count: 61, latent: 512, rotary: 64 }]);
    expect(r.ignored).toEqual(expect.arrayContaining(['num_key_value_heads', 'qk_nope_head_dim', 'v_head_dim']));
  });

  it('gpt-oss: layer_types split into window and full layers', () => {
    expect(model(gptOss).stack).toEqual([
      { kind: 'full', count: 2, kvHeads: 8, headDim: 64 },
      { kind: 'sliding', count: 2, kvHeads: 8, headDim: 64, window: 128 },
    ]);
  });

  it('DeepSeek-V4-Flash: one group per compress ratio, the extra prediction layer left out', () => {
    const r = model(flash);
    expect(r.stack).toEqual([
      { kind: 'compressed', count: 2, ratio: 0, entry: 512, rotary: 64, window: 128, indexDim: 0 },
      { kind: 'compressed', count: 21, ratio: 4, entry: 512, rotary: 64, window: 128, indexDim: 128 },
      { kind: 'compressed', count: 20, ratio: 128, entry: 512, rotary: 64, window: 128, indexDim: 0 },
    ]);
    expect(r.notes.join(' ')).toMatch(/1 more layer/);
  });

  it('Kimi Linear: KDA layers from linear_attn_config, MLA for the rest', () => {
    expect(model(kimiLinear).stack).toEqual([
      { kind: 'mla', count: 7, latent: 512, rotary: 64 },
      { kind: 'linear', count: 20, keyHeads: 32, keyDim: 128, valueHeads: 32, valueDim: 128, conv: 4 },
    ]);
  });

  it('Nemotron-H: Mamba, attention and MLP layers from hybrid_override_pattern', () => {
    expect(model(nemotronH).stack).toEqual([
      { kind: 'full', count: 1, kvHeads: 2, headDim: 128 },
      { kind: 'mamba', count: 3, heads: 4, headDim: 8, stateDim: 16, groups: 2, conv: 4 },
    ]);
  });

  it('GLM-5.2’s IndexShare: 21 of 78 layers keep indexer keys', () => {
    const r = model({ num_hidden_layers: 78, kv_lora_rank: 512, qk_rope_head_dim: 64, index_head_dim: 128, index_topk_freq: 4, index_skip_topk_offset: 3 });
    expect(r.stack[1]).toEqual({ kind: 'indexer', count: 21, keyDim: 128 });
  });

  it('a sliding window switched off, or on every sixth layer', () => {
    const base = { num_hidden_layers: 12, num_attention_heads: 4, head_dim: 8, sliding_window: 64 };
    expect(model({ ...base, use_sliding_window: false }).stack).toEqual([{ kind: 'full', count: 12, kvHeads: 4, headDim: 8 }]);
    expect(model({ ...base, sliding_window_pattern: 6 }).stack).toEqual([
      { kind: 'full', count: 2, kvHeads: 4, headDim: 8 },
      { kind: 'sliding', count: 10, kvHeads: 4, headDim: 8, window: 64 },
    ]);
    expect(model({ ...base, sliding_window_pattern: 6 }).notes.join(' ')).not.toMatch(/every layer is read as windowed/);
  });

  it('a window with no layout says that every layer is read as windowed', () => {
    const r = model({ num_hidden_layers: 12, num_attention_heads: 4, head_dim: 8, sliding_window: 64 });
    expect(r.stack).toEqual([{ kind: 'sliding', count: 12, kvHeads: 4, headDim: 8, window: 64 }]);
    expect(r.notes).toContain('The config does not lay out which layers use sliding_window, so every layer is read as windowed.');
  });
});

describe('bad pastes get an answer that names what is wrong', () => {
  it('malformed JSON: the line and column', () => {
    const r = refusal('{\n  "num_hidden_layers": 12,\n  "n_head" 12\n}');
    expect(r).toMatchObject({ line: 3, column: 12 });
    expect(r.message).toMatch(/line 3, column 12/);
    expect(refusal('{"a": 1,}')).toMatchObject({ line: 1, column: 9 });
    expect(refusal('')).toMatchObject({ field: '(root)' });
    expect(refusal('[1, 2]').message).toMatch(/object/);
  });

  it('a missing or unknown key', () => {
    expect(refusal({ hidden_size: 8 })).toMatchObject({ field: 'num_hidden_layers' });
    expect(refusal({ num_hidden_layers: 2, num_attention_heads: 2, head_dim: 4, layer_types: ['full_attention', 'warp_drive'] })).toMatchObject({
      field: 'layer_types[1]',
    });
    // Names every object has are no layer type either.
    for (const name of ['constructor', 'toString', '__proto__']) {
      expect(refusal({ num_hidden_layers: 2, num_attention_heads: 2, head_dim: 4, layer_types: ['full_attention', name] })).toMatchObject({
        field: 'layer_types[1]',
      });
    }
    expect(refusal({ num_hidden_layers: 2, kv_lora_rank: 512 })).toMatchObject({ field: 'qk_rope_head_dim' });
    expect(refusal({ ...qwen35.text_config, linear_key_head_dim: undefined })).toMatchObject({ field: 'linear_key_head_dim' });
    expect(refusal({ num_hidden_layers: 3, num_attention_heads: 5, hidden_size: 12 })).toMatchObject({ field: 'hidden_size' });
  });

  it('negative, fractional, non-finite and absurd values, with the field named', () => {
    expect(refusal({ ...gpt2, n_head: -12 })).toMatchObject({ field: 'n_head' });
    expect(refusal({ ...gpt2, n_embd: 767.5 })).toMatchObject({ field: 'n_embd' });
    expect(refusal('{"n_layer": 1e400, "n_head": 1, "n_embd": 1}')).toMatchObject({ field: 'n_layer', message: expect.stringMatching(/finite/) });
    expect(refusal({ ...gpt2, n_layer: 1_000_001 })).toMatchObject({ field: 'n_layer', message: expect.stringMatching(/at most 1,000,000/) });
    expect(refusal({ ...gpt2, n_head: '12' })).toMatchObject({ field: 'n_head' });
    expect(refusal({ ...qwen35, text_config: { ...qwen35.text_config, num_key_value_heads: 0 } })).toMatchObject({ field: 'text_config.num_key_value_heads' });
  });

  it('a paste over 1 MB is refused before it is read', () => {
    const big = JSON.stringify({ ...gpt2, pad: 'x'.repeat(MAX_CONFIG_BYTES) });
    expect(refusal(big).message).toMatch(/over 1,000,000 bytes/);
    // Bytes, not characters: 400,000 three-byte characters are 1.2 MB.
    expect(refusal(JSON.stringify({ ...gpt2, pad: '€'.repeat(400_000) })).message).toMatch(/over/);
  });

  it('the JSON checker agrees with JSON.parse on which texts are valid', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.json().map((s) => s.slice(0, -1)),
          fc.json().map((s) => `${s},`),
        ),
        (text) => {
          let valid = true;
          try {
            JSON.parse(text);
          } catch {
            valid = false;
          }
          expect(jsonErrorOffset(text) === -1).toBe(valid);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

const KEYS = [
  'num_hidden_layers',
  'n_layer',
  'num_attention_heads',
  'n_head',
  'num_key_value_heads',
  'head_dim',
  'hidden_size',
  'n_embd',
  'kv_lora_rank',
  'qk_rope_head_dim',
  'sliding_window',
  'sliding_window_pattern',
  'use_sliding_window',
  'layer_types',
  'full_attention_interval',
  'linear_num_key_heads',
  'linear_num_value_heads',
  'linear_key_head_dim',
  'linear_value_head_dim',
  'linear_conv_kernel_dim',
  'linear_attn_config',
  'compress_ratios',
  'index_head_dim',
  'index_topk_freq',
  'index_skip_topk_offset',
  'hybrid_override_pattern',
  'mamba_num_heads',
  'mamba_head_dim',
  'ssm_state_size',
  'n_groups',
  'conv_kernel',
  'max_position_embeddings',
  'text_config',
  'v_head_dim',
] as const;

describe('any JSON at all', () => {
  it('yields a model or an error naming a field, never a throw', () => {
    const value = fc.oneof(
      fc.integer({ min: -3, max: 300 }),
      fc.constantFrom(0, 1, 4, 128, 0.5, -1, Number.POSITIVE_INFINITY, 2_000_000),
      fc.string({ maxLength: 8 }),
      fc.constantFrom('full_attention', 'linear_attention', 'sliding_attention', 'M-*E', 'M*'),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.integer({ min: -1, max: 200 }), fc.constantFrom('full_attention', 'linear_attention', 'mamba')), { maxLength: 12 }),
      fc.dictionary(
        fc.constantFrom('kda_layers', 'full_attn_layers', 'num_heads', 'head_dim', 'short_conv_kernel_size', 'num_hidden_layers'),
        fc.oneof(fc.integer({ min: -1, max: 12 }), fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 6 })),
      ),
    );
    const config = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 14 });
    fc.assert(
      fc.property(fc.oneof(config, fc.jsonValue()), (json) => {
        const r = readConfig(JSON.stringify(json) ?? 'null');
        if (r.ok) {
          expect(r.stack.length).toBeGreaterThan(0);
          expect(Number.isFinite(stackSummary(r.stack, storage).growingPerToken)).toBe(true);
        } else {
          expect(r.field.length).toBeGreaterThan(0);
          expect(r.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
