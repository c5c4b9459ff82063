/**
 * One step's card, opened in place under its rung: the wall, the fix and its price, the picture
 * drawn from the step's numbers, the equations and the papers. The rung above already states the
 * step's policy, so the card does not repeat it.
 */
import { Fragment, memo } from 'react';
import { SymbolText } from '../../viz/SymbolText';
import { TypesetMath } from '../../viz/TypesetMath';
import { describeDiagram } from './describe';
import { DiagramView } from './DiagramView';
import type { FigureStep } from './types';

/** The step's facts and, where the usual account tells the step otherwise, a link to its correction. */
function StepFacts({ step }: { step: FigureStep }) {
  return (
    <dl className="step-facts">
      <dt>The wall</dt>
      <dd>{step.wall}</dd>
      <dt>The fix</dt>
      <dd>{step.fix}</dd>
      <dt>What it gives up</dt>
      <dd>{step.cost}</dd>
      {step.correction ? (
        <>
          <dt>Often told otherwise</dt>
          <dd>
            <a className="correction-link" href={`#correction-${step.correction}`}>
              See the correction
            </a>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * `rich` once script runs and the card has been opened: the picture is drawn and the equations
 * set in KaTeX's markup. Before, as the page was prerendered, the card holds its words and the
 * equations as MathML alone, so the first download carries no picture and no second typesetting.
 */
export const StepCard = memo(function StepCard({ step, rich }: { step: FigureStep; rich: boolean }) {
  return (
    <>
      <div className={rich ? 'lineage-card-body with-picture' : 'lineage-card-body'}>
        <StepFacts step={step} />
        {rich ? (
          <div className="lineage-diagram">
            <DiagramView diagram={step.diagram} />
            <p className="lineage-diagram-note">{describeDiagram(step.diagram)}</p>
          </div>
        ) : null}
      </div>
      {step.equations.map((eq) => (
        <Fragment key={eq.id}>
          <TypesetMath
            className="equation"
            markup={rich ? { equationKey: `${eq.id}:display`, html: eq.html } : eq.mathml}
            figure={{ id: eq.id, label: eq.label }}
          />
          {eq.where ? (
            <p className="equation-where">
              <SymbolText text={eq.where} />
            </p>
          ) : null}
        </Fragment>
      ))}
      <ul className="lineage-papers">
        {step.papers.map((p) => (
          <li key={p.href}>
            <a className="cite" href={p.href}>
              {p.title}
            </a>
            {p.reference ? (
              <sup className="cite-mark has-card">
                <a href={`#ref-${p.reference.id}`} aria-label={`Reference ${p.reference.number}`}>
                  [{p.reference.number}]
                </a>
              </sup>
            ) : null}
            , {p.authors}, {p.year}
            {p.arxiv ? `, arXiv:${p.arxiv}` : ''}.
          </li>
        ))}
      </ul>
    </>
  );
});
