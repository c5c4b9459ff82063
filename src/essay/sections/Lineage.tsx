/**
 * The lineage as a chain of complaints: seven steps from data/lineage.json, each with the
 * numbers it names filled in from the data. The stepper shows one step at a time; the ordered
 * list below it is the same content for readers without script, and for print.
 */
import { Island } from '../../app/Island';
import { GPT2_ID, K3_ID, k3Facts, model } from '../../content/architectures';
import {
  authorList,
  cacheAgainstState,
  chunkPicture,
  decayGates,
  k3LayerKinds,
  LINEAGE_FILE,
  lineage,
  lineageSteps,
  litExperts,
  writeComparison,
  type DiagramKind,
  type LineageStep,
} from '../../content/lineage';
import type { Diagram, StepView } from '../../widgets/Lineage/types';
import { StepFacts } from '../../widgets/Lineage/LineageFigure';
import { Equation } from '../Equation';
import { equations, type EquationId } from '../equations';
import { equationMarkup } from '../typeset';
import { Cite, FigureFrame, Section } from '../Section';
import { WORKLOG_URL } from './Credit';

/** Columns of the decay pictures: the write itself, then eleven more steps. */
const DECAY_STEPS = 12;

function equationId(step: LineageStep, id: string): EquationId {
  if (!(id in equations)) throw new Error(`${LINEAGE_FILE}: step "${step.id}" names equation "${id}", which the registry lacks`);
  return id as EquationId;
}

function diagramFor(kind: DiagramKind): Diagram {
  switch (kind) {
    case 'cache':
    case 'cacheVsState': {
      const m = cacheAgainstState();
      return { kind: 'memory', context: m.context, cachePerToken: m.cachePerToken, state: kind === 'cache' ? null : m.state, crossing: m.crossing };
    }
    case 'write': {
      const w = writeComparison();
      // Four decimals are finer than any colour step, and keep the props small.
      const round = (xs: number[]) => xs.map((x) => Math.round(x * 1e4) / 1e4);
      return { kind: 'write', ...w, additive: round(w.additive), delta: round(w.delta) };
    }
    case 'chunks':
      return { kind: 'chunks', ...chunkPicture() };
    case 'decay':
      return { kind: 'decay', gates: decayGates(false), steps: DECAY_STEPS, cycle: null };
    case 'perChannelDecay':
      return { kind: 'decay', gates: decayGates(true), steps: DECAY_STEPS, cycle: [...lineage.hybridCycle.value] };
    case 'k3': {
      const k3 = k3Facts();
      return {
        kind: 'k3',
        layers: k3LayerKinds(),
        blockSize: k3.depthSummaryEvery,
        expertsRouted: k3.expertsRouted,
        expertsActive: k3.expertsActive,
        expertsShared: k3.expertsShared,
        lit: litExperts(k3.expertsRouted, k3.expertsActive),
      };
    }
  }
}

function stepView(step: LineageStep): StepView {
  return {
    id: step.id,
    year: step.year.value,
    name: step.name,
    short: step.short,
    wall: step.wall,
    fix: step.fix,
    cost: step.cost,
    policy: step.policy,
    papers: step.papers.map((p) => ({
      title: p.title,
      authors: authorList(p.authors),
      year: p.year.value,
      arxiv: p.arxiv,
      href: p.url,
    })),
    equations: step.equations.map((eq) => ({ id: eq.id, label: eq.label, ...equationMarkup(equationId(step, eq.id), true) })),
    diagram: diagramFor(step.diagram),
  };
}

/** The stepper's props: every step with its typeset equations and its diagram's numbers. */
export function lineageFigureProps(): { steps: StepView[] } {
  return { steps: lineageSteps().map(stepView) };
}

export function Lineage() {
  const steps = lineageSteps();
  const small = model(GPT2_ID);
  const large = model(K3_ID);
  const first = steps[0];
  const last = steps[steps.length - 1];
  return (
    <Section id="lineage" kicker="click through it">
      <p>
        Read the history as a chain of complaints rather than a parade of models. Each design exists because the one
        before it hit a particular wall, and each gets past that wall by giving something up. Write the state update
        down at every step and the chain turns into a series of answers to one question: when the memory is full,
        what goes?
      </p>
      <p>
        From {small.name} in {first?.year.value} to {large.name} in {last?.year.value}, the steps follow the order of
        Ali Taha&rsquo;s <Cite href={WORKLOG_URL}>worklog on the same progression</Cite>. Each one names the wall the
        step before it hit, the fix, what the fix gave up, and the eviction policy that results.
      </p>
      {/* The list is the no-script and print view; with script it is hidden and the stepper shows. */}
      <ol className="lineage-steps">
        {steps.map((step, i) => (
          <li key={step.id} className="lineage-step" id={`lineage-step-${i + 1}`}>
            <h3>
              <span className="step-year">{step.year.value}</span> {step.name}
            </h3>
            <StepFacts step={step} />
            {step.equations.map((eq) => (
              <Equation key={eq.id} id={equationId(step, eq.id)} label={eq.label} />
            ))}
            {step.papers.map((paper) => (
              <p className="paper" key={paper.url}>
                <Cite href={paper.url}>{paper.title}</Cite>, {authorList(paper.authors)}, {paper.year.value}
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
            marker has focus. Each picture is drawn from the numbers in its step: {small.name}&rsquo;s own shape, the
            decays of the forget figure below, and {large.name}&rsquo;s layer and expert counts from its released
            configuration.
          </>
        }
      >
        <Island name="lineage" props={lineageFigureProps()} />
      </FigureFrame>
      <p className="sources">
        Sources: every step&rsquo;s paper is linked with it;{' '}
        {large.name}&rsquo;s layer pattern from its <Cite href={lineage.k3Stack.cycle.source}>released configuration</Cite>,
        and {small.name}&rsquo;s shape from <Cite href={lineage.gpt2Shape.dModel.source}>OpenAI&rsquo;s released code</Cite>.
      </p>
    </Section>
  );
}
