/**
 * The sentences the "what ships today" section says about the shares, built from the data so a
 * test can hold each one: the 6% and 4% lines, the largest models, the ones left out, the reads.
 */
import { capitalise, countWord, integer, listWords, params, percent, roundTo } from '../../format';
import { architectures as defaultData, scaleRatio } from '../architectures';
import type { Architectures, LayerRead, Model } from '../schema';
import { activeShare, byShare, featuredModels, FOUR_PERCENT, otherModels, SIX_PERCENT, type Share, type ShareFacts } from './shares';

/** A share this close under a threshold is said to be under it "only just". */
const ONLY_JUST = 0.001;

const named = (s: Share) => `${s.model.name} (${percent(s.share)})`;

/** The range the featured models keep to, and who breaks the 6% line. */
export function sixPercentSentence(f: ShareFacts): string {
  const n = f.shares.length;
  const of = `of the ${countWord(n)}`;
  if (f.over6.length === 0) {
    return `None ${of} fires more than 6% of its parameters on a token; the highest share is ${f.highest.model.name}\u2019s, ${percent(f.highest.share)}.`;
  }
  if (f.within6.length === 0) {
    return `All ${countWord(n)} fire more than 6% of their parameters on a token, from ${named(f.lowest)} to ${named(f.highest)}.`;
  }
  const low = f.within6[0]!;
  const high = f.within6[f.within6.length - 1]!;
  const k = f.within6.length;
  const range =
    k === 1 ? `fires ${percent(low.share)}` : `fire between ${percent(low.share)} (${low.model.name}) and ${percent(high.share)} (${high.model.name})`;
  const rest = `${capitalise(countWord(k))} ${of} ${range} of their parameters on a token.`;
  const outliers = [...f.over6].reverse();
  const exception =
    outliers.length === 1
      ? `The outlier is ${outliers[0]!.model.name}, at ${percent(outliers[0]!.share)}.`
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
    return `None of the ${countWord(n)} fires under 4%; the lowest share is ${f.lowest.model.name}\u2019s, ${percent(f.lowest.share)}.`;
  }
  const u = f.under4.length;
  return `${capitalise(countWord(u))} of the ${countWord(n)} ${u === 1 ? 'fires' : 'fire'} under 4%: ${listWords(f.under4.map(named))}.`;
}

export function twoLargestSentence(f: ShareFacts): string {
  const [a, b] = f.twoLargest;
  const start = `The two largest, ${a.model.name} (${params(a.model.totalParams.value, 4)} parameters) and ${b.model.name} (${params(b.model.totalParams.value, 4)}), fire ${percent(a.share)} and ${percent(b.share)}`;
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
  const list = listWords(others.map((s) => `${s.model.name} (${params(s.model.totalParams.value, 4)}, ${percent(s.share)})`));
  return `So under 4% is not a privilege of the very largest: ${list} ${sparser ? (others.length === 1 ? 'is sparser still' : 'are sparser still') : others.length === 1 ? 'fires under 4% too' : 'fire under 4% too'}.`;
}

/** A published count of a model's parameters: its headline one, or a second one and what that counts. */
interface Count {
  total: number;
  active: number;
  /** Null for the headline count; else what the second count counts ("for the language model alone"). */
  what: string | null;
}

function countsOf(m: Model): Count[] {
  const alt = m.alternative;
  const headline = { total: m.totalParams.value, active: m.activeParams.value, what: null };
  return alt ? [headline, { total: alt.totalParams.value, active: alt.activeParams?.value ?? m.activeParams.value, what: alt.what }] : [headline];
}

/** A count breaks the line when it sits on one side of a trillion and on the other of 4%. */
const breaksLine = (c: Count) => c.total >= 1e12 !== c.active / c.total < FOUR_PERCENT;

/** A model left out of the table that breaks the line, with the count that breaks it. */
export interface LineBreaker {
  model: Model;
  share: number;
  total: number;
  /** Null when every count published for it breaks the line; else which count does ("on its headline count"). */
  on: string | null;
}

