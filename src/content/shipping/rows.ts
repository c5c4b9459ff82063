/**
 * The shipping table's rows: one cell per column for each model, with the text a reader sees,
 * what a screen reader says where that differs, and the value the column sorts by.
 */
import { integer, params, paramsShort, percent } from '../../format';
import { architectures as defaultData } from '../architectures';
import { type Architectures, isMissing, NONE, type Model, NOT_PUBLISHED, type StatusWord } from '../schema';
import { caveatsOf, marksByColumn } from './caveats';
import { activeShare } from './shares';
import { type LayerStrip, layerStrip } from './strip';

import type { ColumnKey } from './fields';

export type { ColumnKey };

export interface TableCell {
  text: string;
  /** What a screen reader should say when it differs from the text. */
  spoken?: string;
  /** Sort value; null sorts last in either direction (a missing figure). */
  sort: number | string | null;
  /** The status word the cell shows: in place of a missing figure, or beside a qualified one. */
  status?: StatusWord;
  /** The numbers of the caveats on its figures, listed in the model's entry below the table. */
  marks?: number[];
}

export interface TableRow {
  id: string;
  name: string;
  lab: string;
  share: number;
  cells: Record<ColumnKey, TableCell>;
  /** Its layers by what they read, drawn as a strip in the attention cell. */
  strip: LayerStrip;
}

interface Figure<T> {
  value: T | typeof NOT_PUBLISHED | 'not found' | 0;
  status: string;
}

/** The word a figure's status puts in or beside its cell, if any. */
function statusWord(status: string): StatusWord | undefined {
  return isMissing(status) || status === NONE || status === 'inherited' || status === 'approximate' ? status : undefined;
}

/** A figure's cell: its text, or its status word when it is missing. */
function figureCell<T extends string | number>(f: Figure<T>, show: (v: T) => Omit<TableCell, 'status'>): TableCell {
  const status = statusWord(f.status);
  if (isMissing(f.status)) return { text: f.status, sort: null, status };
  const cell = show(f.value as T);
  return status ? { ...cell, status } : cell;
}

const countCell = (f: Figure<number>) => figureCell(f, (v) => ({ text: integer(v), sort: v }));

/** A parameter count: short in the cell, in words for a screen reader. */
const paramsCell = (f: Figure<number>) => figureCell(f, (x) => ({ text: paramsShort(x), spoken: params(x, 4), sort: x }));

function expertsCell(m: Model): TableCell {
  if (!m.moe) return { text: 'dense', spoken: 'dense, no experts', sort: null };
  const figures = [m.expertsRouted, m.expertsActive, m.expertsShared];
  const part = (f: (typeof figures)[number]) =>
    f === undefined ? NOT_PUBLISHED : f.status === NONE ? NONE : typeof f.value === 'number' ? integer(f.value) : f.value;
  const [routed, active, shared] = figures.map(part);
  const routedValue = m.expertsRouted?.value;
  return {
    text: `${routed} / ${active} / ${shared}`,
    spoken: `${routed} routed, ${active} active, ${shared} shared`,
    sort: typeof routedValue === 'number' ? routedValue : null,
  };
}

export function tableRow(m: Model, data: Architectures = defaultData): TableRow {
  const share = activeShare(m);
  const marks = marksByColumn(caveatsOf(m, data));
  const row = cellsOf(m, share);
  for (const key of Object.keys(row) as ColumnKey[]) {
    const n = marks[key];
    if (n) row[key] = { ...row[key], marks: n };
  }
  return { id: m.id, name: m.name, lab: m.lab, share, cells: row, strip: layerStrip(m) };
}

function cellsOf(m: Model, share: number): Record<ColumnKey, TableCell> {
  return {
    name: { text: m.name, sort: m.name.toLowerCase() },
    released: figureCell(m.released, (v) => ({ text: v, sort: v })),
    total: paramsCell(m.totalParams),
    active: paramsCell(m.activeParams),
    share: { text: percent(share), sort: share },
    layers: countCell(m.layers),
    attention: figureCell(m.attention, (v) => ({ text: v, sort: m.layerReads.map((k) => k.join(' + ')).join('; ') })),
    experts: expertsCell(m),
    context: countCell(m.contextTokens),
    licence: figureCell(m.licence, (v) => ({ text: v, sort: v.toLowerCase() })),
  };
}
