/**
 * The lineage as a chain of complaints. Static here: every step, in order, readable without
 * script; the interactive stepper builds on the same list.
 */
import { GPT2_ID, k3Facts, model, required, K3_ID } from '../../content/architectures';
import { formatInteger } from '../../content/format';
import { Equation } from '../Equation';
import type { EquationId } from '../equations';
import { Section, Cite } from '../Section';

interface Step {
  year: number;
  name: string;
  wall: string;
  fix: string;
  cost: string;
  policy: string;
  papers: { title: string; authors: string; href: string }[];
  equations: { id: EquationId; label: string }[];
}

function steps(): Step[] {
  const k3 = k3Facts();
  const k3Model = model(K3_ID);
  const gpt2Context = formatInteger(required(model(GPT2_ID), 'contextTokens'));
  return [
    {
      year: 2019,
      name: 'GPT-2 and its KV cache',
      wall: 'The starting point. Every token can look back at every earlier token through softmax attention.',
      fix: 'Keep each past token’s key and value in a cache, so generating the next token only computes one new row. The cache is in OpenAI’s released code from the first day; it was never a later add-on.',
      cost: `The cache grows with every token, per layer, and each generated token reads all of it back from memory. Past ${gpt2Context} tokens, nothing at all.`,
      policy: `Evict nothing inside the ${gpt2Context}-token window; drop everything outside it.`,
      papers: [{
        title: 'Language Models are Unsupervised Multitask Learners',
        authors: 'Radford, Wu, Child, Luan, Amodei and Sutskever (OpenAI)',
        href: 'https://cdn.openai.com/better-language-models/language_models_are_unsupervised_multitask_learners.pdf',
      }],
      equations: [{ id: 'kvCache', label: 'Softmax attention over the cached keys and values' }],
    },
    {
      year: 2020,
      name: 'Linear attention',
      wall: 'A cache that grows with the context, and a cost that grows with its square.',
      fix: 'Drop the softmax and the sum over past tokens collapses into one fixed matrix, the state. Each token adds its key–value association to it; a read multiplies a key by it.',
      cost: 'The state has as many rows as the key has channels. Once more associations are written than there are orthogonal directions, they pile on top of one another and every read picks up the others’ residue.',
      policy: 'No policy: everything is added to a memory of fixed size, and nothing leaves.',
      papers: [{
        title: 'Transformers are RNNs: Fast Autoregressive Transformers with Linear Attention',
        authors: 'Katharopoulos, Vyas, Pappas and Fleuret, 2020',
        href: 'https://arxiv.org/abs/2006.16236',
      }],
      equations: [{ id: 'linearAttention', label: 'Additive write and read of the linear-attention state' }],
    },
    {
      year: 2021,
      name: 'The delta rule',
      wall: 'Additive writes overrun a finite memory: new associations keep landing on top of old ones.',
      fix: 'Before writing, read what the memory currently returns for this key, and write only the difference. A write now replaces the old value at that key instead of adding to it.',
      cost: 'Each write depends on the state left by the previous one, so training is sequential. And the memory forgets only what it overwrites; it cannot clear space in bulk.',
      policy: 'Evict by replacement, one key at a time.',
      papers: [{
        title: 'Linear Transformers Are Secretly Fast Weight Programmers',
        authors: 'Schlag, Irie and Schmidhuber, 2021',
        href: 'https://arxiv.org/abs/2102.11174',
      }],
      equations: [
        { id: 'deltaRule', label: 'The delta rule: write the difference between the value and the current read' },
        { id: 'deltaProjector', label: 'The same rule as a transition applied to the old state' },
      ],
    },
    {
      year: 2024,
      name: 'The delta rule, trained in parallel over chunks',
      wall: 'A rule that must run token by token cannot use the matrix units a GPU is built around.',
      fix: 'Cut the sequence into chunks. Inside a chunk, rewrite the product of the per-token updates in a compact WY form so that the work becomes masked matrix products; between chunks, carry the state forward.',
      cost: 'More arithmetic than the plain recurrence, and considerably more complicated kernels. The memory still cannot forget in bulk.',
      policy: 'The same policy as the delta rule, made fast enough to train at scale.',
      papers: [{
        title: 'Parallelizing Linear Transformers with the Delta Rule over Sequence Length',
        authors: 'Yang, Wang, Zhang, Shen and Kim, 2024',
        href: 'https://arxiv.org/abs/2406.06484',
      }],
      equations: [{ id: 'chunkedDelta', label: 'One chunk of the delta rule in WY form' }],
    },
    {
      year: 2024,
      name: 'Gated DeltaNet',
      wall: 'The delta rule forgets only by overwriting; a decaying memory like Mamba-2’s forgets everything at the same rate.',
      fix: 'Use both: shrink the whole state by a learned factor α before each delta write. The gate clears room quickly when the context changes; the delta write keeps edits precise.',
      cost: 'One α per head. Every channel of the state fades at the same speed, long-lived facts and scratch work alike.',
      policy: 'Fade everything a little, then replace at one key.',
      papers: [{
        title: 'Gated Delta Networks: Improving Mamba2 with Delta Rule',
        authors: 'Yang, Kautz and Hatamizadeh, 2024',
        href: 'https://arxiv.org/abs/2412.06464',
      }],
      equations: [{ id: 'gatedDelta', label: 'Gated delta rule: a scalar decay, then the delta write' }],
    },
    {
      year: 2025,
      name: 'Kimi Delta Attention and the 3:1 hybrid',
      wall: 'A single decay per head is too coarse: the memory cannot keep one kind of fact while flushing another.',
      fix: 'Give every key channel its own decay, so some rows of the state hold for a long time while others turn over fast. And stop asking the fixed state to do everything: in Kimi Linear, every fourth layer is full attention with an exact cache.',
      cost: 'More gate parameters, a more constrained kernel, and the full-attention layers bring back a cache that grows with the context.',
      policy: 'Evict per channel in most layers; keep everything in a few.',
      papers: [{
        title: 'Kimi Linear: An Expressive, Efficient Attention Architecture',
        authors: 'Kimi Team, 2025',
        href: 'https://arxiv.org/abs/2510.26692',
      }],
      equations: [{ id: 'perChannelDelta', label: 'Kimi Delta Attention: a decay per key channel, then the delta write' }],
    },
    {
      year: 2026,
      name: k3Model.name,
      wall: 'Capacity costs compute: a model cannot run all of its parameters for every token, and a plain residual stream dilutes what early layers wrote.',
      fix: `${k3.linearLayers} Kimi Delta Attention layers and ${k3.fullAttentionLayers} gated MLA layers (every fourth layer, plus the last one). A router sends each token to ${k3.expertsActive} of ${k3.expertsRouted} experts, plus ${k3.expertsShared} shared ones. Attention Residuals replace the plain sum of layer outputs with a learned softmax over earlier depths, run before every sub-layer, with the depth memory compressed into one summary per ${k3.depthSummaryEvery} layers.`,
      cost: 'Every parameter must stay resident in memory even though few of them fire; routing must be balanced; the attention layers still keep a full cache.',
      policy: 'Evict parameters from the compute path, compress depth into summaries, and keep exact attention as the selective read.',
      papers: [{
        title: 'Kimi K3: Open Frontier Intelligence',
        authors: 'Kimi Team, 2026',
        href: 'https://arxiv.org/abs/2607.24653',
      }, {
        title: 'Attention Residuals',
        authors: 'Kimi Team, 2026',
        href: 'https://arxiv.org/abs/2603.15031',
      }],
      equations: [
        { id: 'mixtureOfExperts', label: 'Top-k routing over experts plus shared experts' },
        { id: 'attentionResiduals', label: 'Attention Residuals: a softmax over earlier block summaries' },
      ],
    },
  ];
}

