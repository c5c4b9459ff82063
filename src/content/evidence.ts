/**
 * What the verify section says about the controlled comparisons, generated from
 * data/comparisons.json so that each count and each listed loss is the data's own; and the same
 * data as CSV for the download link.
 */
import { advantage, favours, marksOf, NO_FILTER, runnerOf, type StudyCount, studyCount, studyCountWords, tally, type Tally } from '../core/evidence';
import { countWord, listWords } from '../format';
import { comparisons, type Comparisons, type Result, type Study } from './comparisons';
import { csvField } from './csv';

export const COMPARISON_DOWNLOADS = { json: 'data/comparisons.json', csv: 'data/comparisons.csv' } as const;

/** "LongBench V2 (35.0 against 36.1)". */
const lost = (r: Result) => `${r.benchmark}${r.variant ? `, ${r.variant}` : ''} (${r.hybrid!.toFixed(r.digits)} against ${r.baseline!.toFixed(r.digits)})`;

export interface EvidenceFacts {
  /** Every study, and those with numbers: the count the figure's readout and the list of studies both state. */
  count: StudyCount;
  studies: number;
  withResults: number;
  controlled: number;
  /** Studies without results: numbers not retrieved, or none published, by name. */
  notFound: string[];
  notPublished: string[];
  all: Tally;
  global: Tally;
  window: Tally;
  /** Recall and long-context results only, by the hybrid's attention. */
  recallGlobal: Tally;
  recallWindow: Tally;
  /** Per study, the results where the hybrid lost. */
  losses: { study: Study; results: Result[] }[];
  /** The ratio ablation's perplexities: every ratio that beat pure attention, and the one that did not. */
  ratios: { best: [number, number]; from: string; to: string; baseline: number; worse: { variant: string; value: number }[] };
  /** The one study that ran the same linear layers with global attention and with a window. */
  probe: string;
  /** Per paper (studies from one paper pooled), most results first; whether all its hybrids see only a window. */
  papers: { paper: string; tally: Tally; windowOnly: boolean }[];
  /** Every result outside the two papers with the most. */
  otherPapers: Tally;
  /** Results run by the lab that built the hybrid, and the rest. */
  byBuilder: Tally;
  byOthers: Tally;
  /** Results from a paper that presents a hybrid of its own (one of its studies is run by the hybrid's builder). */
  fromPromotingPaper: number;
  /** Whether every result not run by its builder is a rival's hybrid measured inside another lab's paper. */
  othersAreRivals: boolean;
}

/** The studies' results pooled by the paper they come from, most results first (ties in data order). */
function byPaper(studies: readonly Study[]): EvidenceFacts['papers'] {
  const names = [...new Set(studies.filter((s) => s.results.length > 0).map((s) => s.paper))];
  return names
    .map((paper) => {
      const own = studies.filter((s) => s.paper === paper);
      return { paper, tally: tally(marksOf(NO_FILTER, own), own), windowOnly: own.every((s) => s.results.length === 0 || s.attention.kind === 'window') };
    })
    .sort((a, b) => b.tally.results - a.tally.results);
}

