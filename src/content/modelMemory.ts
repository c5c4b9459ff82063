/**
 * What every model of data/architectures.json keeps per sequence as its context grows
 * (research/memory.md §3): layer groups from data/memory.json, checked against the layer counts
 * of the architectures file, computed by src/core/hybridMemory.ts. Kimi K3's stack is the one its
 * panel draws, built from the same file's k3 shapes.
 */
import { type CacheType, type LayerGroup, type StateType, type Storage, sequenceMemory, stackSummary } from '../core';
import { architectures, K3_ID, k3Facts } from './architectures';
import { MEMORY_FILE, memoryData, type MemoryData } from './k3Memory';
import type { LayerGroupData, ModelLayersData } from './memorySchema';
import type { Architectures } from './schema';
import { DataError } from './validate';

/** The contexts the downloads give totals at: 4K, 32K, 128K, 256K and 1M tokens. */
export const TABLE_CONTEXTS = [4096, 32_768, 131_072, 262_144, 1_048_576] as const;

export interface MissingSize {
  field: string;
  status: string;
  note: string;
}

export interface MemoryModel {
  id: string;
  name: string;
  lab: string;
  reference: boolean;
  /** The longest context the model takes, or null when its card does not say. */
  contextTokens: number | null;
  /** The layer groups, or null when a size they need is missing (then `missing` says which). */
  stack: LayerGroup[] | null;
  missing: MissingSize[];
  /** Its layers in words: "23 full attention, 69 linear (Gated DeltaNet)". */
  kinds: string;
  note?: string;
  engine?: { text: string; brief: string; source: string };
  /** Every page the model's numbers come from, once each. */
  sources: string[];
}

const KIND_WORDS: Record<LayerGroup['kind'], (g: LayerGroupData) => string> = {
  full: () => 'full attention',
  sliding: (g) => (g.kind === 'sliding' && typeof g.window.value === 'number' ? `${g.window.value}-token window` : 'sliding window'),
  mla: () => 'MLA',
  compressed: (g) => (g.kind === 'compressed' && g.ratio.value === 0 ? 'window only' : g.kind === 'compressed' ? `compressed ${g.ratio.value}:1` : ''),
  indexer: () => 'indexer keys',
  linear: () => 'linear state',
  mamba: () => 'Mamba-2 state',
};

function fail(index: number, id: string, field: string, message: string): never {
  throw new DataError(`Invalid data file ${MEMORY_FILE}\n${MEMORY_FILE}: entry models[${index}] "${id}", field ${field}: ${message}`);
}

/** The figures of a group as numbers, or the sizes that are missing. */
function resolveGroup(g: LayerGroupData, at: string): { group: LayerGroup | null; missing: MissingSize[]; sources: string[] } {
  const missing: MissingSize[] = [];
  const sources: string[] = [];
  const out: Record<string, unknown> = { kind: g.kind };
  for (const [key, fig] of Object.entries(g)) {
    if (key === 'kind') continue;
    if (key === 'label') continue;
    const f = fig as { value: number | string; status: string; source: string; note?: string };
    sources.push(f.source);
    if (typeof f.value === 'number') out[key] = f.value;
    else missing.push({ field: `${at}.${key}`, status: f.status, note: f.note ?? '' });
  }
  // Nemotron 3 Ultra's convolution width is not published: its state is counted without it.
  if (g.kind === 'mamba' && typeof g.conv.value !== 'number') {
    out.conv = 0;
    return { group: missing.length === 1 ? (out as LayerGroup) : null, missing, sources };
  }
  return { group: missing.length ? null : (out as LayerGroup), missing, sources };
}

function k3Stack(data: MemoryData, arch: Architectures): LayerGroup[] {
  const k3 = k3Facts(arch);
  const m = data.k3;
  return [
    { kind: 'mla', count: k3.fullAttentionLayers, latent: m.mlaLatent.value, rotary: m.mlaRotary.value },
    {
      kind: 'linear',
      count: k3.linearLayers,
      keyHeads: m.kdaHeads.value,
      keyDim: m.kdaHeadDim.value,
      valueHeads: m.kdaHeads.value,
      valueDim: m.kdaHeadDim.value,
      conv: m.convKernel.value,
    },
  ];
}

function kindsInWords(stack: readonly { count: number; words: string }[]): string {
  return stack.map((g) => `${g.count} ${g.words}`).join(', ');
}

