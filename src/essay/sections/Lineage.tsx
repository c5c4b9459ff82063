/**
 * The lineage as a chain of complaints: seven steps from data/lineage.json, each with the
 * numbers it names filled in from the data. The stepper shows one step at a time; the ordered
 * list below it is the same content for readers without script, and for print.
 */
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

/** The stepper's props: every step with each equation it names typeset (a name the registry lacks stops the build). */
export function lineageFigureProps(steps: readonly StepView[] = lineageFacts().steps): { steps: FigureStep[] } {
  return {
    steps: steps.map((step) => ({
      ...step,
      equations: step.equations.map((eq) => ({ ...eq, ...figureEquation('lineage', eq.id, true), where: whereLine(eq.id) })),
    })),
  };
}

export function Lineage() {
  const f = lineageFacts();
  const { steps } = lineageFigureProps(f.steps);
  return (
    <Section id="lineage" kicker="click through it">
      <p>
        Read the history as a chain of complaints rather than a parade of models. Each design exists because the one
        before it hit a particular wall, and each gets past that wall by giving something up. Write the <Term id="state">state</Term> update
        down at every step and the chain turns into a series of answers to one question: when the memory is full,
        what goes?
      </p>
      <p>
        From {f.smallName} in {f.firstYear} to {f.largeName} in {f.lastYear}, the steps follow the order of
        Ali Taha&rsquo;s <Cite href={WORKLOG_URL}>worklog on the same progression</Cite>. Each one names the wall the
        step before it hit, the fix, what the fix gave up, and the eviction policy that results.
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
              <Equation key={eq.id} id={eq.id as EquationId} label={eq.label} />
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
        caption={
          <>
            The chain one step at a time: use the buttons, the step markers, or the arrow keys, Home and End once a
            marker has focus. Each picture is drawn from the numbers in its step: {f.smallName}&rsquo;s own shape, the
            decays of the forget figure below, and {f.largeName}&rsquo;s layer and expert counts from its released
            configuration.
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
