/**
 * Who ran each study (runnerOf) and the filter by it (marksOf): on studies typed in here, and on
 * data/comparisons.json, whose counts are recounted from the raw file.
 */
import { describe, expect, it } from 'vitest';
import { comparisons } from '../../src/content/comparisons';
import { type EvidenceStudy, marksOf, NO_FILTER, runnerOf, studyCount, studyCountWords, tally } from '../../src/core/evidence';
import raw from '../../data/comparisons.json';

const study = (id: string, paper: string, builtByRunner: boolean, hybrid: number[] = []): EvidenceStudy => ({
  id,
  paper,
  builtByRunner,
  attention: { kind: 'global' },
  control: { grade: 'A' },
  results: hybrid.map((h) => ({ direction: 'higher', hybrid: h, baseline: 50, kind: 'short' })),
});

describe('runnerOf: who ran a study, against the hybrid it measures', () => {
  it('calls a study its builder’s where the lab that ran it built the hybrid, whatever else its paper holds', () => {
    const own = study('own', 'Paper A', true);
    expect(runnerOf(own, [own])).toBe('builder');
    expect(runnerOf(own, [own, study('other', 'Paper A', false)])).toBe('builder');
  });

  it('calls a study a rival’s where another study of its paper was run by that study’s own builder', () => {
    const own = study('own', 'Paper A', true);
    const rival = study('rival', 'Paper A', false);
    expect(runnerOf(rival, [own, rival])).toBe('rival');
    // The order of the studies does not matter, nor do other papers' studies.
    expect(runnerOf(rival, [study('elsewhere', 'Paper B', true), rival, own])).toBe('rival');
  });

  it('calls a study independent where its paper presents no hybrid of its own', () => {
    const alone = study('alone', 'Paper C', false);
    expect(runnerOf(alone, [alone])).toBe('independent');
    // A builder in another paper makes no rival; nor do two studies of one paper that built neither hybrid.
    expect(runnerOf(alone, [alone, study('own', 'Paper A', true)])).toBe('independent');
    const twin = study('twin', 'Paper C', false);
    expect(runnerOf(alone, [alone, twin])).toBe('independent');
    expect(runnerOf(twin, [alone, twin])).toBe('independent');
  });

  it('filters marks by who ran them, and all three together give every mark', () => {
    const studies = [study('own', 'Paper A', true, [60, 40]), study('rival', 'Paper A', false, [55]), study('alone', 'Paper C', false, [45, 51, 52])];
    const ids = (runner: typeof NO_FILTER.runner) => marksOf({ ...NO_FILTER, runner }, studies).map((m) => `${m.study}-${m.index}`);
    expect(ids('builder')).toEqual(['own-0', 'own-1']);
    expect(ids('rival')).toEqual(['rival-0']);
    expect(ids('independent')).toEqual(['alone-0', 'alone-1', 'alone-2']);
    expect(ids('all')).toEqual([...ids('builder'), ...ids('rival'), ...ids('independent')]);
    // Alongside another filter: every study here has global attention.
    expect(marksOf({ ...NO_FILTER, runner: 'builder', attention: 'window' }, studies)).toEqual([]);
    expect(marksOf({ ...NO_FILTER, runner: 'builder', attention: 'global' }, studies)).toHaveLength(2);
  });
});