/** Every model, in the architectures file's order; fails naming file, model and field when the two files disagree. */
export function memoryModels(data: MemoryData = memoryData, arch: Architectures = architectures): MemoryModel[] {
  const byId = new Map<string, { entry: ModelLayersData; index: number }>();
  data.models.forEach((entry, index) => {
    if (!arch.models.some((m) => m.id === entry.id)) fail(index, entry.id, 'id', 'no model with this id in data/architectures.json');
    if (entry.id === K3_ID) fail(index, entry.id, 'id', 'Kimi K3 is described by the k3 shapes, not here');
    if (byId.has(entry.id)) fail(index, entry.id, 'id', 'listed twice');
    byId.set(entry.id, { entry, index });
  });
  return arch.models.map((m) => {
    const base = {
      id: m.id,
      name: m.name,
      lab: m.lab,
      reference: m.reference,
      contextTokens: typeof m.contextTokens.value === 'number' ? m.contextTokens.value : null,
    };
    if (m.id === K3_ID) {
      const stack = k3Stack(data, arch);
      return {
        ...base,
        stack,
        missing: [],
        kinds: kindsInWords([
          { count: stack[0]!.count, words: 'MLA' },
          { count: stack[1]!.count, words: 'linear state (KDA)' },
        ]),
        sources: [...new Set(Object.values(data.k3).map((f) => f.source))],
      };
    }
    const found = byId.get(m.id);
    if (!found) throw new DataError(`Invalid data file ${MEMORY_FILE}\n${MEMORY_FILE}: field models: no entry for "${m.id}" of data/architectures.json`);
    const { entry, index } = found;
    const resolved = entry.layers.map((g, i) => resolveGroup(g, `layers.${i}`));
    const layers = typeof m.layers.value === 'number' ? m.layers.value : null;
    const stacked = entry.layers.filter((g) => g.kind !== 'indexer').reduce((a, g) => a + g.count.value, 0) + (entry.feedForwardOnly?.value ?? 0);
    if (layers !== null && stacked !== layers) fail(index, m.id, 'layers', `its groups hold ${stacked} layers, but data/architectures.json gives ${layers}`);
    entry.layers.forEach((g, i) => {
      if (g.kind === 'indexer' && layers !== null && g.count.value > layers)
        fail(index, m.id, `layers.${i}.count`, `${g.count.value} indexer layers in a model of ${layers}`);
    });
    const missing = resolved.flatMap((r) => r.missing);
    const complete = resolved.every((r) => r.group !== null);
    const words = entry.layers.map((g) => ({ count: g.count.value, words: g.label ?? KIND_WORDS[g.kind](g) }));
    if (entry.feedForwardOnly) words.push({ count: entry.feedForwardOnly.value, words: 'that keep nothing' });
    return {
      ...base,
      stack: complete ? resolved.map((r) => r.group!) : null,
      missing,
      kinds: kindsInWords(words),
      ...(entry.note ? { note: entry.note } : {}),
      ...(entry.engine && entry.engineBrief && entry.engineSource
        ? { engine: { text: entry.engine, brief: entry.engineBrief, source: entry.engineSource } }
        : {}),
      sources: [...new Set([...resolved.flatMap((r) => r.sources), ...(entry.feedForwardOnly ? [entry.feedForwardOnly.source] : [])])],
    };
  });
}

/** The storage the figure opens with (bf16 caches, fp32 states), or the reader's choice. */
export function storageOf(cache: CacheType, state: StateType, data: MemoryData = memoryData): Storage {
  const s = data.storage;
  return {
    cache,
    state,
    convBytes: s.convBytes.value,
    fp8: {
      latentScaleEvery: s.latentScaleEvery.value,
      latentScaleBytes: s.latentScaleBytes.value,
      compressedScaleBytes: s.compressedScaleBytes.value,
      indexScaleBytes: s.indexScaleBytes.value,
    },
  };
}

export interface MemoryRow {
  id: string;
  name: string;
  kinds: string;
  /** "computed", or the status word of the size that is missing. */
  status: string;
  growingPerToken: number | null;
  fixed: number | null;
  /** Total bytes per sequence at each of TABLE_CONTEXTS; null past the model's context or when not computed. */
  totals: (number | null)[];
  crossover: number | null;
}

export function memoryRows(models: readonly MemoryModel[], storage: Storage): MemoryRow[] {
  return models.map((m) => {
    if (!m.stack) {
      return {
        id: m.id,
        name: m.name,
        kinds: m.kinds,
        status: m.missing[0]?.status ?? 'not found',
        growingPerToken: null,
        fixed: null,
        totals: TABLE_CONTEXTS.map(() => null),
        crossover: null,
      };
    }
    const stack = m.stack;
    const sum = stackSummary(stack, storage);
    return {
      id: m.id,
      name: m.name,
      kinds: m.kinds,
      status: m.missing.length ? `computed; ${m.missing.map((x) => `${x.field} ${x.status}`).join('; ')}` : 'computed',
      growingPerToken: sum.growingPerToken,
      fixed: sum.fixed,
      totals: TABLE_CONTEXTS.map((t) => (m.contextTokens !== null && t > m.contextTokens ? null : sequenceMemory(stack, storage, t).total)),
      crossover: sum.crossover,
    };
  });
}
