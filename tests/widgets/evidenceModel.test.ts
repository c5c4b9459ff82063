/**
 * The evidence figure's model: the filter by who ran each study in the address, the readout's
 * words, why the independent studies draw nothing, and that no row the figure lists is left empty.
 */
import { describe, expect, it } from 'vitest';
import { figureStudies, type FigureStudy } from '../../src/content/comparisons';
import { EVIDENCE_DEFAULTS } from '../../src/content/defaults';
import { type EvidenceFilter, marksOf, NO_FILTER, runnerOf, studyCount, tally } from '../../src/core/evidence';
import { evidenceCodec, independentNone, readoutOf, rowsOf, RUNNERS } from '../../src/widgets/Evidence/model';
import { readQuery, writeQuery } from '../../src/widgets/urlState';

const studies = figureStudies();
const fromQuery = (search: string) => readQuery(evidenceCodec, search, EVIDENCE_DEFAULTS);

describe('the filter by who ran each study, in the address', () => {
  it('reads each value it writes, and writes nothing at the default', () => {
    for (const runner of RUNNERS) {
      const state = { ...EVIDENCE_DEFAULTS, filter: { ...EVIDENCE_DEFAULTS.filter, runner } };
      const search = writeQuery(evidenceCodec, '?seed=3', state, EVIDENCE_DEFAULTS);
      expect(new URLSearchParams(search).get('run')).toBe(runner === 'all' ? null : runner);
      expect(new URLSearchParams(search).get('seed')).toBe('3');
      expect(fromQuery(search).filter.runner).toBe(runner);
    }
  });

  it('ignores a value it does not know, keeping the default and the other filters', () => {
    for (const bad of ['everyone', 'RIVAL', 'rival ', '', '1', 'builder,rival']) {
      const state = fromQuery(`?run=${encodeURIComponent(bad)}&attn=window`);
      expect(state.filter).toEqual({ ...EVIDENCE_DEFAULTS.filter, attention: 'window' });
      // Written back, the address loses what it could not use.
      expect(writeQuery(evidenceCodec, `?run=${encodeURIComponent(bad)}&attn=window`, state, EVIDENCE_DEFAULTS)).toBe('?attn=window');
    }
    expect(fromQuery('?run=rival&run=builder').filter.runner).toBe('rival');
  });
});

describe('the readout', () => {
  const readout = (filter: Partial<EvidenceFilter>) => {
    const f = { ...NO_FILTER, ...filter };
    return readoutOf(tally(marksOf(f, studies), studies), studyCount(f, studies), f.runner, independentNone(f, studies));
  };

  it('counts the studies and those with numbers, recounted here, then how many results favour the hybrid and, unfiltered, how many of those its builder ran', () => {
    const all = tally(marksOf(NO_FILTER, studies), studies);
    const withNumbers = studies.filter((s) => s.results.length > 0).length;
    expect(withNumbers).toBeLessThan(studies.length);
    expect(readout({})).toMatch(
      new RegExp(`^${studies.length} studies, ${withNumbers} with numbers\\. Their ${all.results} results: ${all.hybrid} favour the hybrid, `),
    );
    expect(readout({})).toContain(`; ${all.hybridFromBuilder} of the ${all.hybrid} come from the lab that built it.`);
  });

  it('says who ran every result a filter by runner keeps', () => {
    const rival = tally(marksOf({ ...NO_FILTER, runner: 'rival' }, studies), studies);
    const rivals = studies.filter((s) => runnerOf(s, studies) === 'rival');
    expect(rivals.every((s) => s.results.length > 0)).toBe(true);
    expect(readout({ runner: 'rival' })).toBe(
      `${rivals.length} studies, all with numbers. Their ${rival.results} results: ${rival.hybrid} favour the hybrid, ${rival.baseline} the baseline, ${rival.tie} ties; ` +
        'each run by a rival lab, in a paper that promotes its own hybrid.',
    );
    expect(readout({ runner: 'builder' })).toMatch(/; each run by the lab that built the hybrid\.$/);
  });

  it('says why the independent studies draw nothing, naming each from the data', () => {
    const independent = ['hybrid-systematic', 'hybrid-design-meta'].map((id) => studies.find((s) => s.id === id)!);
    expect(independent.every((s) => s.numbers === 'not found' && s.results.length === 0)).toBe(true);
    expect(readout({ runner: 'independent' })).toBe(
      `${independent.length} studies, none with numbers. ` +
        `No independent study gives a number here: the numbers of “${independent[0]!.name}” and “${independent[1]!.name}” were not found in the sources read.`,
    );
    // Both are global-attention studies: with a window filter there is no study to count or name.
    expect(readout({ runner: 'independent', attention: 'window' })).toBe('No study matches these filters.');
    expect(independentNone({ ...NO_FILTER, runner: 'rival' }, studies)).toBeNull();
  });

  it('names a study that publishes no numbers apart from one whose numbers were not found', () => {
    const base = { url: 'https://example.org', builtByRunner: false, attention: { kind: 'global' as const }, control: { grade: 'A' as const }, results: [] };
    const made: FigureStudy[] = [
      { ...base, id: 'x', name: 'X', paper: 'Paper X', numbers: 'not published' },
      { ...base, id: 'y', name: 'Y', paper: 'Paper Y', numbers: 'not published' },
      { ...base, id: 'z', name: 'Z', paper: 'Paper Z', numbers: 'not found' },
    ];
    expect(independentNone({ ...NO_FILTER, runner: 'independent' }, made)).toBe(
      'No independent study gives a number here: the numbers of “Z” were not found in the sources read; “X” and “Y” publish none.',
    );
    expect(independentNone({ ...NO_FILTER, runner: 'independent' }, made.slice(0, 1))).toBe('No independent study gives a number here: “X” publishes none.');
  });
});

describe('the rows', () => {
  it('gives every study the figure lists its marks or a word saying why not, at every setting of every filter', () => {
    for (const attention of ['all', 'global', 'window'] as const)
      for (const runner of RUNNERS)
        for (const tasks of ['all', 'recall', 'other'] as const)
          for (const controlledOnly of [false, true]) {
            const filter = { attention, runner, tasks, controlledOnly };
            for (const row of rowsOf(studies, marksOf(filter, studies))) {
              const drawn = row.marks.filter((m) => m.advantage !== null).length;
              expect(drawn > 0 || (row.word ?? '').length > 0, `${row.study.id} at ${JSON.stringify(filter)}`).toBe(true);
            }
          }
  });

  it('says a result published only as a difference is one, with the difference', () => {
    const rows = rowsOf(studies, marksOf(NO_FILTER, studies));
    const nvidia = rows.find((r) => r.study.id === 'nvidia-mamba2-hybrid')!;
    const difference = studies.find((s) => s.id === 'nvidia-mamba2-hybrid')!.results[0]!.difference!;
    expect(nvidia.word).toBe(`published as a difference only: +${difference} points`);
    expect(rows.filter((r) => r.word !== null).map((r) => r.study.id)).toEqual(['nvidia-mamba2-hybrid']);
    // A study with marks to draw has no word, and each row knows who ran it.
    expect(rows.find((r) => r.study.id === 'kimi-linear')).toMatchObject({ word: null, runner: 'builder' });
    expect(rows.filter((r) => r.runner === 'rival').map((r) => r.study.id)).toEqual(['kimi-gdn-h', 'samba-in-gdn']);
  });
});
