/**
 * The shipping table's sort state: which column, which way, how rows compare, how the
 * state reads from and writes to the URL (sort, dir), and the sentence a reader hears.
 */
import type { ColumnKey, TableCell as Cell, TableRow as Row } from '../../content/shipping/rows';
import type { UrlCodec } from '../urlState';

export const COLUMNS = [
  { key: 'name', label: 'Model', kind: 'text' },
  { key: 'share', label: 'Active share', kind: 'number' },
  { key: 'total', label: 'Total parameters', short: 'Total', kind: 'number' },
  { key: 'active', label: 'Active per token', short: 'Per token', kind: 'number' },
  { key: 'attention', label: 'Which part of the context each layer may read', short: 'What its layers read', kind: 'text' },
  { key: 'layers', label: 'Layers', kind: 'number' },
  { key: 'experts', label: 'Experts (routed / active / shared)', short: 'Experts: routed / active / shared', kind: 'number' },
  { key: 'context', label: 'Context (tokens)', kind: 'number' },
  { key: 'released', label: 'Released', kind: 'date' },
  { key: 'licence', label: 'Licence', kind: 'text' },
] as const;

export type Direction = 'asc' | 'desc';

export interface SortState {
  key: ColumnKey;
  dir: Direction;
}

const KEYS = new Set<string>(COLUMNS.map((c) => c.key));

export function column(key: ColumnKey) {
  return COLUMNS.find((c) => c.key === key) ?? COLUMNS[0];
}

function compare(a: Cell, b: Cell): number {
  if (typeof a.sort === 'number' && typeof b.sort === 'number') return a.sort - b.sort;
  return String(a.sort).localeCompare(String(b.sort), 'en');
}

export function sortRows(rows: readonly Row[], { key, dir }: SortState): Row[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((ra, rb) => {
    const a = ra.cells[key];
    const b = rb.cells[key];
    if (a.sort === null || b.sort === null) {
      if (a.sort === b.sort) return ra.name.localeCompare(rb.name, 'en');
      return a.sort === null ? 1 : -1;
    }
    return sign * compare(a, b) || ra.name.localeCompare(rb.name, 'en');
  });
}

export function firstDirection(key: ColumnKey): Direction {
  return column(key).kind === 'text' ? 'asc' : 'desc';
}

/** A header activated again flips; a new one starts with the order a reader most likely wants. */
export function nextSort(current: SortState, key: ColumnKey): SortState {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: firstDirection(key) };
}

/** The order as ?sort=key&dir=asc|desc; an unknown column is ignored, an unknown direction takes the column's first. */
export const sortCodec: UrlCodec<SortState> = {
  parse(params, fallback) {
    const key = params.get('sort');
    if (key === null || !KEYS.has(key)) return fallback;
    const dir = params.get('dir');
    return { key: key as ColumnKey, dir: dir === 'asc' || dir === 'desc' ? dir : firstDirection(key as ColumnKey) };
  },
  write(state, fallback) {
    const atDefault = state.key === fallback.key && state.dir === fallback.dir;
    return { sort: atDefault ? null : state.key, dir: atDefault ? null : state.dir };
  },
};

export function directionWords(key: ColumnKey, dir: Direction): string {
  const kind = column(key).kind;
  if (kind === 'text') return dir === 'asc' ? 'A to Z' : 'Z to A';
  if (kind === 'date') return dir === 'asc' ? 'oldest first' : 'newest first';
  return dir === 'asc' ? 'lowest first' : 'highest first';
}

export function announce(rows: readonly Row[], state: SortState): string {
  const sorted = sortRows(rows, state);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const label = column(state.key).label.toLowerCase();
  const ends = first && last ? ` ${first.name} first (${first.cells[state.key].text}), ${last.name} last (${last.cells[state.key].text}).` : '';
  return `Sorted by ${label}, ${directionWords(state.key, state.dir)}.${ends}`;
}
