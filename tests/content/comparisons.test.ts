/**
 * data/comparisons.json: the schema refuses what it must, the arithmetic is hand-checked, and
 * every count and loss the verify section states is recomputed here from the raw file.
 */
import { describe, expect, it } from 'vitest';
import { renderedPage } from '../renderedPage';
import { COMPARISONS_FILE, comparisons, parseComparisons } from '../../src/content/comparisons';
import { comparisonsCsv, evidenceFacts, evidenceSentences } from '../../src/content/evidence';
import { DataError } from '../../src/content/validate';
import { advantage, marksOf, NO_FILTER } from '../../src/core/evidence';
import raw from '../../data/comparisons.json';

type RawResult = (typeof raw.studies)[number]['results'][number] & { difference?: number };
/** Who a result favours, worked out here from the raw numbers alone. */
const won = (r: RawResult) => {
  if (r.hybrid === null || r.baseline === null) return (r.difference ?? 0) > 0;
  return r.direction === 'higher' ? r.hybrid > r.baseline : r.hybrid < r.baseline;
};
const tied = (r: RawResult) => r.hybrid !== null && r.hybrid === r.baseline;
const lostTo = (r: RawResult) => !won(r) && !tied(r);
const all = raw.studies.flatMap((s) => s.results.map((r) => ({ s, r: r as RawResult })));