describe('studyCount and studyCountWords: the studies a filter keeps, and those of them with numbers', () => {
  const studies = [study('own', 'Paper A', true, [60, 40]), study('rival', 'Paper A', false, [55]), study('alone', 'Paper C', false)];

  it('counts a kept study without results among the studies, not among those with numbers', () => {
    expect(studyCount(NO_FILTER, studies)).toEqual({ studies: 3, withNumbers: 2, tasks: 'all' });
    expect(studyCountWords(studyCount(NO_FILTER, studies))).toBe('3 studies, 2 with numbers');
    expect(studyCountWords(studyCount({ ...NO_FILTER, runner: 'independent' }, studies))).toBe('1 study, none with numbers');
    expect(studyCountWords(studyCount({ ...NO_FILTER, runner: 'builder' }, studies))).toBe('1 study, with numbers');
    expect(studyCountWords(studyCount({ ...NO_FILTER, runner: 'independent', attention: 'window' }, studies))).toBe('0 studies, none with numbers');
  });

  it('says which numbers, where a filter keeps only some tasks', () => {
    // Every result typed in here is a short task: none is recall.
    expect(studyCountWords(studyCount({ ...NO_FILTER, tasks: 'recall' }, studies))).toBe('3 studies, none with recall or long-context numbers');
    expect(studyCountWords(studyCount({ ...NO_FILTER, tasks: 'other', runner: 'rival' }, studies))).toBe('1 study, with perplexity or short-task numbers');
    const two = [study('x', 'Paper X', true, [1]), study('y', 'Paper Y', true, [2])];
    expect(studyCountWords(studyCount(NO_FILTER, two))).toBe('2 studies, all with numbers');
  });

  it('counts every study in data/comparisons.json, and those with results, as the raw file has them', () => {
    expect(studyCount(NO_FILTER, comparisons.studies)).toEqual({
      studies: raw.studies.length,
      withNumbers: raw.studies.filter((s) => s.results.length > 0).length,
      tasks: 'all',
    });
  });
});

describe('who ran each study in data/comparisons.json', () => {
  const { studies } = comparisons;
  const runner = (id: string) => runnerOf(studies.find((s) => s.id === id)!, studies);

  it('names the rival hybrids measured in another lab’s paper, the independent studies and the builders', () => {
    expect(runner('kimi-gdn-h')).toBe('rival');
    expect(runner('samba-in-gdn')).toBe('rival');
    expect(runner('hybrid-systematic')).toBe('independent');
    expect(runner('hybrid-design-meta')).toBe('independent');
    expect(runner('kimi-linear')).toBe('builder');
    expect(studies.filter((s) => runnerOf(s, studies) === 'rival').map((s) => s.id)).toEqual(['kimi-gdn-h', 'samba-in-gdn']);
    expect(studies.filter((s) => runnerOf(s, studies) === 'independent').map((s) => s.id)).toEqual(['hybrid-systematic', 'hybrid-design-meta']);
  });

  it('counts what each runner’s results favour, recounted from the raw file (94 of 112 and 31 of 54 when written); independents give none', () => {
    type RawResult = (typeof raw.studies)[number]['results'][number] & { difference?: number };
    const won = (r: RawResult) =>
      r.hybrid === null || r.baseline === null ? (r.difference ?? 0) > 0 : r.direction === 'higher' ? r.hybrid > r.baseline : r.hybrid < r.baseline;
    const papersWithBuilder = new Set(raw.studies.filter((s) => s.builtByRunner).map((s) => s.paper));
    const rival = raw.studies.filter((s) => !s.builtByRunner && papersWithBuilder.has(s.paper));
    const builder = raw.studies.filter((s) => s.builtByRunner);
    const count = (ss: typeof raw.studies) => {
      const rs = ss.flatMap((s) => s.results as RawResult[]);
      return { results: rs.length, hybrid: rs.filter(won).length };
    };
    const by = (r: 'builder' | 'rival' | 'independent') => tally(marksOf({ ...NO_FILTER, runner: r }, studies), studies);
    expect(by('builder')).toMatchObject({ ...count(builder), hybridFromBuilder: count(builder).hybrid });
    expect(by('rival')).toMatchObject({ ...count(rival), hybridFromBuilder: 0 });
    expect(count(rival).results).toBeGreaterThan(0);
    expect(by('independent').results).toBe(0);
    expect(by('builder').results + by('rival').results).toBe(tally(marksOf(NO_FILTER, studies), studies).results);
  });
});
