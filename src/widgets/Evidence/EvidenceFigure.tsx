/**
 * Every published controlled comparison of a hybrid with attention, drawn on one axis: each result
 * a mark at how much better (right) or worse (left) the hybrid did than its baseline, relative to
 * the baseline and in the benchmark's own direction, grouped by study. Shape says the hybrid's
 * attention (circle global, square sliding window); a filled mark is a study graded A; a study
 * not run by the hybrid's builder has a badge that says who ran it, and a rival's row is shaded.
 * Filters keep the figure, its readout and the table below it in step; the table sorts by any of
 * its columns.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import './evidence.css';
import { type EvidenceFilter, type Mark, marksOf, runnerOf, studyCount, tally } from '../../core/evidence';
import type { FigureResult as Result, FigureStudy as Study } from '../../content/comparisons';
import { integer } from '../../format';
import { useUrlState } from '../urlState';
import { BY, evidenceCodec, type EvidenceState, independentNone, readoutOf, relative, rowsOf, sortMarks, type SortKey, valueWords as value } from './model';
import { Plot } from './Plot';
import { Fold } from '../../viz/Fold';
import { Select } from '../../viz/Select';

export interface EvidenceFigureProps {
  studies: Study[];
  defaults: EvidenceState;
}

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'study', label: 'Study' },
  { key: 'benchmark', label: 'Benchmark' },
  { key: 'advantage', label: 'Hybrid vs baseline' },
];
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
/** Each result's row has an address of its own, so a shared link lands on it (and opens the table). */
const resultId = (m: Mark<Result>) => `result-${m.study}-${m.index + 1}`;

export function EvidenceFigure({ studies, defaults }: EvidenceFigureProps) {
  const [state, setState] = useState(defaults);
  // Once the figure runs, its marks name their results and each row's study links to the row, so a
  // reader can copy its address; the page as served carries neither (a row still lands by its id).
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  useUrlState(evidenceCodec, state, defaults, setState);
  const { filter, sort } = state;
  const marks = useMemo(() => marksOf<Result>(filter, studies), [filter, studies]);
  const byStudy = useMemo(() => rowsOf(studies, marks), [studies, marks]);
  const set = useCallback((f: Partial<EvidenceFilter>) => setState((s) => ({ ...s, filter: { ...s.filter, ...f } })), []);
  const studyById = useMemo(() => new Map(studies.map((s) => [s.id, s])), [studies]);
  const runners = useMemo(() => new Map(studies.map((s) => [s.id, runnerOf(s, studies)])), [studies]);
  const rows = sortMarks(marks, sort, studyById);
  const total = useMemo(() => studies.reduce((n, s) => n + s.results.length, 0), [studies]);

  return (
    <div className="evidence">
      <fieldset className="evidence-filters">
        <legend>Show</legend>
        <label>
          Attention in the hybrid{' '}
          <Select value={filter.attention} onChange={(v) => set({ attention: v as EvidenceFilter['attention'] })}>
            <option value="all">global or sliding window</option>
            <option value="global">global only</option>
            <option value="window">sliding window only</option>
          </Select>
        </label>
        <label>
          Run by{' '}
          <Select value={filter.runner} onChange={(v) => set({ runner: v as EvidenceFilter['runner'] })}>
            <option value="all">any lab</option>
            <option value="builder">the lab that built the hybrid</option>
            <option value="rival">a rival lab</option>
            <option value="independent">an independent lab</option>
          </Select>
        </label>
        <label>
          Tasks{' '}
          <Select value={filter.tasks} onChange={(v) => set({ tasks: v as EvidenceFilter['tasks'] })}>
            <option value="all">all</option>
            <option value="recall">recall and long context</option>
            <option value="other">perplexity and short tasks</option>
          </Select>
        </label>
        <label className="evidence-check">
          <input type="checkbox" checked={filter.controlledOnly} onChange={(e) => set({ controlledOnly: e.currentTarget.checked })} /> controlled (A) only
        </label>
      </fieldset>
      <p className="evidence-readout" role="status">
        {readoutOf(tally(marks, studies), studyCount(filter, studies), filter.runner, independentNone(filter, studies))}
      </p>
      {byStudy.length > 0 && <Plot rows={byStudy} running={running} />}
      {rows.length > 0 && (
        <Fold
          id="evidence-results"
          className="evidence-fold"
          summary={rows.length === total ? `All ${integer(rows.length)} results, as a table` : `The ${integer(rows.length)} results shown, as a table`}
        >
          <div className="evidence-table-region" role="region" aria-label="The results, as a table" tabIndex={0}>
            <table className="evidence-table">
              <caption>{integer(rows.length)} results, hybrid against baseline, relative to the baseline in the benchmark&rsquo;s own direction</caption>
              <thead>
                <tr>
                  {COLUMNS.map(({ key, label }) => (
                    <th key={key} scope="col" aria-sort={sort.key === key ? ARIA_SORT[sort.dir] : undefined}>
                      <button
                        type="button"
                        onClick={() => setState((s) => ({ ...s, sort: { key, dir: s.sort.key === key && s.sort.dir === 'asc' ? 'desc' : 'asc' } }))}
                      >
                        {label}
                        <span aria-hidden="true">{sort.key === key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                      </button>
                    </th>
                  ))}
                  {/* Who ran each study, as the rows above say it, once the figure runs: the page as served leaves it to the list of studies. */}
                  <th scope="col">{running ? 'Attention, control, run by' : 'Attention, control'}</th>
                  <th scope="col">Source</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => {
                  const s = studyById.get(m.study)!;
                  const r = m.result;
                  return (
                    <tr key={`${m.study}-${m.index}`} id={resultId(m)} className={m.favours === 'baseline' ? 'favours-baseline' : undefined}>
                      <th scope="row">
                        {running ? (
                          <a className="row-anchor" href={`#${resultId(m)}`}>
                            {s.name}
                          </a>
                        ) : (
                          s.name
                        )}
                      </th>
                      {/* Each cell one string: adjacent text would need a separator in the page's markup for each join. */}
                      <td>{`${r.benchmark}${r.variant ? ` (${r.variant})` : ''}${r.direction === 'lower' ? ', lower is better' : ''}`}</td>
                      <td className="evidence-num">{`${value(r)}${m.advantage === null ? '' : ` (${relative(m.advantage)})`}`}</td>
                      <td>{`${s.attention.kind === 'window' ? 'sliding window' : 'global'}, ${s.control.grade}${running ? `, ${BY[runners.get(s.id)!]}` : ''}`}</td>
                      <td>
                        <a href={r.source ?? s.url}>{r.reference}</a>
                        {r.evidence === 'primary' ? '' : ` (${r.evidence === 'secondary' ? 'secondary copy' : 'abstract only'})`}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Fold>
      )}
    </div>
  );
}
