/**
 * Reads a Hugging Face style config.json into the layer groups of ./hybridMemory.ts, using the
 * keys research/memory.md §3.1 names. It never throws on what a reader pastes: the answer is a
 * stack with the keys it used and ignored, or an error that names the line and column, the key
 * or the field that stopped it.
 */
import type { LayerGroup } from './hybridMemory';
import { jsonErrorOffset, lineColumn } from './jsonSyntax';
import { isObject, type Json, type JsonObject, Keys, Refusal, wholeNumber } from './configKeys';
import { MAX_CONFIG_BYTES, MAX_LAYERS, MAX_SIZE } from './configLimits';

export { MAX_CONFIG_BYTES } from './configLimits';

export interface ConfigModel {
  ok: true;
  stack: LayerGroup[];
  /** The longest context the config declares, if it declares one. */
  contextTokens: number | null;
  /** What the config calls itself (`_name_or_path`, else `model_type`), if anything. */
  name: string | null;
  used: string[];
  ignored: string[];
  notes: string[];
}

export interface ConfigError {
  ok: false;
  message: string;
  /** The key or field that stopped the reading ("(root)" for the whole paste). */
  field: string;
  line?: number;
  column?: number;
}

export type ConfigResult = ConfigModel | ConfigError;

type Kind = 'full' | 'sliding' | 'linear' | 'mamba' | 'none';

const LAYER_TYPE_WORDS: Record<string, Kind> = {
  full_attention: 'full',
  attention: 'full',
  global: 'full',
  sliding_attention: 'sliding',
  sliding_window: 'sliding',
  local: 'sliding',
  linear_attention: 'linear',
  mamba: 'mamba',
  mamba2: 'mamba',
};

/** What each layer keeps, from whichever key of the config lays the layers out. */
function layerKinds(k: Keys): Kind[] {
  const types = k.raw('layer_types');
  const pattern = k.raw('hybrid_override_pattern');
  if (pattern) {
    if (typeof pattern.value !== 'string' || pattern.value.length === 0) throw new Refusal(pattern.name, `${pattern.name} must be a string of M, *, - and E`);
    if (pattern.value.length > MAX_LAYERS) throw new Refusal(pattern.name, `${pattern.name} is longer than ${MAX_LAYERS.toLocaleString('en-US')} layers`);
    const kinds = [...pattern.value].map((c, i): Kind => {
      if (c === 'M') return 'mamba';
      if (c === '*') return 'full';
      if (c === '-' || c === 'E') return 'none';
      throw new Refusal(`${pattern.name}[${i}]`, `unknown layer "${c}" in ${pattern.name} at ${i}: expected M (Mamba), * (attention), - (MLP) or E (experts)`);
    });
    const n = k.int('num_hidden_layers', 1, MAX_LAYERS);
    if (n !== undefined && n !== kinds.length) throw new Refusal(pattern.name, `${pattern.name} has ${kinds.length} layers but num_hidden_layers is ${n}`);
    return kinds;
  }
  const layers = k.need(['num_hidden_layers', 'n_layer', 'num_layers', 'n_layers'], 'the number of layers', 1, MAX_LAYERS);
  if (types) {
    if (!Array.isArray(types.value)) throw new Refusal(types.name, `${types.name} must be a list of layer types`);
    if (types.value.length !== layers) throw new Refusal(types.name, `${types.name} lists ${types.value.length} layers but the config has ${layers}`);
    return types.value.map((t, i) => {
      const kind = typeof t === 'string' && Object.hasOwn(LAYER_TYPE_WORDS, t) ? LAYER_TYPE_WORDS[t] : undefined;
      if (!kind) throw new Refusal(`${types.name}[${i}]`, `unknown layer type ${JSON.stringify(t).slice(0, 40)} at ${types.name}[${i}]`);
      return kind;
    });
  }
  const linear = k.raw('linear_attn_config');
  if (linear) {
    if (!isObject(linear.value)) throw new Refusal(linear.name, `${linear.name} must be an object`);
    const list = (key: string): number[] => {
      const v = (linear.value as JsonObject)[key];
      const name = `${linear.name}.${key}`;
      if (!Array.isArray(v)) throw new Refusal(name, `missing key ${name}: the 1-based layers of each kind`);
      return v.map((x, i) => wholeNumber(`${name}[${i}]`, x, 1, layers));
    };
    const kinds: Kind[] = Array.from({ length: layers }, () => 'full');
    for (const i of list('kda_layers')) kinds[i - 1] = 'linear';
    list('full_attn_layers');
    return kinds;
  }
  const interval = k.int('full_attention_interval', 1, MAX_LAYERS);
  if (interval !== undefined) return Array.from({ length: layers }, (_, i) => ((i + 1) % interval === 0 ? 'full' : 'linear'));
  if (k.raw('use_sliding_window')?.value === false) {
    if (k.has('sliding_window')) k.notes.push('use_sliding_window is false, so sliding_window is not applied.');
    k.raw('sliding_window');
    return Array.from({ length: layers }, () => 'full');
  }
  if (k.has('sliding_window')) {
    const every = k.int('sliding_window_pattern', 1, MAX_LAYERS);
    // Right for Mistral-7B; older Gemma-2 configs alternate, and Qwen2's max_window_layers is not read.
    if (every === undefined) k.notes.push('The config does not lay out which layers use sliding_window, so every layer is read as windowed.');
    return Array.from({ length: layers }, (_, i) => (every === undefined || (i + 1) % every !== 0 ? 'sliding' : 'full'));
  }
  return Array.from({ length: layers }, () => 'full');
}

