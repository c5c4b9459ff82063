/**
 * The questions the "what ships today" section asks of data/architectures.json: shares of
 * active parameters, who fires under 4% or over 6%, the outliers, a note and the sources
 * per model, and the rows of the table. Sentences are built here so tests can hold them.
 */
import { architectures as defaultData, GPT2_ID, model, scaleRatio } from './architectures';
import { formatInteger, formatPercent, roundTo } from './format';
import { NOT_PUBLISHED, type Architectures, type LayerRead, type Model } from './schema';

export const SIX_PERCENT = 0.06;
export const FOUR_PERCENT = 0.04;
/** A share this close under a threshold is said to be under it "only just". */
const ONLY_JUST = 0.001;

export interface Share {
  model: Model;
  share: number;
}

export function activeShare(m: Model): number {
  return m.activeParams.value / m.totalParams.value;
}

const withShare = (m: Model): Share => ({ model: m, share: activeShare(m) });
const byShare = (a: Share, b: Share) => a.share - b.share;

/** The eight architectures of the table, in file order. */
export function featuredModels(data: Architectures = defaultData): Model[] {
  return data.models.filter((m) => m.featured);
}

export function referenceModel(data: Architectures = defaultData): Model {
  return model(GPT2_ID, data);
}

/** Models checked for the section but left out of the table. */
export function otherModels(data: Architectures = defaultData): Model[] {
  return data.models.filter((m) => !m.featured && !m.reference);
}

export interface ShareFacts {
  /** The featured models, lowest share first. */
  shares: Share[];
  lowest: Share;
  highest: Share;
  /** Share above 6%. */
  over6: Share[];
  /** Share of 6% or less. */
  within6: Share[];
  /** Share below 4%, lowest first. */
  under4: Share[];
  /** The two largest by total parameters, largest first. */
  twoLargest: [Share, Share];
}

export function shareFacts(data: Architectures = defaultData): ShareFacts {
  const shares = featuredModels(data).map(withShare).sort(byShare);
  const lowest = shares[0];
  const highest = shares[shares.length - 1];
  const bySize = [...shares].sort((a, b) => b.model.totalParams.value - a.model.totalParams.value);
  const [first, second] = bySize;
  if (!lowest || !highest || !first || !second) throw new Error('data/architectures.json: the table needs at least two featured models');
  return {
    shares,
    lowest,
    highest,
    over6: shares.filter((s) => s.share > SIX_PERCENT),
    within6: shares.filter((s) => s.share <= SIX_PERCENT),
    under4: shares.filter((s) => s.share < FOUR_PERCENT),
    twoLargest: [first, second],
  };
}

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

export function countWord(n: number): string {
  return WORDS[n] ?? formatInteger(n);
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function listWords(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const pct = (share: number) => formatPercent(share, 2);
const named = (s: Share) => `${s.model.name} (${pct(s.share)})`;

const UNITS: [number, string, string][] = [
  [1e12, 'T', 'trillion'],
  [1e9, 'B', 'billion'],
  [1e6, 'M', 'million'],
];
const fourSignificant = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });

/** 2.8e12 -> "2.8T", 116.8e9 -> "116.8B": short enough for a table cell. */
export function compactParams(x: number): string {
  for (const [size, short] of UNITS) if (x >= size) return `${fourSignificant.format(x / size)}${short}`;
  return formatInteger(x);
}

/** 2.8e12 -> "2.8 trillion": what a screen reader should say for the same cell. */
export function spokenParams(x: number): string {
  for (const [size, , long] of UNITS) if (x >= size) return `${fourSignificant.format(x / size)} ${long}`;
  return formatInteger(x);
}