export function evidenceFacts(data: Comparisons = comparisons): EvidenceFacts {
  const { studies } = data;
  const count = (filter: Partial<typeof NO_FILTER>) => tally(marksOf({ ...NO_FILTER, ...filter }, studies), studies);
  const ablation = studies.find((s) => s.id === 'kimi-linear-ratios');
  const winners = ablation?.results.filter((r) => favours(r) === 'hybrid') ?? [];
  const beat = winners.map((r) => r.hybrid!);
  const papers = byPaper(studies);
  const top = new Set(papers.slice(0, 2).map((p) => p.paper));
  const others = studies.filter((s) => !top.has(s.paper));
  const withResults = studies.filter((s) => s.results.length > 0);
  const runner = new Map(withResults.map((s) => [s.id, runnerOf(s, studies)]));
  const built = withResults.filter((s) => runner.get(s.id) === 'builder');
  const notBuilt = withResults.filter((s) => runner.get(s.id) !== 'builder');
  const counted = studyCount(NO_FILTER, studies);
  return {
    count: counted,
    studies: counted.studies,
    withResults: counted.withNumbers,
    controlled: studies.filter((s) => s.control.grade === 'A').length,
    notFound: studies.filter((s) => s.numbers === 'not found').map((s) => s.name),
    notPublished: studies.filter((s) => s.numbers === 'not published').map((s) => s.name),
    all: count({}),
    global: count({ attention: 'global' }),
    window: count({ attention: 'window' }),
    recallGlobal: count({ attention: 'global', tasks: 'recall' }),
    recallWindow: count({ attention: 'window', tasks: 'recall' }),
    probe: attentionProbe(data),
    papers,
    otherPapers: tally(marksOf(NO_FILTER, others), others),
    byBuilder: tally(marksOf(NO_FILTER, built), built),
    byOthers: tally(marksOf(NO_FILTER, notBuilt), notBuilt),
    fromPromotingPaper: withResults.filter((s) => runner.get(s.id) !== 'independent').reduce((n, s) => n + s.results.length, 0),
    othersAreRivals: notBuilt.every((s) => runner.get(s.id) === 'rival'),
    losses: studies.map((study) => ({ study, results: study.results.filter((r) => favours(r) === 'baseline') })).filter((l) => l.results.length > 0),
    ratios: {
      best: [Math.min(...beat), Math.max(...beat)],
      from: winners[0]?.variant ?? '',
      to: winners[winners.length - 1]?.variant ?? '',
      baseline: ablation?.results[0]?.baseline ?? Number.NaN,
      worse: (ablation?.results ?? []).filter((r) => favours(r) === 'baseline').map((r) => ({ variant: r.variant ?? '', value: r.hybrid! })),
    },
  };
}

/** "49 to 23 with 3 ties": wins, losses and any ties of a tally. */
const split = (t: Tally) => `${t.hybrid} to ${t.baseline}${t.tie ? ` with ${t.tie} ${t.tie === 1 ? 'tie' : 'ties'}` : ''}`;

/** DeltaNet with two global attention layers against DeltaNet with a sliding window, on the retrieval tasks both report. */
function attentionProbe(data: Comparisons): string {
  const find = (id: string) => data.studies.find((s) => s.id === id);
  const global = find('deltanet-global');
  const window = find('deltanet-swa');
  if (!global || !window) return '';
  const shared = global.results.filter((r) => r.kind === 'recall' && window.results.some((w) => w.benchmark === r.benchmark));
  const pair = (r: Result) => {
    const w = window.results.find((x) => x.benchmark === r.benchmark)!;
    return { name: r.benchmark, g: r, w };
  };
  const rows = shared.map(pair);
  const said = (r: Result) => `${r.hybrid!.toFixed(r.digits)} against ${r.baseline!.toFixed(r.digits)}`;
  const gWins = rows.filter((x) => favours(x.g) === 'hybrid');
  const wLosses = rows.filter((x) => favours(x.w) === 'baseline');
  const wWins = rows.filter((x) => favours(x.w) === 'hybrid');
  const still = wWins.length ? `, though it still beats it on ${listWords(wWins.map((x) => `${x.name} (${said(x.w)})`))}` : '';
  return (
    `The cleanest test of the kind is DeltaNet’s: with two global attention layers it beats Transformer++ on ${listWords(gWins.map((x) => `${x.name} (${said(x.g)})`))}; ` +
    `with a sliding window instead it loses ${listWords(wLosses.map((x) => `${x.name} (${said(x.w)})`))}${still}.`
  );
}

export interface EvidenceSentences {
  /** "20 studies, 14 with numbers", in the words of the figure's unfiltered readout. */
  studies: string;
  overview: string;
  direction: string;
  /** Where the pooled count comes from: the two papers that give most of it, and the count by the hybrid's attention. */
  pooled: string;
  builders: string;
  attention: string;
  losses: string[];
  ratios: string;
}