function count(kinds: readonly Kind[], kind: Kind): number {
  return kinds.reduce((a, x) => a + (x === kind ? 1 : 0), 0);
}

/** Compressed layers (DeepSeek-V4): one group per compress ratio, in the order they first appear. */
function compressedGroups(k: Keys, layers: number): LayerGroup[] {
  const ratios = k.raw('compress_ratios')!;
  if (!Array.isArray(ratios.value)) throw new Refusal(ratios.name, `${ratios.name} must be a list of ratios`);
  if (ratios.value.length < layers) throw new Refusal(ratios.name, `${ratios.name} lists ${ratios.value.length} layers but the config has ${layers}`);
  if (ratios.value.length > layers)
    k.notes.push(`${ratios.name} lists ${ratios.value.length - layers} more layer(s) than the model has (next-token prediction layers); they are left out.`);
  const per = ratios.value.slice(0, layers).map((r, i) => wholeNumber(`${ratios.name}[${i}]`, r, 0, MAX_LAYERS));
  const entry = k.need(['head_dim'], 'the width of a compressed entry');
  const rotary = k.need(['qk_rope_head_dim'], 'the rotary part of an entry', 0);
  if (rotary > entry) throw new Refusal('qk_rope_head_dim', `qk_rope_head_dim (${rotary}) is wider than head_dim (${entry})`);
  const window = k.need(['sliding_window'], 'the window every compressed layer keeps');
  const index = k.int('index_head_dim', 1) ?? 0;
  const sparse = per.reduce((a, r) => (r > 0 && r < a ? r : a), Number.POSITIVE_INFINITY);
  if (index && sparse < Number.POSITIVE_INFINITY)
    k.notes.push(`Indexer keys (index_head_dim ${index}) are counted on the layers of the smallest compress ratio (${sparse}:1), the ones that pick entries.`);
  const counts = new Map<number, number>();
  for (const r of per) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts].map(([ratio, n]): LayerGroup => ({ kind: 'compressed', count: n, ratio, entry, rotary, window, indexDim: ratio === sparse ? index : 0 }));
}

/** Layers of a DeepSeek Sparse Attention model that hold indexer keys: every one, or one in index_topk_freq. */
function indexerLayers(k: Keys, layers: number): number {
  const freq = k.int('index_topk_freq', 1, MAX_LAYERS);
  if (freq === undefined || freq === 1) return layers;
  const offset = k.int('index_skip_topk_offset', 0, MAX_LAYERS) ?? 0;
  let n = 0;
  for (let i = 0; i < layers; i++) if (Math.max(i - offset + 1, 0) % freq === 0) n++;
  k.notes.push(`index_topk_freq ${freq}: ${n} of ${layers} layers compute the indexer and keep its keys; the others reuse their picks.`);
  return n;
}

