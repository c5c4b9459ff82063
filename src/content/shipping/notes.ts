/**
 * The note under the shipping table for each model: what its layers read, which of its
 * parameters fire, what its lab has not published, and every source grouped by page.
 */
import { integer, listWords, params, percent } from '../../format';
import { architectures as defaultData } from '../architectures';
import { NOT_PUBLISHED, type Architectures, type Model } from '../schema';
import { activeShare, featuredModels, referenceModel } from './shares';

type FigureField =
  | 'released'
  | 'totalParams'
  | 'headlineParams'
  | 'activeParams'
  | 'layers'
  | 'linearLayers'
  | 'fullAttentionLayers'
  | 'attention'
  | 'expertsRouted'
  | 'expertsActive'
  | 'expertsShared'
  | 'contextTokens'
  | 'licence'
  | 'depthSummaryEvery';

const FIGURE_LABELS: Record<FigureField, string> = {
  released: 'release date',
  totalParams: 'total parameters',
  headlineParams: 'headline count',
  activeParams: 'active parameters',
  layers: 'layers',
  linearLayers: 'linear-attention layers',
  fullAttentionLayers: 'full-attention layers',
  attention: 'attention design',
  expertsRouted: 'routed experts',
  expertsActive: 'active experts',
  expertsShared: 'shared experts',
  contextTokens: 'context length',
  licence: 'licence',
  depthSummaryEvery: 'depth summaries',
};

/** Every sourced figure a model may carry, in the order the notes and the CSV list them. */
export const FIGURE_FIELDS = Object.keys(FIGURE_LABELS) as FigureField[];

interface AnyFigure {
  value: unknown;
  status: string;
  source?: string | undefined;
  note?: string | undefined;
}

export function figuresOf(m: Model): { field: FigureField; figure: AnyFigure }[] {
  return FIGURE_FIELDS.flatMap((field) => {
    const figure = m[field] as AnyFigure | undefined;
    return figure ? [{ field, figure }] : [];
  });
}

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

/** "https://docs.nvidia.com/nemo/automodel/.../kimi-k3.md" -> "docs.nvidia.com/…/kimi-k3.md". */
function sourceLabel(url: string): string {
  const u = new URL(url);
  const host = u.hostname.replace(/^www\./, '');
  const parts = u.pathname.split('/').filter(Boolean);
  if (parts.length === 0) return host;
  const clip = (part: string) => (part.length > 36 ? `${part.slice(0, 34)}\u2026` : part);
  if (parts.length <= 2) return `${host}/${parts.map(clip).join('/')}`;
  return `${host}/${clip(parts[0]!)}/\u2026/${clip(parts[parts.length - 1]!)}`;
}

/** Every sourced figure of a model, grouped by the page it comes from. */
function sourcesOf(m: Model): SourceGroup[] {
  const groups = new Map<string, SourceGroup>();
  for (const { field, figure } of figuresOf(m)) {
    if (!figure.source) continue;
    const group = groups.get(figure.source) ?? { url: figure.source, label: sourceLabel(figure.source), figures: [], summary: '' };
    group.figures.push({ label: FIGURE_LABELS[field], status: figure.status });
    groups.set(figure.source, group);
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
  /** The figures the lab has not published, or null. */
  missing: string | null;
  sources: SourceGroup[];
}

const num = (v: number | string) => (typeof v === 'number' ? integer(v) : v);

function firesText(m: Model): string {
  const share = percent(activeShare(m));
  if (!m.moe) return `Dense: all ${params(m.totalParams.value, 4)} parameters fire on every token (${share}).`;
  const perToken = `${params(m.activeParams.value, 4)} of ${params(m.totalParams.value, 4)} parameters per token (${share})`;
  const routed = m.expertsRouted?.value ?? NOT_PUBLISHED;
  const active = m.expertsActive?.value ?? NOT_PUBLISHED;
  const shared = m.expertsShared?.value ?? NOT_PUBLISHED;
  const experts = typeof routed === 'number' && typeof active === 'number' ? `${num(active)} of ${num(routed)} routed experts` : 'routed experts not published';
  const sharedPart = typeof shared === 'number' ? `, plus ${num(shared)} shared` : '; shared experts not published';
  return `${perToken}: ${experts}${sharedPart}.`;
}

function readsText(m: Model): string {
  const base = m.attention.status === NOT_PUBLISHED ? 'Attention design not published.' : m.attention.value;
  const every = m.depthSummaryEvery?.value;
  const depth =
    typeof every === 'number' ? ` Across depth, before every sub-layer it also attends over earlier layers, kept as one summary per ${num(every)} layers.` : '';
  const context = m.contextTokens.value;
  const window = typeof context === 'number' ? ` Context: ${num(context)} tokens.` : '';
  return `${base}${depth}${window}`;
}

function missingText(m: Model): string | null {
  const missing = figuresOf(m).filter(({ figure }) => figure.status === NOT_PUBLISHED);
  if (missing.length === 0) return null;
  return `Not published: ${listWords(missing.map(({ field }) => FIGURE_LABELS[field]))}.`;
}

export function modelNote(m: Model): ModelNote {
  return { id: m.id, name: m.name, lab: m.lab, reads: readsText(m), fires: firesText(m), missing: missingText(m), sources: sourcesOf(m) };
}

/** The table, the reference row last: the notes in the order a reader meets them. */
export function tableNotes(data: Architectures = defaultData): ModelNote[] {
  return [...featuredModels(data), referenceModel(data)].map(modelNote);
}
