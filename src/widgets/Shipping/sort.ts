/**
 * The shipping table's sort state: which column, which way, how rows compare, how the
 * state reads from and writes to the URL (sort, dir), and the sentence a reader hears.
 */

export const COLUMNS = [
  { key: 'name', label: 'Model', kind: 'text' },
  { key: 'share', label: 'Active share', kind: 'number' },
  { key: 'total', label: 'Total parameters', kind: 'number' },
  { key: 'active', label: 'Active per token', kind: 'number' },
  { key: 'attention', label: 'Which part of the context each layer may read', short: 'What its layers read', kind: 'text' },
  { key: 'layers', label: 'Layers', kind: 'number' },
  { key: 'experts', label: 'Experts (routed / active / shared)', short: 'Experts: routed / active / shared', kind: 'number' },
  { key: 'context', label: 'Context (tokens)', kind: 'number' },
  { key: 'released', label: 'Released', kind: 'date' },
  { key: 'licence', label: 'Licence', kind: 'text' },
] as const;

export type ColumnKey = (typeof COLUMNS)[number]['key'];
export type Direction = 'asc' | 'desc';

export interface SortState {
  key: ColumnKey;
  dir: Direction;
}

export interface Cell {
  text: string;
  spoken?: string;
  /** null sorts last whichever way the column runs: "not published" is not a small number. */
  sort: number | string | null;
}

export interface Row {
  id: string;
  name: string;
  lab: string;
  share: number;
  cells: Record<ColumnKey, Cell>;
}

export const DEFAULT_SORT: SortState = { key: 'total', dir: 'desc' };

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

export function fromQuery(search: string): SortState | null {
  const params = new URLSearchParams(search);
  const key = params.get('sort');
  if (key === null || !KEYS.has(key)) return null;
  const dir = params.get('dir');
  return { key: key as ColumnKey, dir: dir === 'asc' || dir === 'desc' ? dir : firstDirection(key as ColumnKey) };
}

/** The query string with sort and dir set (or removed at the default), every other parameter kept. */
export function toQuery(search: string, state: SortState): string {
  const params = new URLSearchParams(search);
  if (state.key === DEFAULT_SORT.key && state.dir === DEFAULT_SORT.dir) {
    params.delete('sort');
    params.delete('dir');
  } else {
    params.set('sort', state.key);
    params.set('dir', state.dir);
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

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