function readStack(k: Keys): LayerGroup[] {
  if (k.has('compress_ratios')) {
    const layers = k.need(['num_hidden_layers', 'n_layer', 'num_layers'], 'the number of layers', 1, MAX_LAYERS);
    return compressedGroups(k, layers);
  }
  const kinds = layerKinds(k);
  const groups: LayerGroup[] = [];
  const attention = count(kinds, 'full') + count(kinds, 'sliding');
  if (attention > 0) {
    if (k.has('kv_lora_rank')) {
      const latent = k.need(['kv_lora_rank'], 'the MLA latent');
      const rotary = k.need(['qk_rope_head_dim'], 'the rotary part an MLA layer caches beside its latent', 0);
      groups.push({ kind: 'mla', count: attention, latent, rotary });
      if (count(kinds, 'sliding') > 0) k.notes.push('MLA layers marked as sliding are counted in full.');
      if (k.has('index_head_dim')) groups.push({ kind: 'indexer', count: indexerLayers(k, attention), keyDim: k.need(['index_head_dim'], 'the indexer key') });
    } else {
      const heads = k.need(['num_attention_heads', 'n_head', 'num_heads'], 'the attention heads');
      const kvHeads = k.int('num_key_value_heads') ?? heads;
      let headDim = k.int('head_dim') ?? k.int('attention_head_dim');
      if (headDim === undefined) {
        const width = k.need(['hidden_size', 'n_embd', 'd_model'], 'the model width, to divide among the heads when head_dim is not given');
        if (width % heads !== 0) throw new Refusal('hidden_size', `hidden_size (${width}) does not divide among ${heads} heads; give head_dim`);
        headDim = width / heads;
      }
      const valueHeadDim = k.int('v_head_dim');
      const shape = { kvHeads, headDim, ...(valueHeadDim !== undefined && valueHeadDim !== headDim ? { valueHeadDim } : {}) };
      if (count(kinds, 'full')) groups.push({ kind: 'full', count: count(kinds, 'full'), ...shape });
      if (count(kinds, 'sliding'))
        groups.push({ kind: 'sliding', count: count(kinds, 'sliding'), ...shape, window: k.need(['sliding_window'], 'the window of the sliding layers') });
    }
  }
  if (count(kinds, 'linear')) {
    const kimi = k.raw('linear_attn_config');
    if (kimi && isObject(kimi.value)) {
      const c = kimi.value;
      const get = (key: string, why: string) => {
        if (!(key in c)) throw new Refusal(`${kimi.name}.${key}`, `missing key ${kimi.name}.${key}: ${why}`);
        return wholeNumber(`${kimi.name}.${key}`, c[key]!, 1, MAX_SIZE);
      };
      const heads = get('num_heads', 'the linear layers’ heads');
      const dim = get('head_dim', 'the width of a head');
      groups.push({
        kind: 'linear',
        count: count(kinds, 'linear'),
        keyHeads: heads,
        keyDim: dim,
        valueHeads: heads,
        valueDim: dim,
        conv: get('short_conv_kernel_size', 'the short convolution'),
      });
    } else {
      const keyHeads = k.need(['linear_num_key_heads'], 'the linear layers’ key heads');
      groups.push({
        kind: 'linear',
        count: count(kinds, 'linear'),
        keyHeads,
        keyDim: k.need(['linear_key_head_dim'], 'the width of a key head'),
        valueHeads: k.int('linear_num_value_heads') ?? keyHeads,
        valueDim: k.need(['linear_value_head_dim'], 'the width of a value head'),
        conv: k.need(['linear_conv_kernel_dim'], 'the short convolution'),
      });
    }
  }
  if (count(kinds, 'mamba')) {
    groups.push({
      kind: 'mamba',
      count: count(kinds, 'mamba'),
      heads: k.need(['mamba_num_heads'], 'the Mamba heads'),
      headDim: k.need(['mamba_head_dim'], 'the width of a Mamba head'),
      stateDim: k.need(['ssm_state_size', 'state_size'], 'the state size'),
      groups: k.int('n_groups') ?? 1,
      conv: k.need(['conv_kernel', 'mamba_d_conv'], 'the convolution width'),
    });
  }
  if (groups.length === 0) throw new Refusal('num_hidden_layers', 'no layer of this config keeps anything per sequence');
  return groups;
}

/** Reads a pasted config; never throws. */
export function readConfig(text: string): ConfigResult {
  if (text.length > MAX_CONFIG_BYTES || new TextEncoder().encode(text).length > MAX_CONFIG_BYTES) {
    return { ok: false, field: '(root)', message: `The paste is over ${MAX_CONFIG_BYTES.toLocaleString('en-US')} bytes; a config.json is a few kilobytes.` };
  }
  if (text.trim() === '') return { ok: false, field: '(root)', message: 'The paste is empty.' };
  const at = jsonErrorOffset(text);
  if (at >= 0) {
    const { line, column } = lineColumn(text, at);
    return { ok: false, field: '(root)', line, column, message: `Not valid JSON: line ${line}, column ${column}.` };
  }
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    return { ok: false, field: '(root)', message: 'Not valid JSON.' };
  }
  if (!isObject(json)) return { ok: false, field: '(root)', message: 'A config.json is an object of keys, { … }.' };
  const textConfig = isObject(json.text_config) ? json.text_config : null;
  const k = new Keys(json, textConfig);
  try {
    const stack = readStack(k);
    const contextTokens = k.int('max_position_embeddings', 1, 1e12) ?? k.int('n_ctx', 1, 1e12) ?? k.int('n_positions', 1, 1e12) ?? null;
    const nameKey = ['_name_or_path', 'model_type'].map((key) => k.raw(key)).find((f) => typeof f?.value === 'string' && f.value.length > 0);
    return {
      ok: true,
      stack,
      contextTokens,
      name: nameKey ? String(nameKey.value).slice(0, 80) : null,
      used: [...k.used],
      ignored: k.ignored(),
      notes: k.notes,
    };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, field: e.field, message: e.message };
    throw e;
  }
}
