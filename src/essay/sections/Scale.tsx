/** The opening: the scale of the change, computed from data, and the thesis. */
import { ScaleFigure } from '../../widgets/Scale/ScaleFigure';
import { scaleFacts } from '../../content/scale';
import { countWord, integer as formatInteger, params as formatParams, percent as formatPercent } from '../../format';
import { Section, FigureFrame, Cite } from '../Section';

export function Scale() {
  const r = scaleFacts();
  const { small, large, about, smallYear, largeYear, k3 } = r;
  return (
    <Section id="scale">
      <p className="lede">
        Divide {large.name}&rsquo;s {formatParams(large.totalParams.value)} parameters by the{' '}
        {formatInteger(small.totalParams.value)} of {small.name} and you get{' '}
        <strong data-claim="ratio">about {about}</strong>: that many copies of the {smallYear} model would fit inside
        the {largeYear} one.
      </p>
      <p>
        The figure usually quoted is {formatInteger(r.headlineQuoted)}, which divides by a rounded{' '}
        {formatParams(small.headlineParams?.value ?? small.totalParams.value)}. Counting {small.name} exactly gives{' '}
        <span data-claim="ratio-exact">{formatInteger(r.exact)}</span>, so &ldquo;about {about}&rdquo; is the honest
        wording. (The small model&rsquo;s own count has moved before: OpenAI first published it as 117 million and
        later called that a counting error.{' '}
        <Cite href="https://github.com/openai/gpt-2">OpenAI&rsquo;s GPT-2 repository</Cite>)
      </p>
      <FigureFrame
        id="scale"
        minHeight={0}
        caption={
          <>
            One square per {small.name}: {formatInteger(r.exact)} of them make up {large.name}. The{' '}
            {formatInteger(r.active)} in gold are the {formatParams(large.activeParams.value)} parameters that
            actually fire on one token ({formatPercent(r.activeShare)} of the model). Counts from{' '}
            <a href="#sources-scale">the sources below</a>.
          </>
        }
      >
        <ScaleFigure
          marks={r.marks}
          activeMarks={r.activeMarks}
          smallName={small.name}
          largeName={large.name}
          largeTotal={formatParams(large.totalParams.value)}
          largeActive={formatParams(large.activeParams.value)}
        />
      </FigureFrame>
      <p>
        A {about}-fold growth in {r.years} years invites the lazy reading: it is all scale. It is not, and the
        thread that runs through the changes is narrower than you might expect. A model reading a long text has to
        remember it somewhere, and every design in this story decides what that memory is allowed to forget.{' '}
        <strong>Each architectural step is an eviction policy for a memory that cannot hold everything.</strong>
      </p>
      <p>
        Even the last step fits the pattern. {large.name} spends {k3.linearLayers} of its {k3.layers} layers on a
        fixed-size memory that forgets on purpose, and fires {k3.expertsActive} of its {k3.expertsRouted} routed
        experts per token, beside its {countWord(k3.expertsShared)} shared ones and the weights every token uses: the
        other routed experts are evicted from the computation before it starts.
      </p>
      <nav className="jump-links" aria-label="Jump to a figure">
        <a href="#forget">Watch a state forget</a>
        <a href="#lineage">The lineage</a>
        <a href="#shipping">What ships today</a>
      </nav>
      <p className="sources" id="sources-scale">
        Sources: {large.name} total and active parameters,{' '}
        <Cite href={large.totalParams.source}>model card copy</Cite> and{' '}
        <Cite href={large.activeParams.source}>NVIDIA NeMo model page</Cite>; {small.name} parameter count derived
        from the <Cite href={small.totalParams.source}>released hyper-parameters</Cite> with tied embeddings.
      </p>
    </Section>
  );
}
