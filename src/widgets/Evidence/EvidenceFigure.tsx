/**
 * Every published controlled comparison of a hybrid with attention, drawn on one axis: each result
 * a mark at how much better (right) or worse (left) the hybrid did than its baseline, relative to
 * the baseline and in the benchmark's own direction, grouped by study. Shape says the hybrid's
 * attention (circle global, square sliding window); a filled mark is a study graded A. Filters keep
 * the figure, its readout and the table below it in step; the table sorts by any of its columns.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import './evidence.css';
import { type EvidenceFilter, type Mark, marksOf, tally } from '../../core/evidence';
import type { FigureResult as Result, FigureStudy as Study } from '../../content/comparisons';
import { integer, signedPercent } from '../../format';
import { useUrlState } from '../urlState';
import { evidenceCodec, type EvidenceState, readoutOf, sortMarks, type SortKey } from './model';
import { Fold } from '../../viz/Fold';
import { Select } from '../../viz/Select';
import { cssPercent } from '../../viz/cssPercent';

export interface EvidenceFigureProps {
  studies: Study[];
  defaults: EvidenceState;
}

const AXIS = [-0.5, -0.25, 0, 0.25, 0.5, 0.75];
const [LO, HI] = [AXIS[0]!, AXIS[AXIS.length - 1]!];
const at = (a: number) => cssPercent((100 * (Math.min(HI, Math.max(LO, a)) - LO)) / (HI - LO), 1);
const value = (r: Result) =>
  r.hybrid === null ? `${r.difference! > 0 ? '+' : ''}${r.difference} points` : `${r.hybrid.toFixed(r.digits)} vs ${r.baseline!.toFixed(r.digits)}`;
/** A relative difference to a tenth of a percent: +0.2%, −3.1%. */
const relative = (a: number) => `${a > 0 ? '+' : a < 0 ? '−' : '±'}${Math.abs(100 * a).toFixed(1)}%`;
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'study', label: 'Study' },
  { key: 'benchmark', label: 'Benchmark' },
  { key: 'advantage', label: 'Hybrid vs baseline' },
];
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
/** Each result's row has an address of its own, so a shared link lands on it (and opens the table). */
const resultId = (m: Mark<Result>) => `result-${m.study}-${m.index + 1}`;

/** A mark's outer half-width in pixels: the key's marks are 0.7rem (11.2 px at the default size) across. */
const MARK = 5.6;
const STROKE = 2;

/**
 * One study's results along the axis, drawn in SVG: a mark's place is an attribute in percent of
 * the track, so the page carries no style rule per mark. A global study's marks are circles, a
 * sliding-window study's squares. Once the figure runs, each mark names its result in a tooltip:
 * the page's first download leaves the 165 tooltips out (a pointer is all that reads them, and the
 * table below holds the same figures).
 */
function Marks({ marks, study, running }: { marks: Mark<Result>[]; study: Study; running: boolean }) {
  const r = MARK - STROKE / 2;
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: its row is hidden from assistive technology; the table below reads out the same results
    <svg className="evidence-track">
      <line className="evidence-zero" x1={at(0)} x2={at(0)} y1="0" y2="100%" />
      {marks.map((m) => {
        if (m.advantage === null) return null;
        const className = `evidence-mark ${study.attention.kind} ${study.control.grade === 'A' ? 'graded-a' : 'graded-other'} favours-${m.favours}`;
        const title = running ? (
          <title key="title">{`${m.result.benchmark}${m.result.variant ? ` (${m.result.variant})` : ''}: ${value(m.result)}, ${relative(m.advantage)}`}</title>
        ) : null;
        return study.attention.kind === 'window' ? (
          <rect key={m.index} className={className} x={at(m.advantage)} y="50%" width={2 * r} height={2 * r} rx={1} transform={`translate(${-r} ${-r})`}>
            {title}
          </rect>
        ) : (
          <circle key={m.index} className={className} cx={at(m.advantage)} cy="50%" r={r}>
            {title}
          </circle>
        );
      })}
    </svg>
  );
}

export function EvidenceFigure({ studies, defaults }: EvidenceFigureProps) {
  const [state, setState] = useState(defaults);
  // Once the figure runs, its marks name their results and each row's study links to the row, so a
  // reader can copy its address; the page as served carries neither (a row still lands by its id).
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  useUrlState(evidenceCodec, state, defaults, setState);
  const { filter, sort } = state;
  const marks = useMemo(() => marksOf<Result>(filter, studies), [filter, studies]);
  const byStudy = useMemo(
    () => studies.map((s) => ({ study: s, marks: marks.filter((m) => m.study === s.id) })).filter((g) => g.marks.length > 0),
    [studies, marks],
  );
  const set = useCallback((f: Partial<EvidenceFilter>) => setState((s) => ({ ...s, filter: { ...s.filter, ...f } })), []);
  const studyById = useMemo(() => new Map(studies.map((s) => [s.id, s])), [studies]);
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
        {readoutOf(tally(marks, studies))}
      </p>
      <div
        className="evidence-plot"
        role="img"
        aria-label="Each result as a mark: right of the line the hybrid did better than its baseline, left worse. The table below lists the same results."
      >
        <div className="evidence-axis" aria-hidden="true">
          <span />
          <span className="evidence-ticks">
            {AXIS.map((a) => (
              <span key={a} className="evidence-tick" style={{ left: at(a) }}>
                {a === 0 ? '0' : signedPercent(a)}
              </span>
            ))}
          </span>
          <span />
          <span className="evidence-sides">
            <span>&larr; hybrid worse</span>
            <span>hybrid better &rarr;</span>
          </span>
        </div>
        {byStudy.map(({ study, marks: ms }) => (
          <div className="evidence-row" key={study.id} aria-hidden="true">
            <span className="evidence-study">
              {study.name} <span className="evidence-grade">{study.control.grade}</span>
            </span>
            <Marks marks={ms} study={study} running={running} />
          </div>
        ))}
      </div>
      <ul className="evidence-key" aria-hidden="true">
        <li>
          <span className="evidence-mark global graded-a favours-hybrid" /> global attention, controlled (A)
        </li>
        <li>
          <span className="evidence-mark window graded-a favours-hybrid" /> sliding window
        </li>
        <li>
          <span className="evidence-mark global graded-other favours-hybrid" /> hollow: graded A−, B or C
        </li>
        <li>
          <span className="evidence-mark global graded-a favours-baseline" /> blue: the baseline did better
        </li>
      </ul>
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
                <th scope="col">Attention, control</th>
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
                    <td>{`${s.attention.kind === 'window' ? 'sliding window' : 'global'}, ${s.control.grade}`}</td>
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
    </div>
  );
}