/** The models left out of the table that break the line on any count they carry, those broken on every count first. */
export function lineBreakers(data: Architectures = defaultData): LineBreaker[] {
  const found = byShare(otherModels(data)).flatMap(({ model }): LineBreaker[] => {
    const counts = countsOf(model);
    const c = counts.find(breaksLine);
    if (!c) return [];
    const on = counts.every(breaksLine) ? null : c.what === null ? 'on its headline count' : `on its count ${c.what}`;
    return [{ model, share: c.active / c.total, total: c.total, on }];
  });
  return [...found.filter((b) => b.on === null), ...found.filter((b) => b.on !== null)];
}

/** "MiMo-V2.5-Pro (4.12%, over a trillion) and, on its headline count, Qwen3.8-Flash-Next (3.33%, under a trillion)" */
function breakersWords(breakers: readonly LineBreaker[]): string {
  const words = breakers.map((b) => `${b.on ? `${b.on}, ` : ''}${b.model.name} (${percent(b.share)}, ${b.total >= 1e12 ? 'over' : 'under'} a trillion)`);
  return words
    .map((w, i) => {
      if (i === 0) return w;
      const last = i === words.length - 1;
      // "…, X (…) and, on its headline count, Y (…)": a qualified name opens with a comma, after "and" too.
      return `${last ? ' and' : ''}${!last || breakers[i]!.on ? ',' : ''} ${w}`;
    })
    .join('');
}

/**
 * Whether size is what separates the sparsest models from the rest: said of the featured models,
 * with every model left out of the table that breaks the pattern on any of its counts named after it.
 */
export function trillionSentence(f: ShareFacts, data: Architectures = defaultData): string | null {
  const big = f.shares.filter((s) => s.model.totalParams.value >= 1e12);
  const small = f.shares.filter((s) => s.model.totalParams.value < 1e12);
  if (big.length === 0) return null;
  const bigUnder = big.every((s) => s.share < FOUR_PERCENT);
  const smallUnder = small.filter((s) => s.share < FOUR_PERCENT);
  const all = big.length === 1 ? 'The one model' : `All ${countWord(big.length)} models`;
  if (bigUnder && smallUnder.length === 0) {
    const breaks = lineBreakers(data);
    const rule = breaks.length
      ? ` Left out of the table, ${breakersWords(breaks)} ${breaks.length === 1 ? 'breaks' : 'break'} the pattern.`
      : ' No model left out of the table breaks the pattern.';
    return `Among these ${countWord(f.shares.length)}, ${big.length === 1 ? 'the one' : `the ${countWord(big.length)}`} with a trillion parameters or more ${big.length === 1 ? 'fires' : 'fire'} under 4% and none of the smaller ones does.${rule}`;
  }
  if (bigUnder) {
    return `${all} with a trillion parameters or more ${big.length === 1 ? 'fires' : 'fire'} under 4%, and so ${smallUnder.length === 1 ? 'does' : 'do'} ${listWords(smallUnder.map(named))}.`;
  }
  const over = big.filter((s) => s.share >= FOUR_PERCENT);
  return `Size alone does not decide it: ${listWords(over.map(named))} ${over.length === 1 ? 'has' : 'have'} a trillion parameters or more and still ${over.length === 1 ? 'fires' : 'fire'} 4% or more.`;
}

/** The models checked and left out, so a reader can see what the selection decides. */
export function othersSentence(data: Architectures = defaultData): string | null {
  const others = byShare(otherModels(data));
  const low = others[0];
  const high = others[others.length - 1];
  if (!low || !high) return null;
  const over = others.filter((s) => s.share > SIX_PERCENT);
  // A model over the line on one published count and under it on another says so.
  const overNamed = (s: Share) => {
    const alt = s.model.alternative;
    const altShare = alt ? (alt.activeParams?.value ?? s.model.activeParams.value) / alt.totalParams.value : null;
    return alt && altShare !== null && altShare <= SIX_PERCENT
      ? `${s.model.name} (${percent(s.share)} on its headline count; ${percent(altShare)}, under the line, ${alt.what})`
      : named(s);
  };
  const k = others.length;
  const head = `${capitalise(countWord(k))} other recent ${k === 1 ? 'model was' : 'models were'} checked and left out of the table (${k === 1 ? 'it is' : 'they are'} in the downloads)`;
  // An end of the range with a second published count says it beside the first.
  const end = (s: Share) => {
    const alt = s.model.alternative;
    return alt && !over.includes(s)
      ? `${s.model.name}; ${percent((alt.activeParams?.value ?? s.model.activeParams.value) / alt.totalParams.value)} ${alt.what}`
      : s.model.name;
  };
  const range = k === 1 ? `: ${named(low)}` : `: their shares run from ${percent(low.share)} (${end(low)}) to ${percent(high.share)} (${end(high)})`;
  const cross =
    over.length === 0
      ? ', and none of them crosses 6%'
      : `, and ${over.length === 1 ? `one of them, ${overNamed(over[0]!)}, crosses` : `${countWord(over.length)} of them, ${listWords(over.map(overNamed))}, cross`} 6% as well`;
  return `${head}${range}${cross}. Which eight you pick decides whether a 6% line holds.`;
}

