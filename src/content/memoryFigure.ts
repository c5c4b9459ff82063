/**
 * The figure "What each model keeps" (src/widgets/Memory): its props, the sentences the section
 * prints about it, and its downloads, all computed from ./modelMemory.ts at the storage types given.
 */
import {
  categoryOf,
  entryBytes,
  type LayerGroup,
  type MemoryCategory,
  mlaFp8Bytes,
  prefixSnapshots,
  type Storage,
  sequenceMemory,
  stackSummary,
} from '../core';
import { csvField } from './csv';
import { memoryData, type MemoryData } from './k3Memory';
import { type MemoryModel, memoryModels, memoryRows, storageOf, TABLE_CONTEXTS } from './modelMemory';
import type { SizeRecord } from './memorySizes';
import { SNAPSHOT_EVERY } from './snapshots';

/** The contexts the figure steps through: every power of two from 1K to 1M tokens. */
export const MEMORY_CONTEXTS: readonly number[] = Array.from({ length: 11 }, (_, i) => 2 ** (10 + i));

export const MEMORY_DOWNLOADS = { json: 'data/memory-per-sequence.json', csv: 'data/memory-per-sequence.csv' } as const;

export interface FigureModel {
  id: string;
  name: string;
  contextTokens: number | null;
  stack: LayerGroup[] | null;
  category: MemoryCategory | null;
  kinds: string;
  /** Why the model is not drawn, or what is left out of it, in a sentence; null when nothing is. */
  missing: string | null;
  /** Where engines allocate otherwise, in a line, and the page that shows it. */
  engine?: { brief: string; source: string };
}

const FIELD_WORDS: Record<string, string> = {
  kvHeads: 'KV heads',
  conv: 'convolution width',
  headDim: 'head size',
  latent: 'latent rank',
  window: 'window',
  // A linear layer's four shapes are one fact to a reader: its heads.
  keyHeads: 'linear-attention heads',
  keyDim: 'linear-attention heads',
  valueHeads: 'linear-attention heads',
  valueDim: 'linear-attention heads',
};

/** "Not drawn: KV heads not found." or "Left out: the convolution state (its width not published)." */
/** Each missing size once, in words: "KV heads not found". */
const missingWords = (m: Pick<MemoryModel, 'missing'>) => [
  ...new Set(m.missing.map((x) => `${FIELD_WORDS[x.field.split('.').at(-1)!] ?? x.field} ${x.status}`)),
];

export function missingText(m: Pick<MemoryModel, 'missing' | 'stack'>): string | null {
  if (!m.missing.length) return null;
  const words = missingWords(m);
  return m.stack ? `Left out: the convolution state (${words.join(', ')}).` : `Not drawn: ${words.join(', ')}.`;
}

export function figureModels(models: readonly MemoryModel[] = memoryModels()): FigureModel[] {
  return models.map((m) => ({
    id: m.id,
    name: m.name,
    contextTokens: m.contextTokens,
    stack: m.stack,
    category: m.stack ? categoryOf(m.stack) : null,
    kinds: m.kinds,
    missing: missingText(m),
    ...(m.engine ? { engine: { brief: m.engine.brief, source: m.engine.source } } : {}),
  }));
}

export interface MemorySentences {
  /** The hybrids whose fixed state outweighs their cache for thousands of tokens. */
  flat: string;
  /** The models whose only fixed part is a ring of recent entries. */
  rings: string;
  /** The models with nothing fixed. */
  rising: string;
  /** The least and the most at the longest context most of them take. */
  ends: string;
  /** The storage types the crossovers above are counted at. */
  storage: string;
  /** Models listed but not drawn. */
  undrawn: string | null;
  /** The models whose crossing comes before the chart's first context, so it has no ring for them. */
  offAxis: string | null;
}

const tokens = (x: number) => `${Math.round(x).toLocaleString('en-US')} tokens`;
const gib = (x: number) => {
  const v = x / 2 ** 30;
  return `${v >= 100 ? Math.round(v).toLocaleString('en-US') : v >= 10 ? v.toFixed(1) : v.toFixed(2)} GiB`;
};
const list = (xs: readonly string[]) => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

const STATE_WORDS = { fp32: 'fp32 states', bf16: 'bf16 states' } as const;