describe('data/comparisons.json', () => {
  it('gives every study an https source and every result its table, evidence level and task kind', () => {
    for (const s of comparisons.studies) {
      expect(s.url).toMatch(/^https:\/\//);
      for (const r of s.results) {
        expect(r.reference.length).toBeGreaterThan(0);
        expect(['primary', 'secondary', 'abstract']).toContain(r.evidence);
      }
    }
  });

  it('stops on a malformed file, naming file, entry and field', () => {
    const bad = structuredClone(raw) as unknown as { studies: Record<string, unknown>[]; dependsOn: { studies: string[] }[] };
    bad.studies[0]!.url = 'http://arxiv.org/abs/2510.26692';
    expect(() => parseComparisons(bad)).toThrow(DataError);
    expect(() => parseComparisons(bad)).toThrow(new RegExp(`${COMPARISONS_FILE}: entry studies\\[0\\] "kimi-linear", field url: must be an https URL`));
    const half = structuredClone(raw) as unknown as { studies: { results: { baseline: number | null }[] }[] };
    half.studies[0]!.results[0]!.baseline = null;
    expect(() => parseComparisons(half)).toThrow(/studies\[0\] "kimi-linear", field results\.0\.baseline: give both values or neither/);
    const orphan = structuredClone(raw) as unknown as { dependsOn: { studies: string[] }[] };
    orphan.dependsOn[0]!.studies = ['no-such-study'];
    expect(() => parseComparisons(orphan)).toThrow(/dependsOn.*no study with id "no-such-study"/);
    const silent = structuredClone(raw) as unknown as { studies: { id: string; results: unknown[]; note?: string }[] };
    const empty = silent.studies.find((s) => s.results.length === 0)!;
    delete empty.note;
    expect(() => parseComparisons(silent)).toThrow(/a study with no results needs a note/);
  });

  it('stops on a study with results that does not name its paper version, and on left-out rows that do not say why', () => {
    type Loose = { studies: Record<string, unknown>[] };
    const noVersion = structuredClone(raw) as unknown as Loose;
    delete noVersion.studies[0]!.version;
    expect(() => parseComparisons(noVersion)).toThrow(/entry studies\[0\] "kimi-linear", field version: a study with results names the paper version/);
    const silent = structuredClone(raw) as unknown as Loose;
    silent.studies[0]!.leftOut = [{ rows: 'Table 9, every row' }];
    expect(() => parseComparisons(silent)).toThrow(/entry studies\[0\] "kimi-linear", field leftOut\.0\.reason/);
    const said = structuredClone(raw) as unknown as Loose;
    said.studies[0]!.leftOut = [{ rows: 'Table 9, every row', reason: 'a different scale' }];
    expect(parseComparisons(said).studies[0]!.leftOut).toEqual([{ rows: 'Table 9, every row', reason: 'a different scale' }]);
  });

  it('stops on a study without its source, a result without a direction, or a value that is not a number', () => {
    type Loose = { studies: Record<string, unknown>[] & { results: Record<string, unknown>[] }[] };
    const noSource = structuredClone(raw) as unknown as Loose;
    delete noSource.studies[2]!.url;
    expect(() => parseComparisons(noSource)).toThrow(/entry studies\[2\] "kimi-gdn-h", field url/);
    const noDirection = structuredClone(raw) as unknown as Loose;
    delete noDirection.studies[0]!.results[3]!.direction;
    expect(() => parseComparisons(noDirection)).toThrow(/entry studies\[0\] "kimi-linear", field results\.3\.direction/);
    const text = structuredClone(raw) as unknown as Loose;
    text.studies[3]!.results[0]!.hybrid = '56.40';
    expect(() => parseComparisons(text)).toThrow(/entry studies\[3\] "gated-deltanet-h1", field results\.0\.hybrid/);
  });

  it('measures each result in its benchmark’s own direction, relative to the baseline, by hand', () => {
    const kimi = comparisons.studies.find((s) => s.id === 'kimi-linear')!;
    expect(advantage(kimi.results.find((r) => r.benchmark === 'MMLU-Pro (base)')!)).toBeCloseTo((51.0 - 47.2) / 47.2, 12);
    const ratios = comparisons.studies.find((s) => s.id === 'kimi-linear-ratios')!;
    const at15 = ratios.results.find((r) => r.variant === '15:1')!;
    expect(advantage(at15)).toBeCloseTo(-(5.82 - 5.77) / 5.77, 12);
    expect(advantage(at15)!).toBeLessThan(0);
  });
});

describe('the verify section says what the data says', () => {
  const f = evidenceFacts();
  const say = evidenceSentences(f);

  it('counts the studies, the controlled ones and the ones without numbers', () => {
    expect(f.studies).toBe(raw.studies.length);
    expect(f.controlled).toBe(raw.studies.filter((s) => s.control.grade === 'A').length);
    const byNumbers = (word: string) => raw.studies.filter((s) => (s as { numbers?: string }).numbers === word).map((s) => s.name);
    expect(f.notFound).toEqual(byNumbers('not found'));
    expect(f.notPublished).toEqual(byNumbers('not published'));
    expect(f.notPublished).toContain('MiniMax M2’s return to full attention');
    expect(f.notFound.length + f.notPublished.length).toBe(raw.studies.filter((s) => s.results.length === 0).length);
    expect(say.overview).toContain(`publish none (${f.notPublished.join(' and ')})`);
  });

  it('"Of the N results, W favour the hybrid, B the baseline and T are ties", recounted from the data', () => {
    const wins = all.filter(({ r }) => won(r));
    const ties = all.filter(({ r }) => tied(r));
    const fromBuilder = wins.filter(({ s }) => s.builtByRunner);
    const tieWords = ties.length === 0 ? '' : ` and ${ties.length} ${ties.length === 1 ? 'is a tie' : 'are ties'}`;
    expect(say.direction).toBe(
      `Of the ${all.length} results, ${wins.length} favour the hybrid, ${all.length - wins.length - ties.length} the baseline${tieWords}.`,
    );
    expect(f.all.hybridFromBuilder).toBe(fromBuilder.length);
  });

  it('lists the losses the research names: Kimi Linear on LongBench V2, Frames and LCA-Commit; GDN-H on long context; window hybrids on retrieval; Jamba on WinoGrande', () => {
    const text = say.losses.join(' ');
    for (const loss of ['LongBench V2 (35.0 against 36.1)', 'Frames (58.8 against 60.5)', 'LCA-Commit (32.7 against 33.2)']) {
      expect(say.losses.find((l) => l.startsWith('Kimi Linear:'))).toContain(loss);
    }
    expect(text).toContain('Long-context average (8 tasks) (51.2 against 52.2)');
    expect(text).toContain('DeltaNet + sliding window: SWDE (53.3 against 66.6) and FDA (22.3 against 27.4)');
    expect(text).toContain('WinoGrande (58.8 against 59.7)');
    // Every loss in the data is listed, and nothing else.
    expect(say.losses.join(' ').match(/against/g)?.length).toBe(all.filter(({ r }) => lostTo(r) && r.hybrid !== null).length);
  });

  it('says where the pooled count comes from: the two papers with most results, and global against sliding-window hybrids, recounted', () => {
    type Count = { n: number; w: number; l: number; t: number };
    const count = (rows: typeof all): Count => ({
      n: rows.length,
      w: rows.filter(({ r }) => won(r)).length,
      l: rows.filter(({ r }) => lostTo(r)).length,
      t: rows.filter(({ r }) => tied(r)).length,
    });
    const words = (c: Count) => `${c.w} to ${c.l}${c.t ? ` with ${c.t} ${c.t === 1 ? 'tie' : 'ties'}` : ''}`;
    const papers = [...new Set(raw.studies.filter((s) => s.results.length > 0).map((s) => s.paper))]
      .map((paper) => ({ paper, c: count(all.filter(({ s }) => s.paper === paper)) }))
      .sort((a, b) => b.c.n - a.c.n);
    const [a, b] = papers;
    const rest = count(all.filter(({ s }) => s.paper !== a!.paper && s.paper !== b!.paper));
    expect(say.pooled).toContain(
      `${a!.c.n + b!.c.n} of the ${all.length} results and ${a!.c.w + b!.c.w} of the ${all.filter(({ r }) => won(r)).length} that favour the hybrid`,
    );
    expect(say.pooled).toContain(`${a!.paper} with ${a!.c.n} (${words(a!.c)}`);
    expect(say.pooled).toContain(`${b!.paper} with ${b!.c.n} (${words(b!.c)}`);
    expect(say.pooled).toContain(`give ${rest.n} (${words(rest)})`);
    // The two kinds of hybrid, by the attention their own studies give them.
    const global = count(all.filter(({ s }) => s.attention.kind === 'global'));
    const window = count(all.filter(({ s }) => s.attention.kind === 'window'));
    expect(say.pooled).toContain(`global attention layers lead ${words(global)}, and sliding-window hybrids ${words(window)}.`);
    // "every one of them from a sliding-window hybrid" only of a paper whose every result is one.
    for (const p of [a!, b!]) {
      const windowOnly = raw.studies.filter((s) => s.paper === p.paper && s.results.length > 0).every((s) => s.attention.kind === 'window');
      expect(say.pooled.includes(`${p.paper} with ${p.c.n} (${words(p.c)}, every one of them from a sliding-window hybrid)`)).toBe(windowOnly);
    }
  });

  it('"with two global attention layers it beats Transformer++ … with a sliding window instead it loses": DeltaNet on retrieval', () => {
    const pick = (id: string, b: string) => raw.studies.find((s) => s.id === id)!.results.find((r) => r.benchmark === b) as RawResult;
    for (const b of ['SWDE', 'FDA']) {
      expect(won(pick('deltanet-global', b))).toBe(true);
      expect(won(pick('deltanet-swa', b))).toBe(false);
    }
    expect(say.attention).toContain('with two global attention layers it beats Transformer++ on SWDE (71.0 against 66.6)');
  });

  it('"Perplexity hardly tells the ratios apart": 1:1 to 7:1 within 0.05 of each other, all below pure attention, 15:1 above', () => {
    const r = raw.studies.find((s) => s.id === 'kimi-linear-ratios')!.results as (RawResult & { variant?: string })[];
    const good = r.filter((x) => x.variant !== '15:1').map((x) => x.hybrid!);
    expect(Math.max(...good) - Math.min(...good)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(Math.max(...good)).toBeLessThan(r[0]!.baseline!);
    expect(r.find((x) => x.variant === '15:1')!.hybrid!).toBeGreaterThan(r[0]!.baseline!);
    expect(say.ratios).toContain('only 15:1 (5.82) falls behind');
  });

  it('"Results run by the lab that built the hybrid favour it 94 times in 112 (84%); the rest … 31 in 54 (57%)", recounted', () => {
    const built = all.filter(({ s }) => s.builtByRunner);
    const rest = all.filter(({ s }) => !s.builtByRunner);
    const pct = (rows: typeof all) => Math.round((100 * rows.filter(({ r }) => won(r)).length) / rows.length);
    expect(say.builders).toContain(`favour it ${pct(built)}% of the time;`);
    expect(say.builders).toMatch(new RegExp(` ${pct(rest)}%\\.$`));
    // By hand, from the review of 5 December: 94 of 112 and 31 of 54.
    expect([built.length, rest.length]).toEqual([112, 54]);
    expect([built, rest].map((rows) => rows.filter(({ r }) => won(r)).length)).toEqual([94, 31]);
    expect(say.builders).toContain('84% of the time');
    expect(say.builders).toMatch(/ 57%\.$/);
    // Every study with results comes from a paper in which the hybrid's builder runs a study: each promotes a hybrid.
    const promoting = new Set(raw.studies.filter((s) => s.builtByRunner).map((s) => s.paper));
    expect(all.every(({ s }) => promoting.has(s.paper))).toBe(true);
    expect(say.builders).toMatch(new RegExp(`^Every one of the ${all.length} results comes from a paper that presents a hybrid of its own\\.`));
    expect(say.builders).toContain('the rest, rival hybrids run inside another lab’s paper,');
  });

  it('says which results come from a paper promoting a hybrid, and who ran the rest, when the data changes', () => {
    const moved = structuredClone(raw);
    // The GDN-H results, moved into a paper of their own whose runner built nothing: independent, not a rival.
    const gdnh = moved.studies.find((s) => s.id === 'kimi-gdn-h')!;
    gdnh.paper = 'an independent comparison';
    const again = evidenceSentences(evidenceFacts(parseComparisons(moved)));
    expect(again.builders).toMatch(new RegExp(`^${all.length - gdnh.results.length} of the ${all.length} results come from a paper`));
    expect(again.builders).not.toContain('rival');
  });

  it('changes its sentences when one result flips', () => {
    const flipped = structuredClone(raw);
    const r = flipped.studies[0]!.results.find((x) => x.benchmark === 'LongBench V2')!;
    r.hybrid = 37.0;
    const again = evidenceSentences(evidenceFacts(parseComparisons(flipped)));
    const wins = all.filter(({ r: x }) => won(x)).length;
    const ties = all.filter(({ r: x }) => tied(x)).length;
    expect(again.direction).toContain(`${wins + 1} favour the hybrid, ${all.length - wins - ties - 1} the baseline`);
    expect(again.losses.join(' ')).not.toContain('LongBench V2 (35.0 against 36.1)');
    expect(again.pooled).not.toBe(say.pooled);
  });

  it('links each check of the checklist to a place on the page', () => {
    const { html } = renderedPage();
    const list = html.match(/<ul class="verify-checks">([\s\S]*?)<\/ul>/)?.[1];
    expect(list, 'the checklist is in the page').toBeDefined();
    const links = [...list!.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const href of links) {
      expect(href, 'a place on the page').toMatch(/^#./);
      expect(html.includes(` id="${href.slice(1)}"`), href).toBe(true);
    }
  });

  it('prints the same sentences into the page', () => {
    const html = renderedPage()
      .html.replace(/<!-- -->/g, '')
      .replace(/&#x27;/g, "'");
    for (const s of [say.overview, say.direction, say.builders, say.pooled]) expect(html).toContain(s);
  });
});

describe('the filters and the download', () => {
  it('keeps only window hybrids, only grade A, or only recall and long context', () => {
    const window = marksOf({ ...NO_FILTER, attention: 'window' }, comparisons.studies);
    const ids = new Set(window.map((m) => m.study));
    for (const id of ids) expect(comparisons.studies.find((s) => s.id === id)!.attention.kind).toBe('window');
    const a = marksOf({ ...NO_FILTER, controlledOnly: true }, comparisons.studies);
    expect(a.some((m) => m.study === 'olmo-hybrid')).toBe(false);
    const recall = marksOf({ ...NO_FILTER, tasks: 'recall' }, comparisons.studies);
    expect(recall.every((m) => ['recall', 'long'].includes(m.result.kind))).toBe(true);
    expect(recall.length + marksOf({ ...NO_FILTER, tasks: 'other' }, comparisons.studies).length).toBe(all.length);
  });

  it('writes one CSV row per result, with its source', () => {
    const lines = comparisonsCsv().trimEnd().split('\r\n');
    expect(lines).toHaveLength(all.length + 1);
    expect(lines[0]).toMatch(/^study,name,arxiv,/);
    expect(lines[1]).toContain('https://arxiv.org/abs/2510.26692');
  });
});
