/**
 * What every model of data/architectures.json keeps per sequence as its context grows
 * (research/memory.md §3): layer groups from data/memory.json, checked against the layer counts
 * of the architectures file, computed by src/core/hybridMemory.ts. Kimi K3's stack is the one its
 * panel draws, built from the same file's k3 shapes.
 */
import { type CacheType, type LayerGroup, type StateType, type Storage, sequenceMemory, stackSummary } from '../core';
import { integer } from '../format';
import { architectures, K3_ID, k3Facts } from './architectures';
import { k3Sizes, type SizeRecord, weakestStatus } from './memorySizes';
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

export interface EngineMeasurement {
  engine: string;
  version: string;
  cache: CacheType;
  layout: string;
  bytesPerToken: number;
  model: string;
  source: string;
  status: string;
  /** The bytes a token this page counts for the model at the measurement's cache type, and the measurement over them. */
  figure: number;
  ratio: number;
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
  /** Where engines hold otherwise, in words and in measurements set against the same storage type. */
  engine?: { text: string; brief: string; source: string; measurements: EngineMeasurement[] };
  /** Every size the model's numbers rest on, with its status and source. */
  sizes: SizeRecord[];
  /** The weakest status among its sizes. */
  status: string;
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
function resolveGroup(g: LayerGroupData, at: string): { group: LayerGroup | null; missing: MissingSize[]; sizes: SizeRecord[] } {
  const missing: MissingSize[] = [];
  const sizes: SizeRecord[] = [];
  const out: Record<string, unknown> = { kind: g.kind };
  for (const [key, fig] of Object.entries(g)) {
    if (key === 'kind' || key === 'label' || fig === undefined) continue;
    const f = fig as { value: number | string | boolean; status: string; source: string; note?: string };
    sizes.push({ field: `${at}.${key}`, value: f.value, status: f.status, source: f.source, ...(f.note ? { note: f.note } : {}) });
    if (typeof f.value === 'number' || typeof f.value === 'boolean') out[key] = f.value;
    else missing.push({ field: `${at}.${key}`, status: f.status, note: f.note ?? '' });
  }
  // Nemotron 3 Ultra's convolution width is not published: its state is counted without it.
  if (g.kind === 'mamba' && typeof g.conv.value !== 'number') {
    out.conv = 0;
    return { group: missing.length === 1 ? (out as LayerGroup) : null, missing, sizes };
  }
  return { group: missing.length ? null : (out as LayerGroup), missing, sizes };
}

/** Bytes a token of the stack at a cache type (states do not grow, so their type does not matter here). */
const perToken = (stack: readonly LayerGroup[], cache: CacheType, data: MemoryData) => stackSummary(stack, storageOf(cache, 'fp32', data)).growingPerToken;

/** "omlx (PR #2626) measured 15,570 bytes a token in fp8: 4.04 times the 3,850 counted here in fp8." */
function measuredText(x: EngineMeasurement): string {
  return `${x.engine} (${x.version}) measured ${integer(x.bytesPerToken)} bytes a token in ${x.layout}: ${x.ratio.toFixed(2)} times the ${integer(Math.round(x.figure))} counted here in ${x.cache}.`;
}

/** "Measured in fp8: 1.0× these bytes." or "…: 4.0–4.0×…", for the line beside a bar. */
function measuredBrief(xs: readonly EngineMeasurement[]): string {
  if (!xs.length) return '';
  const r = xs.map((x) => x.ratio.toFixed(1));
  const span =
    Math.min(...r.map(Number)) === Math.max(...r.map(Number)) ? r[0] : `${Math.min(...r.map(Number)).toFixed(1)}–${Math.max(...r.map(Number)).toFixed(1)}`;
  return ` Measured ${span}× this in ${xs[0]!.cache}.`;
}

function engineOf(entry: ModelLayersData, stack: readonly LayerGroup[] | null, data: MemoryData): MemoryModel['engine'] | undefined {
  const e = entry.engine;
  if (!e) return undefined;
  const measurements: EngineMeasurement[] = stack
    ? e.measurements.map((x) => {
        const figure = perToken(stack, x.cache, data);
        return { ...x, figure, ratio: x.bytesPerToken / figure };
      })
    : [];
  return {
    text: [...measurements.map(measuredText), e.note].join(' '),
    brief: `${e.brief}${measuredBrief(measurements)}`,
    source: e.measurements[0]?.source ?? e.source!,
    measurements,
  };
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
        sizes: k3Sizes(data, arch),
        status: weakestStatus(k3Sizes(data, arch)),
        sources: [...new Set(k3Sizes(data, arch).map((f) => f.source))],
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
    const sizes = [
      ...resolved.flatMap((r) => r.sizes),
      ...(entry.feedForwardOnly
        ? [{ field: 'feedForwardOnly', value: entry.feedForwardOnly.value, status: entry.feedForwardOnly.status, source: entry.feedForwardOnly.source }]
        : []),
    ];
    const stack = complete ? resolved.map((r) => r.group!) : null;
    const engine = engineOf(entry, stack, data);
    return {
      ...base,
      stack,
      missing,
      kinds: kindsInWords(words),
      ...(entry.note ? { note: entry.note } : {}),
      ...(engine ? { engine } : {}),
      sizes,
      status: weakestStatus(sizes),
      sources: [...new Set(sizes.map((x) => x.source))],
    };
  });
}

/** What the sources said of a model's missing sizes, each distinct note once, in the data's order. */
export function missingNotes(m: Pick<MemoryModel, 'missing'>): string[] {
  return [...new Set(m.missing.map((x) => x.note).filter((n) => n !== ''))];
}

/** The storage the figure opens with (bf16 caches, fp32 states), or the reader's choice. */
export function storageOf(cache: CacheType, state: StateType, data: MemoryData = memoryData): Storage {
  const s = data.storage;
  return {
    cache,
    state,
    convBytes: s.convBytes.value,
    fp8: {
      valueBytes: s.fp8ValueBytes.value,
      sparseScaleEvery: s.sparseScaleEvery.value,
      sparseScaleBytes: s.sparseScaleBytes.value,
      compressedScaleBytes: s.compressedScaleBytes.value,
      indexScaleBytes: s.indexScaleBytes.value,
    },
  };
}

export interface MemoryRow {
  id: string;
  name: string;
  kinds: string;
  /** The weakest status among the model's sizes: "not found" where one is missing. */
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
        status: m.status,
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
      status: m.status,
      growingPerToken: sum.growingPerToken,
      fixed: sum.fixed,
      totals: TABLE_CONTEXTS.map((t) => (m.contextTokens !== null && t > m.contextTokens ? null : sequenceMemory(stack, storage, t).total)),
      crossover: sum.crossover,
    };
  });
}