/** The share of a stack's bytes at `context` that its indexer keys take, when one of its groups is an indexer. */
function indexShare(stack: readonly LayerGroup[], storage: Storage, context: number): number {
  const all = sequenceMemory(stack, storage, context).total;
  const without = sequenceMemory(
    stack.filter((g) => g.kind !== 'indexer'),
    storage,
    context,
  ).total;
  return (all - without) / all;
}

export function memorySentences(models: readonly MemoryModel[] = memoryModels(), storage: Storage = storageOf('bf16', 'fp32')): MemorySentences {
  const drawn = models.filter((m): m is MemoryModel & { stack: LayerGroup[] } => m.stack !== null);
  const withSummary = drawn.map((m) => ({ m, s: stackSummary(m.stack, storage), category: categoryOf(m.stack) }));
  const state = withSummary.filter((x) => x.category === 'state').sort((a, b) => (b.s.crossover ?? 0) - (a.s.crossover ?? 0));
  const rings = withSummary.filter((x) => x.category === 'window').sort((a, b) => (b.s.crossover ?? 0) - (a.s.crossover ?? 0));
  const rising = withSummary.filter((x) => x.category === 'cache');
  const longest = Math.max(...drawn.map((m) => m.contextTokens ?? 0));
  const reachAt = (st: Storage) =>
    withSummary
      .filter((x) => (x.m.contextTokens ?? 0) >= longest)
      .map((x) => ({ ...x, total: sequenceMemory(x.m.stack, st, longest).total }))
      .sort((a, b) => a.total - b.total);
  const reach = reachAt(storage);
  const least = reach[0]!;
  const most = reach.at(-1)!;
  // The same two models with the other cache type: the multiple depends on it.
  const other = storageOf(storage.cache === 'bf16' ? 'fp8' : 'bf16', storage.state);
  const otherTotal = (id: string) => reachAt(other).find((x) => x.m.id === id)!.total;
  const multiples = [most.total / least.total, otherTotal(most.m.id) / otherTotal(least.m.id)].map(Math.round).sort((a, b) => a - b);
  const share = most.m.stack.some((g) => g.kind === 'indexer') ? indexShare(most.m.stack, storage, longest) : 0;
  const compressed = rings.some((x) => x.m.stack.some((g) => g.kind === 'compressed'));
  const undrawn = models.filter((m) => m.stack === null);
  return {
    flat: (() => {
      // Each crossover is ringed on its model's line and listed in the table; the sentence gives their span.
      const said = (x: (typeof state)[number]) => `${tokens(x.s.crossover!)}${x.m.missing.length ? ' or later' : ''}`;
      const [late, early] = [state[0]!, state.at(-1)!];
      const partial = state.some((x) => x.m.missing.length)
        ? ' (“or later” where a state the model keeps has a size that is not published, and is left out)'
        : '';
      return `${list(state.map((x) => x.m.name))} keep a recurrent state that outweighs their caches for the first thousands of tokens, so their lines start flat; the cache catches up between ${said(early)} and ${said(late)}${partial}, each model’s crossing ringed on its line and listed in the table below.`;
    })(),
    rings: `${list(rings.map((x) => x.m.name))} hold nothing fixed but rings of recent entries${compressed ? ' (and small compressor buffers, left out)' : ''}, and what grows outweighs the rings within ${tokens(rings[0]!.s.crossover!)}.`,
    rising: `${list(rising.map((x) => x.m.name))} keep nothing fixed at all: every layer’s cache grows from the first token.`,
    ends: `At ${tokens(longest)}, the longest context ${reach.length} of them take, ${least.m.name} holds the least, ${gib(least.total)} a sequence, and ${most.m.name} the most, ${gib(most.total)}: ${multiples[0] === multiples[1] ? multiples[0] : `${multiples[0]}–${multiples[1]}`} times as much, by cache type.${share > 0 ? ` Of ${most.m.name}’s, ${Math.round(share * 100)}% are index keys one engine’s planner assumes.` : ''}`,
    storage: `These crossovers hold for ${storage.cache} caches and ${STATE_WORDS[storage.state]}.`,
    offAxis: (() => {
      const early = withSummary.filter((x) => x.s.crossover !== null && x.s.crossover < MEMORY_CONTEXTS[0]!);
      return early.length
        ? `${list(early.map((x) => x.m.name))} cross${early.length === 1 ? 'es' : ''} before the axis begins at ${tokens(MEMORY_CONTEXTS[0]!)}, so ${early.length === 1 ? 'it has' : 'they have'} no ring.`
        : null;
    })(),
    undrawn: undrawn.length
      ? `${list(undrawn.map((m) => m.name))} ${undrawn.length === 1 ? 'is' : 'are'} listed but not drawn: ${undrawn.map((m) => `${undrawn.length === 1 ? '' : `${m.name}, `}${missingWords(m).join(', ')}`).join('; ')}.`
      : null,
  };
}

