/**
 * The first question drawn: each model's layers as a strip of cells, one per layer, coloured by
 * what the layer reads. Cells are grouped by what they read, not drawn in layer order; a layer
 * that reads several things is one cell split into bands. Counts come from layerReadCounts; the
 * layers of a group whose count is not published are drawn as unknown, never guessed.
 */
import { countWord, integer, listWords } from '../../format';
import { architectures as defaultData } from '../architectures';
import type { Architectures, LayerRead, Model } from '../schema';
import { featuredModels } from './shares';

/** What a cell shows: one of the reads, or "unknown" for layers whose group count is not published. */
export type StripRead = LayerRead | 'unknown';

/** The order runs are drawn in, left to right, and bands top to bottom; the legend's order too. */
export const STRIP_ORDER: readonly StripRead[] = [
  'every token',
  'selected tokens',
  'compressed entries',
  'a sliding window',
  'a fixed-size state',
  'nothing',
  'unknown',
];

export interface StripRun {
  /** The first cell of the run, counted from the left. */
  at: number;
  /** How many layers (cells) the run holds. */
  count: number;
  /** What each of its layers reads, one band per read, top to bottom. */
  reads: StripRead[];
}

export interface LayerStrip {
  /** The cells drawn: the layer count, or the published counts' sum where it is not published. */
  cells: number;
  runs: StripRun[];
  /** The strip in words, for a screen reader: the counts per read. */
  label: string;
  /** Whether some of its layers read selected tokens alone, from a cache that keeps every token. */
  keepsAll: boolean;
}

/**
 * Sparse attention over the whole cache chooses what to read, not what to store: said where a
 * group of layers reads selected tokens alone (a group that also reads compressed entries keeps
 * those). The strip's label and the legend's note say it in these words.
 */
const KEEP_ALL = 'keep every token, and an indexer picks the ones read';

const rank = (r: StripRead) => STRIP_ORDER.indexOf(r);
const byRank = (a: StripRead, b: StripRead) => rank(a) - rank(b);

/** "read selected tokens, compressed entries and a sliding window" */
const readsWords = (reads: readonly StripRead[]) => `read ${listWords(reads)}`;

export function layerStrip(m: Model): LayerStrip {
  const layers = typeof m.layers.value === 'number' ? m.layers.value : null;
  const groups = m.layerReads.map((g, i) => {
    const figure = m.layerReadCounts?.[i];
    return { reads: [...g].sort(byRank), count: typeof figure?.value === 'number' ? figure.value : null, status: figure?.status };
  });
  const known = groups.filter((g) => g.count !== null).sort((a, b) => byRank(a.reads[0]!, b.reads[0]!));
  const unknown = groups.filter((g) => g.count === null);
  const sum = known.reduce((s, g) => s + g.count!, 0);
  const rest = layers === null ? 0 : layers - sum;
  const runs: StripRun[] = [];
  let at = 0;
  for (const g of known) {
    runs.push({ at, count: g.count!, reads: g.reads });
    at += g.count!;
  }
  if (rest > 0) runs.push({ at, count: rest, reads: ['unknown'] });

  // "24 read every token, 69 a fixed-size state": the verb once, as a reader would say it.
  const parts = known.map((g, i) => `${integer(g.count!)} ${i ? listWords(g.reads) : readsWords(g.reads)}`);
  if (unknown.length) {
    const what = listWords(unknown.map((g) => readsWords(g.reads)));
    parts.push(rest > 0 ? `the other ${integer(rest)} ${what}, in counts not published` : `some ${what}, in counts not published`);
  }
  if (!groups.length) parts.push('what they read is not published');
  const several = known.some((g) => g.reads.length > 1);
  const head = layers === null ? 'Layers, their number not published' : `${integer(layers)} layers`;
  const keepsAll = known.some((g) => g.reads.length === 1 && g.reads[0] === 'selected tokens');
  const kept = keepsAll ? `; those layers ${KEEP_ALL}` : '';
  return { cells: at + Math.max(rest, 0), runs, label: `${head}: ${parts.join(several ? '; ' : ', ')}${kept}`, keepsAll };
}

/** What the strips of the table need beside each row's: the common scale and the legend's reads. */
export interface StripKey {
  /** The most cells any strip draws: every strip is drawn to this scale, so a cell is as wide in each. */
  width: number;
  /** The reads the strips show, in the legend's order. */
  reads: StripRead[];
  /** The legend's note on the models whose sparse layers keep every token, or null if none does. */
  kept: string | null;
}

/** A model's name with its strip, as the table draws them. */
export interface NamedStrip {
  name: string;
  strip: LayerStrip;
}

/** Said under the legend, where a sighted reader looks: the strips' labels say it to a screen reader. */
export function keptNote(rows: readonly NamedStrip[]): string | null {
  const names = rows.filter((r) => r.strip.keepsAll).map((r) => r.name);
  return names.length ? `In ${listWords(names)}, the layers that read only selected tokens ${KEEP_ALL}.` : null;
}

export function stripKey(rows: readonly NamedStrip[]): StripKey {
  const strips = rows.map((r) => r.strip);
  const used = new Set(strips.flatMap((s) => s.runs.flatMap((r) => r.reads)));
  return { width: Math.max(1, ...strips.map((s) => s.cells)), reads: STRIP_ORDER.filter((r) => used.has(r)), kept: keptNote(rows) };
}

const EVERY: readonly LayerRead[] = ['every token'];
const readsEveryToken = (g: readonly LayerRead[]) => g.length === EVERY.length && g[0] === EVERY[0];

/**
 * The strips' look-for line: which of the featured models read every token in every layer,
 * which in some, and which in none, from what the data says each layer reads.
 */
export function stripLookFor(data: Architectures = defaultData): string {
  const featured = featuredModels(data).filter((m) => m.layerReads.length > 0);
  const n = featuredModels(data).length;
  const all = featured.filter((m) => m.layerReads.every(readsEveryToken));
  const some = featured.filter((m) => m.layerReads.some(readsEveryToken) && !m.layerReads.every(readsEveryToken));
  const none = featured.filter((m) => !m.layerReads.some(readsEveryToken));
  const names = (ms: Model[]) => (ms.length <= 3 ? listWords(ms.map((m) => m.name)) : `${countWord(ms.length)} of the ${countWord(n)}`);
  const verb = (ms: Model[], one: string, many: string) => (ms.length === 1 ? one : many);
  const first =
    all.length === 0
      ? `none of the ${countWord(n)} reads every token in full in every layer`
      : all.length === n
        ? `all ${countWord(n)} read every token in full in every layer`
        : // Of the featured ones: the reference row, drawn with them, is not counted.
          `of the ${countWord(n)} only ${names(all)} ${verb(all, 'reads', 'read')} every token in full in every layer`;
  // "In full": an indexer that picks what a layer reads still scores every token, lightly.
  const without = none.length && all.length + some.length > 0 ? `; in ${names(none)}, no layer does` : '';
  return `In the strips, ${first}${without}.`;
}
