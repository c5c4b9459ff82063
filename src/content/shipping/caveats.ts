/**
 * What qualifies each figure of a model, numbered: every note the data holds, and every second
 * published count with what it changes. The table marks each cell with the numbers of the
 * caveats on its figures; the model's entry below the table lists them in full.
 */
import { capitalise, integer, params, percent, roundTo } from '../../format';
import { architectures as defaultData, GPT2_ID, K3_ID, model } from '../architectures';
import type { Architectures, Model } from '../schema';
import { activeShare } from './shares';
import { type ColumnKey, FIGURE_LABELS, type FigureField, figuresOf } from './fields';

/** The table column that shows each figure. */
const COLUMN_OF: Record<FigureField, ColumnKey> = {
  released: 'released',
  totalParams: 'total',
  headlineParams: 'total',
  activeParams: 'active',
  layers: 'layers',
  linearLayers: 'layers',
  fullAttentionLayers: 'layers',
  attention: 'attention',
  expertsRouted: 'experts',
  expertsActive: 'experts',
  expertsShared: 'experts',
  contextTokens: 'context',
  licence: 'licence',
  depthSummaryEvery: 'attention',
};

export interface Caveat {
  /** 1-based, in the order of the model's entry. */
  n: number;
  /** What it qualifies, as the entry names it: "total parameters". */
  about: string;
  text: string;
  /** The columns whose cells carry its mark. */
  columns: ColumnKey[];
}

/** A second count's consequences: the share it gives, and for K3 the copies of GPT-2 it makes. */
function alternativeText(m: Model, data: Architectures): string | null {
  const alt = m.alternative;
  if (!alt) return null;
  const active = alt.activeParams?.value ?? m.activeParams.value;
  const total = alt.totalParams.value;
  const counted = alt.activeParams ? `${params(active, 4)} of ${params(total, 4)} parameters` : `${params(total, 4)} parameters in all`;
  const share = `${percent(active / total)} fire on each token instead of ${percent(activeShare(m))}`;
  let copies = '';
  if (m.id === K3_ID) {
    const gpt2 = model(GPT2_ID, data).totalParams.value;
    copies = `, and ${m.name} is about ${integer(roundTo(total / gpt2, 10))} copies of GPT-2 small instead of ${integer(roundTo(m.totalParams.value / gpt2, 100))}`;
  }
  return `${capitalise(alt.what)}, ${counted}: ${share}${copies}.`;
}

export function caveatsOf(m: Model, data: Architectures = defaultData): Caveat[] {
  const out: Omit<Caveat, 'n'>[] = [];
  for (const { field, figure } of figuresOf(m)) {
    if (!figure.note) continue;
    const column = COLUMN_OF[field];
    // One note on several figures (the same caveat on total and active) is listed once.
    const same = out.find((c) => c.text === figure.note);
    if (same) {
      same.about = `${same.about}, ${FIGURE_LABELS[field]}`;
      if (!same.columns.includes(column)) same.columns.push(column);
    } else out.push({ about: FIGURE_LABELS[field], text: figure.note, columns: [column] });
  }
  const alt = alternativeText(m, data);
  if (alt) out.push({ about: 'a second count', text: alt, columns: m.alternative?.activeParams ? ['total', 'active', 'share'] : ['total', 'share'] });
  return out.map((c, i) => ({ ...c, n: i + 1 }));
}

/** The numbers of the caveats on each column's cell. */
export function marksByColumn(caveats: readonly Caveat[]): Partial<Record<ColumnKey, number[]>> {
  const marks: Partial<Record<ColumnKey, number[]>> = {};
  for (const c of caveats) for (const col of c.columns) marks[col] = [...(marks[col] ?? []), c.n];
  return marks;
}
