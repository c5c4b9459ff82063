/**
 * The shipping table's rows: one cell per column for each model, with the text a reader sees,
 * what a screen reader says where that differs, and the value the column sorts by.
 */
import { integer, params, paramsShort, percent } from '../../format';
import { NOT_PUBLISHED, type Model } from '../schema';
import { activeShare } from './shares';

const COLUMN_KEYS = ['name', 'released', 'total', 'active', 'share', 'layers', 'attention', 'experts', 'context', 'licence'] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];

export interface TableCell {
  text: string;
  /** What a screen reader should say when it differs from the text. */
  spoken?: string;
  /** Sort value; null sorts last in either direction ("not published"). */
  sort: number | string | null;
}

export interface TableRow {
  id: string;
  name: string;
  lab: string;
  share: number;
  cells: Record<ColumnKey, TableCell>;
}

const missingCell = (): TableCell => ({ text: NOT_PUBLISHED, sort: null });

function countCell(value: number | string): TableCell {
  return typeof value === 'number' ? { text: integer(value), sort: value } : missingCell();
}

/** A parameter count: short in the cell, in words for a screen reader. */
function paramsCell(x: number): TableCell {
  return { text: paramsShort(x), spoken: params(x, 4), sort: x };
}

function expertsCell(m: Model): TableCell {
  if (!m.moe) return { text: 'dense', spoken: 'dense, no experts', sort: null };
  const part = (v: number | string | undefined) => (typeof v === 'number' ? integer(v) : NOT_PUBLISHED);
  const [routed, active, shared] = [m.expertsRouted?.value, m.expertsActive?.value, m.expertsShared?.value];
  return {
    text: `${part(routed)} / ${part(active)} / ${part(shared)}`,
    spoken: `${part(routed)} routed, ${part(active)} active, ${part(shared)} shared`,
    sort: typeof routed === 'number' ? routed : null,
  };
}

export function tableRow(m: Model): TableRow {
  const share = activeShare(m);
  const released = m.released.value;
  return {
    id: m.id,
    name: m.name,
    lab: m.lab,
    share,
    cells: {
      name: { text: m.name, sort: m.name.toLowerCase() },
      released: m.released.status === NOT_PUBLISHED ? missingCell() : { text: released, sort: released },
      total: paramsCell(m.totalParams.value),
      active: paramsCell(m.activeParams.value),
      share: { text: percent(share), sort: share },
      layers: countCell(m.layers.value),
      attention: m.attention.status === NOT_PUBLISHED ? missingCell() : { text: m.attention.value, sort: m.layerReads.join(' + ') },
      experts: expertsCell(m),
      context: countCell(m.contextTokens.value),
      licence: m.licence.status === NOT_PUBLISHED ? missingCell() : { text: m.licence.value, sort: m.licence.value.toLowerCase() },
    },
  };
}
