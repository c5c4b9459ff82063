/**
 * The sizes a model's memory rests on, each with its status and source, and the weakest of them:
 * what the figure's downloads and notes carry so that a reader sees how sure each number is.
 */
import { architectures, K3_ID, model } from './architectures';
import type { MemoryData } from './k3Memory';
import { type Architectures, NOT_FOUND } from './schema';

/** One size a model's numbers rest on, as the downloads give it. */
export interface SizeRecord {
  field: string;
  value: number | string | boolean;
  status: string;
  source: string;
  note?: string;
}

/** Statuses from the strongest to the weakest: a model is only as sure as its least sure size. */
export const STATUS_ORDER = ['official', 'config', 'inherited', 'secondary', 'approximate', 'derived', 'not found', 'not published'] as const;

export function weakestStatus(sizes: readonly Pick<SizeRecord, 'status'>[]): string {
  const rank = (x: string) => STATUS_ORDER.indexOf(x as (typeof STATUS_ORDER)[number]);
  return sizes.reduce((w, x) => (rank(x.status) > rank(w) ? x.status : w), 'official' as string);
}

/** Kimi K3's sizes: its shapes from data/memory.json, its layer counts from data/architectures.json. */
export function k3Sizes(data: MemoryData, arch: Architectures = architectures): SizeRecord[] {
  const k3 = model(K3_ID, arch);
  const counts = (['fullAttentionLayers', 'linearLayers'] as const).map((key) => {
    const f = k3[key];
    return { field: key, value: f?.value ?? NOT_FOUND, status: f?.status ?? NOT_FOUND, source: f?.source ?? '' };
  });
  const shapes = Object.entries(data.k3).map(([key, f]) => ({
    field: key,
    value: f.value,
    status: f.status,
    source: f.source,
    ...(f.note ? { note: f.note } : {}),
  }));
  return [...counts, ...shapes];
}
