/**
 * The evidence figure's picture: one row per study, each result a mark on a shared axis, the
 * study's name with its grade and who ran it, and the key.
 */
import type { Mark } from '../../core/evidence';
import type { FigureResult as Result, FigureStudy as Study } from '../../content/comparisons';
import { signedPercent } from '../../format';
import { cssPercent } from '../../viz/cssPercent';
import { BY, relative, type Row, valueWords as value } from './model';

const AXIS = [-0.5, -0.25, 0, 0.25, 0.5, 0.75];
const [LO, HI] = [AXIS[0]!, AXIS[AXIS.length - 1]!];
const at = (a: number) => cssPercent((100 * (Math.min(HI, Math.max(LO, a)) - LO)) / (HI - LO), 1);

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

/** Every row the filters leave, a row with no mark to draw saying why, and the key; shade and badge say who ran each study. */
export function Plot({ rows, running }: { rows: Row[]; running: boolean }) {
  return (
    <>
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
        {rows.map(({ study, runner, marks: ms, word }) => (
          <div className={runner === 'builder' ? 'evidence-row' : `evidence-row ${runner}`} key={study.id} aria-hidden="true">
            <span className="evidence-study">
              {study.name} <span className="evidence-grade">{study.control.grade}</span>
              {runner === 'builder' ? null : <span className="evidence-by">{BY[runner]}</span>}
            </span>
            {word ? <span className="evidence-word">{word}</span> : <Marks marks={ms} study={study} running={running} />}
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
        <li className="rival">
          <span className="evidence-by">rival</span> shaded: run by a rival lab, in a paper that promotes its own hybrid; others by the lab that built it
        </li>
      </ul>
    </>
  );
}
