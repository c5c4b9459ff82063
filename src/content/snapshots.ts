/**
 * What prefix caching holds for each model of the memory figure: one snapshot of its recurrent
 * layers (state and convolution inputs, in the storage the figure opens with) at every 4,096 tokens
 * up to the model's context, beside its cache at that context. Computed by src/core/hybridMemory.ts.
 */
import { prefixSnapshots, type Storage } from '../core';
import { type MemoryModel, memoryModels, storageOf } from './modelMemory';
import { MEMORY_DEFAULTS } from './defaults';

/** The boundary engines snapshot at in this count: one per 4,096 tokens. */
export const SNAPSHOT_EVERY = 4096;

export interface SnapshotRow {
  id: string;
  name: string;
  /** The model's context, or null where its card does not say. */
  context: number | null;
  /** One snapshot's bytes; 0 for a model with no recurrent layer; null where a size is missing. */
  one: number | null;
  /** Snapshots to its whole context, their bytes, and its cache at that context; null where unknown. */
  count: number | null;
  held: number | null;
  cache: number | null;
}

export function snapshotRows(
  models: readonly MemoryModel[] = memoryModels(),
  storage: Storage = storageOf(MEMORY_DEFAULTS.cache, MEMORY_DEFAULTS.state),
): SnapshotRow[] {
  return models.map((m) => {
    const base = { id: m.id, name: m.name, context: m.contextTokens };
    if (!m.stack) return { ...base, one: null, count: null, held: null, cache: null };
    if (m.contextTokens === null) return { ...base, one: prefixSnapshots(m.stack, storage, 0, SNAPSHOT_EVERY).one, count: null, held: null, cache: null };
    const p = prefixSnapshots(m.stack, storage, m.contextTokens, SNAPSHOT_EVERY);
    return { ...base, one: p.one, count: p.count, held: p.held, cache: p.cache };
  });
}

/** The models whose snapshots, to their whole context, outweigh their own cache there. */
export function snapshotsOverCache(rows: readonly SnapshotRow[] = snapshotRows()): SnapshotRow[] {
  return rows.filter((r) => r.held !== null && r.cache !== null && r.one !== null && r.one > 0 && r.held > r.cache);
}
