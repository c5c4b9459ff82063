/**
 * The lineage as a chain of complaints: seven steps from data/lineage.json, each with the
 * numbers it names filled in from the data, drawn as the eviction ladder. The ladder is the
 * island: every rung and every card is in the prerendered page, so it reads without script.
 */
import { corrections } from '../../content/corrections';
import { lineageFacts, type StepView } from '../../content/lineageView';
import type { FigureStep } from '../../widgets/Lineage/types';
import { mathmlOf, stylesAsData } from '../../viz/TypesetMath';
import { Term } from '../Cards';
import { whereLine } from '../Equation';
import { Island } from '../Island';
import { Cite, Section } from '../Section';
import { figureEquation } from '../typeset';
import { AfterKda } from './AfterKda';
import { WORKLOG_URL } from './Credit';

/** The correction of what the usual account says of a step, where there is one. */
function correctionOf(stepId: string): { correction?: string } {
  const c = corrections().find((x) => x.corrects === `lineage:${stepId}`);
  return c ? { correction: c.id } : {};
}

/**
 * The ladder's props: every step with each equation it names typeset (a name the registry lacks
 * stops the build), as MathML alone for the page and as KaTeX's markup for a card once script runs.
 */
export function lineageFigureProps(steps: readonly StepView[] = lineageFacts().steps): { steps: FigureStep[] } {
  return {
    steps: steps.map((step) => ({
      ...step,
      ...correctionOf(step.id),
      equations: step.equations.map((eq) => {
        const full = figureEquation('lineage', eq.id, true);
        return {
          ...eq,
          where: whereLine(eq.id),
          mathml: { equationKey: `${full.equationKey}:mathml`, html: mathmlOf(full.html) },
          html: stylesAsData(full.html),
        };
      }),
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
        the memory is full, what goes? The order follows Ali Taha&rsquo;s <Cite href={WORKLOG_URL}>worklog on the same progression</Cite>.
      </p>
      <figure className="figure wide ladder-figure" id="lineage-figure" data-figure="lineage">
        <p className="look-for">
          Down the ladder the policy sharpens: from evicting nothing, through replacing one key and fading everything a
          little, to choosing per channel, per layer and per expert what to let go.
        </p>
        <Island name="lineage" props={{ steps }} />
        <figcaption>
          The seven steps, oldest first, each with its policy, its rule and what it gave up. A rung opens its card in
          place: the wall, the fix, its price, the equations and the papers, with a picture drawn from the step&rsquo;s
          numbers.
        </figcaption>
      </figure>
      <AfterKda />
      <p className="sources">
        Sources: every step&rsquo;s paper is linked with it;{' '}
        {f.largeName}&rsquo;s layer pattern from its <Cite href={f.k3ConfigSource}>released configuration</Cite>,
        and {f.smallName}&rsquo;s shape from <Cite href={f.gpt2ShapeSource}>OpenAI&rsquo;s released code</Cite>.
      </p>
    </Section>
  );
}