type LayerKind = readonly LayerRead[];
const only = (read: LayerRead) => (k: LayerKind) => k.length === 1 && k[0] === read;

/**
 * What a kind of layer reads, said of the models that have such layers: "every layer" when all
 * of a model's layers are of that kind, "some layers" otherwise.
 */
const READ_PHRASES: { has: (k: LayerKind) => boolean; every: string; some: string }[] = [
  {
    has: only('a fixed-size state'),
    every: 'every layer reads the past only through a fixed-size state',
    some: 'some layers read the past only through a fixed-size state',
  },
  { has: (k) => k.includes('selected tokens'), every: 'an indexer picks what every layer reads', some: 'an indexer picks what some layers read' },
  {
    has: only('a sliding window'),
    every: 'every layer sees only a sliding window of recent tokens',
    some: 'some layers see only a sliding window of recent tokens',
  },
  {
    has: (k) => k.includes('a sliding window') && k.includes('compressed entries'),
    every: 'every layer reads a sliding window of recent tokens and a compressed copy of the rest',
    some: 'some layers read a sliding window of recent tokens and a compressed copy of the rest',
  },
];

/** The first question, counted across the eight. */
export function readsSentence(data: Architectures = defaultData): string {
  const featured = featuredModels(data);
  const n = featured.length;
  const clauses = READ_PHRASES.flatMap(({ has, every, some }) =>
    (['every', 'some'] as const).flatMap((q) => {
      const ms = featured.filter((m) => m.layerReads.some(has) && m.layerReads.every(has) === (q === 'every'));
      return ms.length ? [`in ${countWord(ms.length)} (${listWords(ms.map((m) => m.name))}), ${q === 'every' ? every : some}`] : [];
    }),
  );
  const everyLayer = featured.filter((m) => m.layerReads.length > 0 && m.layerReads.every(only('every token')));
  const full =
    everyLayer.length === 0
      ? `None of the ${countWord(n)} reads every token in every layer.`
      : everyLayer.length === 1
        ? `Only ${everyLayer[0]!.name} still reads every token in every layer.`
        : `${listWords(everyLayer.map((m) => m.name))} still read every token in every layer.`;
  const first = clauses.length ? `Of the ${countWord(n)}, ${clauses.join('; ')}. ` : '';
  return `${first}${full}`;
}

interface ScaleSentenceParts {
  about: string;
  activeCopies: string;
}

/** The K3 to GPT-2 ratio as the section says it, rounded to the hundred. */
export function k3Ratio(data: Architectures = defaultData): ScaleSentenceParts {
  const r = scaleRatio(data);
  return { about: integer(roundTo(r.exact, 100)), activeCopies: integer(r.active) };
}

/** The bar's full width: the highest featured share, rounded up to a whole 2%. */
export function barMax(f: ShareFacts): number {
  return (Math.ceil((f.highest.share * 100) / 2 - 1e-9) * 2) / 100;
}

/** What the bars show, in one or two sentences, for a reader who cannot see them. */
export function describeBars(f: ShareFacts, reference: Model): string {
  const max = percent(barMax(f), 0);
  const refShare = activeShare(reference);
  const offScale = refShare > barMax(f) ? ', off the scale' : '';
  return `Each bar is the share of a model's parameters that fire on one token, drawn from 0 to ${max}: the shortest is ${f.lowest.model.name}'s, ${percent(f.lowest.share)}, the longest ${f.highest.model.name}'s, ${percent(f.highest.share)}. The reference row, ${reference.name}, is dense and fires ${percent(refShare)}${offScale}.`;
}
