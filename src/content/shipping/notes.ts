/**
 * The note under the shipping table for each model: what its layers read, which of its
 * parameters fire, which figures are missing or qualified and in what way, its numbered
 * caveats, and every source grouped by page.
 */
import { capitalise, integer, listWords, params, percent, urlLabel } from '../../format';
import { architectures as defaultData } from '../architectures';
import { isMissing, NONE, NOT_FOUND, NOT_PUBLISHED, type Architectures, type Model, type StatusWord } from '../schema';
import { type Caveat, caveatsOf } from './caveats';
import { FIGURE_LABELS, figuresOf, LAYER_READ_COUNTS } from './fields';
import { activeShare, featuredModels, referenceModel } from './shares';

export { FIGURE_FIELDS, figuresOf } from './fields';

interface SourceGroup {
  url: string;
  label: string;
  figures: { label: string; status: string }[];
  /** The figures grouped by status, as the note lists them: "total parameters, layers (official); …". */
  summary: string;
}

function statusSummary(figures: SourceGroup['figures']): string {
  const byStatus = new Map<string, string[]>();
  for (const f of figures) byStatus.set(f.status, [...(byStatus.get(f.status) ?? []), f.label]);
  return [...byStatus].map(([status, labels]) => `${labels.join(', ')} (${status})`).join('; ');
}

/** Every sourced figure of a model, grouped by the page it comes from. */
function sourcesOf(m: Model): SourceGroup[] {
  const groups = new Map<string, SourceGroup>();
  const add = (source: string | undefined, label: string, status: string) => {
    if (!source) return;
    const group = groups.get(source) ?? { url: source, label: urlLabel(source), figures: [], summary: '' };
    if (!group.figures.some((f) => f.label === label && f.status === status)) group.figures.push({ label, status });
    groups.set(source, group);
  };
  for (const { field, figure } of figuresOf(m)) add(figure.source, FIGURE_LABELS[field], figure.status);
  for (const count of m.layerReadCounts ?? []) add(count.source, LAYER_READ_COUNTS, count.status);
  const alt = m.alternative;
  if (alt) {
    add(alt.totalParams.source, `total parameters ${alt.what}`, alt.totalParams.status);
    if (alt.activeParams) add(alt.activeParams.source, `active parameters ${alt.what}`, alt.activeParams.status);
  }
  return [...groups.values()].map((g) => ({ ...g, summary: statusSummary(g.figures) }));
}

export interface ModelNote {
  id: string;
  name: string;
  lab: string;
  /** Which part of the context each layer may read. */
  reads: string;
  /** Which of its parameters may fire. */
  fires: string;
  /** The figures that carry a status word, by word ("Not found: licence."), or null. */
  missing: string | null;
  /** What qualifies its figures, numbered as the table's marks are. */
  caveats: Caveat[];
  sources: SourceGroup[];
}

const num = (v: number | string) => (typeof v === 'number' ? integer(v) : v);

function firesText(m: Model): string {
  const share = percent(activeShare(m));
  if (!m.moe) return `Dense: all ${params(m.totalParams.value, 4)} parameters fire on every token (${share}).`;
  const perToken = `${params(m.activeParams.value, 4)} of ${params(m.totalParams.value, 4)} parameters per token (${share})`;
  const routed = m.expertsRouted?.value ?? NOT_PUBLISHED;
  const active = m.expertsActive?.value ?? NOT_PUBLISHED;
  const shared = m.expertsShared;
  const experts =
    typeof routed === 'number' && typeof active === 'number'
      ? `${num(active)} of ${num(routed)} routed experts`
      : `routed experts ${typeof routed === 'number' ? active : routed}`;
  const sharedPart =
    shared?.status === NONE
      ? ', and no shared expert'
      : typeof shared?.value === 'number'
        ? `, plus ${num(shared.value)} shared`
        : `; shared experts ${shared?.value ?? NOT_PUBLISHED}`;
  return `${perToken}: ${experts}${sharedPart}.`;
}

function readsText(m: Model): string {
  const base = isMissing(m.attention.status) ? `Attention design ${m.attention.status}.` : m.attention.value;
  const every = m.depthSummaryEvery?.value;
  const depth =
    typeof every === 'number' ? ` Across depth, before every sub-layer it also attends over earlier layers, kept as one summary per ${num(every)} layers.` : '';
  const context = m.contextTokens.value;
  const window = typeof context === 'number' ? ` Context: ${num(context)} tokens.` : '';
  return `${base}${depth}${window}`;
}

/** The status words in the order a reader weighs them: missing first, then qualified. */
const WORD_ORDER: readonly StatusWord[] = [NOT_PUBLISHED, NOT_FOUND, NONE, 'inherited', 'approximate'];

function missingText(m: Model): string | null {
  const figures = figuresOf(m);
  const parts = WORD_ORDER.flatMap((word) => {
    const fields = figures.filter(({ figure }) => figure.status === word).map(({ field }) => FIGURE_LABELS[field]);
    return fields.length ? [`${capitalise(word)}: ${listWords(fields)}.`] : [];
  });
  return parts.length ? parts.join(' ') : null;
}

export function modelNote(m: Model, data: Architectures = defaultData): ModelNote {
  return {
    id: m.id,
    name: m.name,
    lab: m.lab,
    reads: readsText(m),
    fires: firesText(m),
    missing: missingText(m),
    caveats: caveatsOf(m, data),
    sources: sourcesOf(m),
  };
}

/** The table, the reference row last: the notes in the order a reader meets them. */
export function tableNotes(data: Architectures = defaultData): ModelNote[] {
  return [...featuredModels(data), referenceModel(data)].map((m) => modelNote(m, data));
}