export function Lineage() {
  return (
    <Section id="lineage" kicker="click through it">
      <p>
        Read the history as a chain of complaints rather than a list of models. Each design exists because the one
        before it ran into a particular wall, and each gets past that wall by giving something up. Write the same
        state update down at every step and the chain reads as a series of answers to one question: when the memory
        is full, what goes?
      </p>
      <ol className="lineage-steps">
        {steps().map((step, i) => (
          <li key={step.name} className="lineage-step" id={`lineage-step-${i + 1}`}>
            <h3>
              <span className="step-year">{step.year}</span> {step.name}
            </h3>
            <dl className="step-facts">
              <dt>The wall</dt>
              <dd>{step.wall}</dd>
              <dt>The fix</dt>
              <dd>{step.fix}</dd>
              <dt>What it gives up</dt>
              <dd>{step.cost}</dd>
              <dt>As an eviction policy</dt>
              <dd className="policy">{step.policy}</dd>
            </dl>
            {step.equations.map((eq) => (
              <Equation key={eq.id} id={eq.id} label={eq.label} />
            ))}
            {step.papers.map((paper) => (
              <p className="paper" key={paper.href}>
                <Cite href={paper.href}>{paper.title}</Cite>, {paper.authors}.
              </p>
            ))}
          </li>
        ))}
      </ol>
    </Section>
  );
}