/** The range the featured models keep to, and who breaks the 6% line. */
export function sixPercentSentence(f: ShareFacts): string {
  const n = f.shares.length;
  const of = `of the ${countWord(n)}`;
  if (f.over6.length === 0) {
    return `None ${of} fires more than 6% of its parameters on a token; the highest share is ${f.highest.model.name}\u2019s, ${pct(f.highest.share)}.`;
  }
  if (f.within6.length === 0) {
    return `All ${countWord(n)} fire more than 6% of their parameters on a token, from ${named(f.lowest)} to ${named(f.highest)}.`;
  }
  const low = f.within6[0]!;
  const high = f.within6[f.within6.length - 1]!;
  const k = f.within6.length;
  const range = k === 1 ? `fires ${pct(low.share)}` : `fire between ${pct(low.share)} (${low.model.name}) and ${pct(high.share)} (${high.model.name})`;
  const rest = `${capitalise(countWord(k))} ${of} ${range} of their parameters on a token.`;
  const outliers = [...f.over6].reverse();
  const exception =
    outliers.length === 1
      ? `The outlier is ${outliers[0]!.model.name}, at ${pct(outliers[0]!.share)}.`
      : `The outliers are ${listWords(outliers.map(named))}.`;
  return `${rest} ${exception}`;
}

/** Whether the tidy summary "none fires more than 6%" survives the data. */
export function sixPercentVerdict(f: ShareFacts): string {
  if (f.over6.length === 0) return 'The tidy summary, that none of them fires more than 6%, holds.';
  const breakers = listWords([...f.over6].reverse().map((s) => s.model.name));
  return `The tidy summary, that none of them fires more than 6%, does not hold: ${breakers} ${f.over6.length === 1 ? 'breaks' : 'break'} it.`;
}

export function fourPercentSentence(f: ShareFacts): string {
  const n = f.shares.length;
  if (f.under4.length === 0) {
    return `None of the ${countWord(n)} fires under 4%; the lowest share is ${f.lowest.model.name}\u2019s, ${pct(f.lowest.share)}.`;
  }
  const u = f.under4.length;
  return `${capitalise(countWord(u))} of the ${countWord(n)} ${u === 1 ? 'fires' : 'fire'} under 4%: ${listWords(f.under4.map(named))}.`;
}

export function twoLargestSentence(f: ShareFacts): string {
  const [a, b] = f.twoLargest;
  const start = `The two largest, ${a.model.name} (${spokenParams(a.model.totalParams.value)} parameters) and ${b.model.name} (${spokenParams(b.model.totalParams.value)}), fire ${pct(a.share)} and ${pct(b.share)}`;
  const under = [a, b].filter((s) => s.share < FOUR_PERCENT);
  if (under.length === 2) {
    const close = under.filter((s) => FOUR_PERCENT - s.share < ONLY_JUST);
    const caveat = close.length ? `, ${listWords(close.map((s) => s.model.name))} only just` : '';
    return `${start}: both under 4%${caveat}.`;
  }
  if (under.length === 1) return `${start}: only ${under[0]!.model.name} is under 4%.`;
  return `${start}: neither is under 4%.`;
}

/** Under 4% is a property of size only if no smaller model gets there too. */
export function smallerSparseSentence(f: ShareFacts): string | null {
  const largest = new Set(f.twoLargest.map((s) => s.model.id));
  const others = f.under4.filter((s) => !largest.has(s.model.id));
  if (others.length === 0) return null;
  const floor = Math.min(...f.twoLargest.map((s) => s.share));
  const sparser = others.every((s) => s.share < floor);
  const list = listWords(others.map((s) => `${s.model.name} (${spokenParams(s.model.totalParams.value)}, ${pct(s.share)})`));
  return `So under 4% is not a privilege of the very largest: ${list} ${sparser ? (others.length === 1 ? 'is sparser still' : 'are sparser still') : others.length === 1 ? 'fires under 4% too' : 'fire under 4% too'}.`;
}

/** Whether size is what separates the sparsest models from the rest. */
export function trillionSentence(f: ShareFacts): string | null {
  const big = f.shares.filter((s) => s.model.totalParams.value >= 1e12);
  const small = f.shares.filter((s) => s.model.totalParams.value < 1e12);
  if (big.length === 0) return null;
  const bigUnder = big.every((s) => s.share < FOUR_PERCENT);
  const smallUnder = small.filter((s) => s.share < FOUR_PERCENT);
  const all = big.length === 1 ? 'The one model' : `All ${countWord(big.length)} models`;
  if (bigUnder && smallUnder.length === 0) {
    return `${all} with a trillion parameters or more ${big.length === 1 ? 'fires' : 'fire'} under 4%, and none of the smaller ones does: here the dividing line is size.`;
  }
  if (bigUnder) {
    return `${all} with a trillion parameters or more ${big.length === 1 ? 'fires' : 'fire'} under 4%, and so ${smallUnder.length === 1 ? 'does' : 'do'} ${listWords(smallUnder.map(named))}.`;
  }
  const over = big.filter((s) => s.share >= FOUR_PERCENT);
  return `Size alone does not decide it: ${listWords(over.map(named))} ${over.length === 1 ? 'has' : 'have'} a trillion parameters or more and still ${over.length === 1 ? 'fires' : 'fire'} 4% or more.`;
}

