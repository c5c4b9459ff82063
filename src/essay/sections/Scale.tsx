/** The opening: the scale of the change, computed from data, and the thesis. */
import { ScaleFigure } from '../../widgets/Scale/ScaleFigure';
import { scaleFacts } from '../../content/scale';
import { countWord, fractionWords, integer as formatInteger, params as formatParams, percent as formatPercent, roundTo } from '../../format';
import { Section, FigureFrame, Cite } from '../Section';
import { Fold } from '../../viz/Fold';

export function Scale() {
  const r = scaleFacts();
  const { small, large, about, k3 } = r;
  const linearShare = fractionWords(k3.linearLayers / k3.layers);
  return (
    <Section id="scale">
      <p className="lede">
        Divide {large.name}&rsquo;s {formatParams(large.totalParams.value)} parameters by those of {small.name} and
        you get <strong data-claim="ratio">about {about}</strong>. A growth that large invites the lazy reading: it is
        all scale. It is not. A model reading a long text has to remember it somewhere, and every design in this story
        decides what that memory may forget.{' '}
        <strong>Each architectural step is an eviction policy for a memory that cannot hold everything.</strong>
      </p>
      <FigureFrame
        id="scale"
        minHeight={0}
        lookFor={
          <>
            Find the gold: {formatInteger(r.active)} of the {formatInteger(r.exact)} squares are all of {large.name} that fires on one token.
          </>
        }
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
        Kimi K3 already evicts in two places. It gives about {linearShare} of its layers to a fixed-size
        memory that forgets on purpose. And its router fires {k3.expertsActive} of its {formatInteger(k3.expertsRouted)}{' '}
        experts on each token, plus {countWord(k3.expertsShared)} shared: the rest are evicted from the computation before it starts.
      </p>
      <Fold id="scale-count" className="deeper" summary="Go deeper: how the ratio is counted">
        <p id="scale-count-text">
          The worklog&rsquo;s title says {formatInteger(r.headlineQuoted)}, dividing by a rounded{' '}
          {formatParams(small.headlineParams?.value ?? small.totalParams.value)}. Counting {small.name} exactly, at{' '}
          {formatInteger(small.totalParams.value)} parameters, gives <span data-claim="ratio-exact">{formatInteger(r.exact)}</span>.
          Both agree to the precision of {formatParams(large.totalParams.value)}: a total anywhere from{' '}
          {formatParams(r.rounding.totalLo)} to {formatParams(r.rounding.totalHi)} gives{' '}
          <span data-claim="ratio-rounding">
            {formatInteger(r.rounding.lo)} to {formatInteger(r.rounding.hi)}
          </span>
          {r.alternative ? (
            <>
              , and {r.alternative.what.replace(/^by /, '')}, {formatParams(r.alternative.total)}, gives {formatInteger(roundTo(r.alternative.ratio, 10))}
            </>
          ) : null}
          . Hence &ldquo;about {about}&rdquo;. The small model&rsquo;s own count has moved before: OpenAI first published it as 117 million and later called that a
          counting error (<Cite href="https://github.com/openai/gpt-2">OpenAI&rsquo;s GPT-2 repository</Cite>).
        </p>
      </Fold>
      <p className="sources" id="sources-scale">
        Sources: {large.name} total and active parameters,{' '}
        <Cite href={large.totalParams.source}>model card copy</Cite> and{' '}
        <Cite href={large.activeParams.source}>NVIDIA NeMo model page</Cite>; {small.name} parameter count derived
        from the <Cite href={small.totalParams.source}>released hyper-parameters</Cite> with tied embeddings.
      </p>
    </Section>
  );
}