/** Every size in a line: "layers.0.count = 23 (config, https://…); …". */
const sizesText = (sizes: readonly SizeRecord[]) => sizes.map((x) => `${x.field} = ${String(x.value)} (${x.status}, ${x.source})`).join('; ');

/** The upper bound's column, named with the spacing it assumes (the page's assumption: src/content/snapshots.ts). */
const AT_MOST = `snapshotsEvery${SNAPSHOT_EVERY}ToContextBytes`;

/**
 * What prefix caching holds for a model: one snapshot of its recurrent layers, what a server keeps
 * for each prefix it caches; and, as an upper bound, the snapshots at every 4,096 tokens to its context.
 */
function snapshotColumns(m: MemoryModel, storage: Storage) {
  if (!m.stack) return { snapshotBytes: null, [AT_MOST]: null };
  const p = prefixSnapshots(m.stack, storage, m.contextTokens ?? 0, SNAPSHOT_EVERY);
  return { snapshotBytes: p.one, [AT_MOST]: m.contextTokens === null ? null : p.held };
}

/** The downloads: every model at every storage the figure offers, each size with its status and source. */
export function memoryTable(models: readonly MemoryModel[] = memoryModels(), data: MemoryData = memoryData) {
  const combos = [
    ['bf16', 'fp32'],
    ['bf16', 'bf16'],
    ['fp8', 'fp32'],
    ['fp8', 'bf16'],
  ] as const;
  return combos.flatMap(([cache, state]) =>
    memoryRows(models, storageOf(cache, state, data)).map((r) => ({
      model: r.id,
      name: r.name,
      cache,
      state,
      layerKinds: r.kinds,
      contextTokens: models.find((m) => m.id === r.id)?.contextTokens ?? null,
      growingBytesPerToken: r.growingPerToken,
      fixedBytes: r.fixed,
      ...Object.fromEntries(TABLE_CONTEXTS.map((t, i) => [`totalBytesAt${t}`, r.totals[i]])),
      crossoverTokens: r.crossover,
      ...snapshotColumns(models.find((m) => m.id === r.id)!, storageOf(cache, state, data)),
      status: r.status,
      sources: models.find((m) => m.id === r.id)!.sources.join(' '),
      sizes: sizesText(models.find((m) => m.id === r.id)!.sizes),
    })),
  );
}

export function memoryCsv(rows: readonly Record<string, unknown>[] = memoryTable()): string {
  const header = Object.keys(rows[0]!);
  return `${[header.join(','), ...rows.map((r) => header.map((h) => csvField(r[h])).join(','))].join('\r\n')}\r\n`;
}

/** The fp8 layouts the storage aside names, computed by the core's one rule, in bytes a token and layer: an MLA latent of Kimi K3's shape, dense and sparse, and DeepSeek-V4's compressed entry. */
export function fp8Facts(models: readonly MemoryModel[] = memoryModels(), data: MemoryData = memoryData) {
  const fp8 = storageOf('fp8', 'fp32', data);
  const [latent, rotary] = [data.k3.mlaLatent.value, data.k3.mlaRotary.value];
  const compressed = models.flatMap((m) => m.stack ?? []).find((g) => g.kind === 'compressed');
  return {
    latent,
    rotary,
    bf16: entryBytes({ kind: 'mla', count: 1, latent, rotary }, storageOf('bf16', 'fp32', data)),
    dense: mlaFp8Bytes(latent, rotary, false, fp8.fp8),
    sparse: mlaFp8Bytes(latent, rotary, true, fp8.fp8),
    every: fp8.fp8.sparseScaleEvery,
    compressed: compressed ? entryBytes(compressed, fp8) : null,
  };
}
