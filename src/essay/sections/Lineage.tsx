/**
 * The lineage as a chain of complaints: seven steps from data/lineage.json, each with the
 * numbers it names filled in from the data. The stepper shows one step at a time; the ordered
 * list below it is the same content for readers without script, and for print.
 */
import { corrections } from '../../content/corrections';
import { lineageFacts, type StepView } from '../../content/lineageView';
import { StepFacts } from '../../widgets/Lineage/LineageFigure';
import type { FigureStep } from '../../widgets/Lineage/types';
import { Equation, whereLine } from '../Equation';
import type { EquationId } from '../equations';
import { Island } from '../Island';
import { Cite, FigureFrame, Section } from '../Section';
import { figureEquation } from '../typeset';
import { WORKLOG_URL } from './Credit';
import { Term } from '../Cards';
import { Ladder } from './Ladder';

/** The correction of what the usual account says of a step, where there is one. */
function correctionOf(stepId: string): { correction?: string } {
  const c = corrections().find((x) => x.corrects === `lineage:${stepId}`);
  return c ? { correction: c.id } : {};
}

/** The stepper's props: every step with each equation it names typeset (a name the registry lacks stops the build). */
export function lineageFigureProps(steps: readonly StepView[] = lineageFacts().steps): { steps: FigureStep[] } {
  return {
    steps: steps.map((step) => ({
      ...step,
      ...correctionOf(step.id),
      equations: step.equations.map((eq) => ({ ...eq, ...figureEquation('lineage', eq.id, true), where: whereLine(eq.id) })),
    })),
  };
}

export function Lineage() {
  const f = lineageFacts();
  const { steps } = lineageFigureProps(f.steps);
  return (
    <Section id="lineage">
      <p>
        Read the history as a chain of complaints rather than a parade of models. Each design exists because the one
        before it hit a wall, and each gets past that wall by giving something up. Write the{' '}
        <Term id="state">state</Term> update down at every step and the chain turns into answers to one question: when
        the memory is full, what goes?
      </p>
      <Ladder rungs={f.rungs} />
      <p>
        The order follows Ali Taha&rsquo;s <Cite href={WORKLOG_URL}>worklog on the same progression</Cite>. Each card
        below names the wall, the fix, its price and the policy that results, with the paper and the equations.
      </p>
      {/* The list is the no-script and print view; with script it is hidden and the stepper shows. */}
      <ol className="lineage-steps">
        {steps.map((step, i) => (
          <li key={step.id} className="lineage-step" id={`lineage-step-${i + 1}`}>
            <h3>
              <span className="step-year">{step.year}</span> {step.name}
            </h3>
            <StepFacts step={step} />
            {step.equations.map((eq) => (
              <Equation key={eq.id} id={eq.id as EquationId} label={eq.label} mathml />
            ))}
            {step.papers.map((paper) => (
              <p className="paper" key={paper.href}>
                <Cite href={paper.href}>{paper.title}</Cite>, {paper.authors}, {paper.year}
                {paper.arxiv ? `, arXiv:${paper.arxiv}` : ''}.
              </p>
            ))}
          </li>
        ))}
      </ol>
      <FigureFrame
        id="lineage"
        minHeight={640}
        lookFor="Step through the cards: each ends on its policy, and its picture shows that policy at work on the memory."
        caption={
          <>
            One step at a time, from a rung above, the markers or the arrow keys. Each picture is drawn from its step&rsquo;s numbers:{' '}
            {f.smallName}&rsquo;s shape, the state demo&rsquo;s decays, {f.largeName}&rsquo;s released configuration.
          </>
        }
      >
        <Island name="lineage" props={{ steps }} />
      </FigureFrame>
      <p className="sources">
        Sources: every step&rsquo;s paper is linked with it;{' '}
        {f.largeName}&rsquo;s layer pattern from its <Cite href={f.k3ConfigSource}>released configuration</Cite>,
        and {f.smallName}&rsquo;s shape from <Cite href={f.gpt2ShapeSource}>OpenAI&rsquo;s released code</Cite>.
      </p>
    </Section>
  );
}
