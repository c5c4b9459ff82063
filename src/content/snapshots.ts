/**
 * What prefix caching holds for each model of the memory figure: one snapshot of its recurrent
 * layers (state and convolution inputs, in the storage the figure opens with), which is what a
 * server keeps for each prefix it caches; and, as an upper bound, one at every 4,096 tokens up to
 * the model's context, beside its cache at that context. Computed by src/core/hybridMemory.ts.
 */
import { prefixSnapshots, type Storage } from '../core';
import { bytes, integer, listWords } from '../format';
import { type MemoryModel, memoryModels, storageOf } from './modelMemory';
import { MEMORY_DEFAULTS } from './defaults';

/**
 * The spacing of the upper bound: one snapshot every 4,096 tokens. This page assumes it. vLLM's
 * align mode keeps one at the last block boundary of each prefill chunk, and its blocks run to
 * hundreds of tokens, so real counts depend on the engine, its mode and its chunk size.
 */
export const SNAPSHOT_EVERY = 4096;

export interface SnapshotRow {
  id: string;
  name: string;
  /** The model's context, or null where its card does not say. */
  context: number | null;
  /** One snapshot's bytes, what a server keeps per cached prefix; 0 for a model with no recurrent layer; null where a size is missing. */
  one: number | null;
  /** Snapshots every SNAPSHOT_EVERY tokens to its whole context, their bytes, and its cache at that context; null where unknown. */
  count: number | null;
  held: number | null;
  cache: number | null;
  /** What a drawn model's snapshot leaves out, in words ("its convolution is not published"), or null. */
  leftOut: string | null;
}

const FIELD_WORDS: Record<string, string> = { conv: 'convolution', window: 'window', kvHeads: 'KV heads', headDim: 'head size' };

/** "its convolution is not published": the sizes a drawn model is counted without. */
function leftOutOf(m: MemoryModel): string | null {
  if (!m.stack || !m.missing.length) return null;
  const words = [...new Set(m.missing.map((x) => `${FIELD_WORDS[x.field.split('.').at(-1)!] ?? x.field}|${x.status}`))];
  const byStatus = new Map<string, string[]>();
  for (const w of words) {
    const [field, status] = w.split('|') as [string, string];
    byStatus.set(status, [...(byStatus.get(status) ?? []), field]);
  }
  return [...byStatus].map(([status, fields]) => `its ${listWords(fields)} ${fields.length === 1 ? 'is' : 'are'} ${status}`).join('; ');
}

export function snapshotRows(
  models: readonly MemoryModel[] = memoryModels(),
  storage: Storage = storageOf(MEMORY_DEFAULTS.cache, MEMORY_DEFAULTS.state),
): SnapshotRow[] {
  return models.map((m) => {
    const base = { id: m.id, name: m.name, context: m.contextTokens, leftOut: leftOutOf(m) };
    if (!m.stack) return { ...base, one: null, count: null, held: null, cache: null };
    if (m.contextTokens === null) return { ...base, one: prefixSnapshots(m.stack, storage, 0, SNAPSHOT_EVERY).one, count: null, held: null, cache: null };
    const p = prefixSnapshots(m.stack, storage, m.contextTokens, SNAPSHOT_EVERY);
    return { ...base, one: p.one, count: p.count, held: p.held, cache: p.cache };
  });
}

/** The models whose snapshots, one every SNAPSHOT_EVERY tokens to their whole context, would outweigh their own cache there. */
export function snapshotsOverCache(rows: readonly SnapshotRow[] = snapshotRows()): SnapshotRow[] {
  return rows.filter((r) => r.held !== null && r.cache !== null && r.one !== null && r.one > 0 && r.held > r.cache);
}

const orMore = (r: SnapshotRow) => (r.leftOut ? ' or more' : '');

/** The table's cell for one snapshot: "384 MiB or more; its convolution is not published". */
export function oneSnapshotCell(r: SnapshotRow): string {
  if (r.one === 0) return 'none';
  if (r.one === null) return 'not found';
  return `${bytes(r.one)}${orMore(r)}${r.leftOut ? `; ${r.leftOut}` : ''}`;
}

/** The table's cell for the upper bound: "256: 96 GiB or more". */
export function atMostCell(r: SnapshotRow): string {
  if (r.one === 0) return 'none';
  if (r.one === null || r.count === null || r.held === null) return 'not found';
  return `${integer(r.count)}: ${bytes(r.held)}${orMore(r)}`;
}

/** The prose beside the table: one snapshot per cached prefix, then the upper bound, each from the rows. */
export function snapshotSentences(rows: readonly SnapshotRow[] = snapshotRows()): { perPrefix: string; upperBound: string } {
  const kept = rows.filter((r) => r.one !== null && r.one > 0).sort((a, b) => a.one! - b.one!);
  const [least, most] = [kept[0], kept.at(-1)];
  const sized = (r: SnapshotRow) => `${bytes(r.one!)}${orMore(r)} (${r.name})`;
  const perPrefix =
    least && most
      ? `Prefix caching keeps a snapshot of a hybrid’s state where a prefix may be reused: one for each prefix kept, from ${sized(least)} to ${sized(most)} a snapshot.`
      : 'Prefix caching keeps a snapshot of a hybrid’s state where a prefix may be reused: one for each prefix kept.';
  const over = snapshotsOverCache(rows);
  const bound = `In the upper bound, one every ${integer(SNAPSHOT_EVERY)} tokens kept to a whole context,`;
  const upperBound = over.length
    ? `${bound} the snapshots of ${listWords(over.map((r) => r.name))} would outweigh the cache itself.`
    : `${bound} no model’s snapshots would outweigh its cache.`;
  return { perPrefix, upperBound };
}