/** The models checked and left out, so a reader can see what the selection decides. */
export function othersSentence(data: Architectures = defaultData): string | null {
  const others = otherModels(data).map(withShare).sort(byShare);
  const low = others[0];
  const high = others[others.length - 1];
  if (!low || !high) return null;
  const over = others.filter((s) => s.share > SIX_PERCENT);
  const k = others.length;
  const head = `${capitalise(countWord(k))} other recent ${k === 1 ? 'model was' : 'models were'} checked and left out of the table (${k === 1 ? 'it is' : 'they are'} in the downloads)`;
  const range = k === 1 ? `: ${named(low)}` : `: their shares run from ${pct(low.share)} (${low.model.name}) to ${pct(high.share)} (${high.model.name})`;
  const cross =
    over.length === 0
      ? ', and none of them crosses 6%'
      : `, and ${over.length === 1 ? `one of them, ${named(over[0]!)}, crosses` : `${countWord(over.length)} of them, ${listWords(over.map(named))}, cross`} 6% as well`;
  return `${head}${range}${cross}. Which eight you pick decides whether a 6% line holds.`;
}

const READ_PHRASES: [LayerRead, string][] = [
  ['a fixed-size state', 'some layers read the past only through a fixed-size state'],
  ['selected tokens', 'an indexer picks which tokens some layers read'],
  ['a sliding window', 'some layers see only a sliding window of recent tokens'],
];

/** The first question, counted across the eight. */
export function readsSentence(data: Architectures = defaultData): string {
  const featured = featuredModels(data);
  const n = featured.length;
  const clauses = READ_PHRASES.flatMap(([kind, phrase]) => {
    const ms = featured.filter((m) => m.layerReads.includes(kind));
    return ms.length ? [`in ${countWord(ms.length)} (${listWords(ms.map((m) => m.name))}), ${phrase}`] : [];
  });
  const everyLayer = featured.filter((m) => m.layerReads.length === 1 && m.layerReads[0] === 'every token');
  const full =
    everyLayer.length === 0
      ? `None of the ${countWord(n)} reads every token in every layer.`
      : everyLayer.length === 1
        ? `Only ${everyLayer[0]!.name} still reads every token in every layer.`
        : `${listWords(everyLayer.map((m) => m.name))} still read every token in every layer.`;
  const first = clauses.length ? `Of the ${countWord(n)}, ${clauses.join('; ')}. ` : '';
  return `${first}${full}`;
}

export interface ScaleSentenceParts {
  about: string;
  activeCopies: string;
}

/** The K3 to GPT-2 ratio as the section says it, rounded to the hundred. */
export function k3Ratio(data: Architectures = defaultData): ScaleSentenceParts {
  const r = scaleRatio(data);
  return { about: formatInteger(roundTo(r.exact, 100)), activeCopies: formatInteger(r.active) };
}

/* ---- per-model notes and sources ---- */

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