export function evidenceSentences(f: EvidenceFacts = evidenceFacts()): EvidenceSentences {
  return {
    studies: studyCountWords(f.count),
    overview:
      `The data holds ${countWord(f.studies)} published comparisons, ${countWord(f.controlled)} of them graded A (identical data and recipe); ` +
      `${countWord(f.withResults)} give numbers here. For ${countWord(f.notFound.length)} the numbers exist but were not found in the sources read (${listWords(f.notFound)}); ` +
      `${countWord(f.notPublished.length)} publish none (${listWords(f.notPublished)}).`,
    direction: `Of the ${f.all.results} results, ${f.all.hybrid} favour the hybrid, ${f.all.baseline} the baseline${f.all.tie ? ` and ${f.all.tie} ${f.all.tie === 1 ? 'is a tie' : 'are ties'}` : ''}.`,
    pooled: pooledSentence(f),
    builders: buildersSentence(f),
    attention:
      `Counting recall and long-context results alone, hybrids with global attention layers split ${f.recallGlobal.hybrid} to ${f.recallGlobal.baseline} and ` +
      `sliding-window hybrids ${f.recallWindow.hybrid} to ${f.recallWindow.baseline}, a count that mixes recall tasks cut short with long-context runs past the baseline’s training length (both below). ` +
      f.probe,
    losses: f.losses.map((l) => `${l.study.name}: ${listWords(l.results.map(lost))}.`),
    ratios:
      `Perplexity hardly tells the ratios apart: in the Kimi Linear ablation every ratio from ${f.ratios.from} to ${f.ratios.to} (linear to attention layers) scores ${f.ratios.best[0].toFixed(2)}–${f.ratios.best[1].toFixed(2)} against ${f.ratios.baseline.toFixed(2)} for pure attention, ` +
      `and only ${listWords(f.ratios.worse.map((w) => `${w.variant} (${w.value.toFixed(2)})`))} falls behind.`,
  };
}

/** Who ran the results: the papers they come from, and how often each kind of runner finds for the hybrid. */
export function buildersSentence(f: EvidenceFacts): string {
  const pct = (t: Tally) => `${Math.round((100 * t.hybrid) / t.results)}%`;
  const papers =
    f.fromPromotingPaper === f.all.results
      ? `Every one of the ${f.all.results} results comes from a paper that presents a hybrid of its own.`
      : `${f.fromPromotingPaper} of the ${f.all.results} results come from a paper that presents a hybrid of its own.`;
  const rest = f.othersAreRivals ? 'the rest, rival hybrids run inside another lab’s paper,' : 'the rest';
  return `${papers} Results run by the lab that built the hybrid favour it ${pct(f.byBuilder)} of the time; ${rest} ${pct(f.byOthers)}.`;
}

function pooledSentence(f: EvidenceFacts): string {
  const [a, b] = f.papers;
  if (!a || !b) return '';
  const about = (p: (typeof f.papers)[number]) =>
    `${p.paper} with ${p.tally.results} (${split(p.tally)}${p.windowOnly ? `, every one of them from a sliding-window hybrid` : ''})`;
  return (
    `That count is pooled, and two papers give most of it: ${a.tally.results + b.tally.results} of the ${f.all.results} results and ` +
    `${a.tally.hybrid + b.tally.hybrid} of the ${f.all.hybrid} that favour the hybrid: ${about(a)} and ${about(b)}. ` +
    `The other ${countWord(f.papers.length - 2)} papers give ${f.otherPapers.results} (${split(f.otherPapers)}). ` +
    `Split by the hybrid’s attention, hybrids with global attention layers lead ${split(f.global)}, and sliding-window hybrids ${split(f.window)}.`
  );
}

/** The comparisons as CSV, one row per result, with its study's context and source. */
export function comparisonsCsv(data: Comparisons = comparisons): string {
  const header = [
    'study',
    'name',
    'arxiv',
    'ranBy',
    'builtByRunner',
    'totalParams',
    'activeParams',
    'tokens',
    'trainingContext',
    'ratio',
    'layout',
    'attention',
    'window',
    'baseline',
    'control',
    'benchmark',
    'variant',
    'kind',
    'direction',
    'hybrid',
    'baselineValue',
    'difference',
    'advantage',
    'favours',
    'reference',
    'evidence',
    'source',
  ];
  const rows = data.studies.flatMap((s) =>
    s.results.map((r) => [
      s.id,
      s.name,
      s.arxiv,
      s.ranBy,
      s.builtByRunner,
      s.scale?.total,
      s.scale?.active,
      s.tokens,
      s.trainingContext,
      s.layout.ratio,
      s.layout.detail,
      s.attention.kind,
      s.attention.window,
      s.baseline,
      s.control.grade,
      r.benchmark,
      r.variant,
      r.kind,
      r.direction,
      r.hybrid,
      r.baseline,
      r.difference,
      advantage(r),
      favours(r),
      r.reference,
      r.evidence,
      r.source ?? s.url,
    ]),
  );
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