export const FIGURE_LABELS: Record<FigureField, string> = {
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

export interface SourceGroup {
  url: string;
  label: string;
  figures: { label: string; status: string }[];
}

/** "https://docs.nvidia.com/nemo/automodel/.../kimi-k3.md" -> "docs.nvidia.com/…/kimi-k3.md". */
export function sourceLabel(url: string): string {
  const u = new URL(url);
  const host = u.hostname.replace(/^www\./, '');
  const parts = u.pathname.split('/').filter(Boolean);
  if (parts.length === 0) return host;
  const clip = (part: string) => (part.length > 36 ? `${part.slice(0, 34)}\u2026` : part);
  if (parts.length <= 2) return `${host}/${parts.map(clip).join('/')}`;
  return `${host}/${clip(parts[0]!)}/\u2026/${clip(parts[parts.length - 1]!)}`;
}

/** Every sourced figure of a model, grouped by the page it comes from. */
export function sourcesOf(m: Model): SourceGroup[] {
  const groups = new Map<string, SourceGroup>();
  for (const { field, figure } of figuresOf(m)) {
    if (!figure.source) continue;
    const group = groups.get(figure.source) ?? { url: figure.source, label: sourceLabel(figure.source), figures: [] };
    group.figures.push({ label: FIGURE_LABELS[field], status: figure.status });
    groups.set(figure.source, group);
  }
  return [...groups.values()];
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

const num = (v: number | string) => (typeof v === 'number' ? formatInteger(v) : v);

function firesText(m: Model): string {
  const share = pct(activeShare(m));
  if (!m.moe) return `Dense: all ${spokenParams(m.totalParams.value)} parameters fire on every token (${share}).`;
  const params = `${spokenParams(m.activeParams.value)} of ${spokenParams(m.totalParams.value)} parameters per token (${share})`;
  const routed = m.expertsRouted?.value ?? NOT_PUBLISHED;
  const active = m.expertsActive?.value ?? NOT_PUBLISHED;
  const shared = m.expertsShared?.value ?? NOT_PUBLISHED;
  const experts =
    typeof routed === 'number' && typeof active === 'number'
      ? `${num(active)} of ${num(routed)} routed experts`
      : 'routed experts not published';
  const sharedPart = typeof shared === 'number' ? `, plus ${num(shared)} shared` : '; shared experts not published';
  return `${params}: ${experts}${sharedPart}.`;
}

function readsText(m: Model): string {
  const base = m.attention.status === NOT_PUBLISHED ? 'Attention design not published.' : m.attention.value;
  const every = m.depthSummaryEvery?.value;
  const depth =
    typeof every === 'number'
      ? ` Across depth, before every sub-layer it also attends over earlier layers, kept as one summary per ${num(every)} layers.`
      : '';
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

/* ---- the table's rows ---- */

export const COLUMN_KEYS = ['name', 'released', 'total', 'active', 'share', 'layers', 'attention', 'experts', 'context', 'licence'] as const;
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
  return typeof value === 'number' ? { text: formatInteger(value), sort: value } : missingCell();
}

function expertsCell(m: Model): TableCell {
  if (!m.moe) return { text: 'dense', spoken: 'dense, no experts', sort: null };
  const part = (v: number | string | undefined) => (typeof v === 'number' ? formatInteger(v) : NOT_PUBLISHED);
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
      total: { text: compactParams(m.totalParams.value), spoken: spokenParams(m.totalParams.value), sort: m.totalParams.value },
      active: { text: compactParams(m.activeParams.value), spoken: spokenParams(m.activeParams.value), sort: m.activeParams.value },
      share: { text: pct(share), sort: share },
      layers: countCell(m.layers.value),
      attention:
        m.attention.status === NOT_PUBLISHED ? missingCell() : { text: m.attention.value, sort: m.layerReads.join(' + ') },
      experts: expertsCell(m),
      context: countCell(m.contextTokens.value),
      licence: m.licence.status === NOT_PUBLISHED ? missingCell() : { text: m.licence.value, sort: m.licence.value.toLowerCase() },
    },
  };
}

/** The bar's full width: the highest featured share, rounded up to a whole 2%. */
export function barMax(f: ShareFacts): number {
  return (Math.ceil((f.highest.share * 100) / 2 - 1e-9) * 2) / 100;
}

/** What the bars show, in one or two sentences, for a reader who cannot see them. */
export function describeBars(f: ShareFacts, reference: Model): string {
  const max = formatPercent(barMax(f), 0);
  const refShare = activeShare(reference);
  const offScale = refShare > barMax(f) ? ', off the scale' : '';
  return `Each bar is the share of a model's parameters that fire on one token, drawn from 0 to ${max}: the shortest is ${f.lowest.model.name}'s, ${pct(f.lowest.share)}, the longest ${f.highest.model.name}'s, ${pct(f.highest.share)}. The reference row, ${reference.name}, is dense and fires ${pct(refShare)}${offScale}.`;
}
