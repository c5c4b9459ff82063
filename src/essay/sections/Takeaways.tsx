/** The three lessons of the chain, closing on the opening figure. */
import { takeawaysFacts } from '../../content/scale';
import { bytes, capitalise, countWord, fractionWords } from '../../format';
import { k3MemoryFacts } from '../../content/k3Memory';
import { Section } from '../Section';
import { Refs, Term } from '../Cards';
import { CorrectionMark } from '../CorrectionMark';

export function Takeaways() {
  const { about, largeName, smallName, k3, linearPerFull, years } = takeawaysFacts();
  const memory = k3MemoryFacts().atContext;
  return (
    <Section id="takeaways" kicker="the reading argued for">
      <h3>It was never just scale</h3>
      <p>
        &ldquo;{about} times the parameters&rdquo; is the headline and the least informative fact on the page. Each
        step in the chain changed one thing for one reason: a state that stops growing, a write that replaces instead
        of piling up, a decay that frees room, a per-channel decay that frees the right room. What the chain shows is
        where the memory&rsquo;s room went, not how much of it there was.
      </p>
      <h3>A finite memory forces a policy</h3>
      <p>
        Once the memory is not allowed to grow with the sequence, something has to leave it, and every later design
        is an argument about what. Additive writes have no policy, so old associations blur into new ones. The delta
        rule replaces. A gate fades. A per-channel gate fades selectively. A router <Refs ids={['shazeer2017']} /> decides which <Term id="moe">experts</Term> see the
        token at all. It is one question asked at different places in the model.
      </p>
      <h3>And attention comes back anyway</h3>
      <p id="takeaways-depth">
        The final design does not try to replace attention; it rations it, as Kimi Linear already did. {largeName} runs about{' '}
        {countWord(linearPerFull)} cheap recurrent layers for every full-attention layer, and the attention layers can fetch from the context what the fixed states threw
        away. The ration is what the memory shows: at its full context {largeName} keeps{' '}
        <span data-claim="takeaways-k3-total">{bytes(memory.total)}</span> per sequence, against{' '}
        <span data-claim="takeaways-k3-all">{bytes(memory.allAttention)}</span> for the same stack all{' '}
        <Term id="mla">MLA</Term>, about <span data-claim="takeaways-k3-fraction">{fractionWords(memory.total / memory.allAttention)}</span>{' '}
        <a className="note-mark" href="#shipping-k3">(how)</a>. Across depth
        the same move repeats: before every sub-layer, a learned attention over earlier layers, with the depth memory
        compressed into one summary per {k3.depthSummaryEvery} layers{' '}
        <CorrectionMark id="depth-attention">often told otherwise</CorrectionMark>. {capitalise(countWord(years))} years after {smallName}, the
        answer keeps attention as the selective read, because a fixed state cannot give back what it has already evicted.
      </p>
      <p>
        The state demo shows the price from the other side: <a href="#forget-attention">exact attention</a> reads back
        what the fixed states lost, and pays for it in memory that grows with every token.
      </p>
      <h3 id="takeaways-close">Back to the squares</h3>
      <p>
        Look again at <a href="#scale-figure">the opening figure</a>. The gold squares are not the model&rsquo;s size;
        they are what its policy lets fire on one token. Everything else is resident and idle, evicted from the
        computation before it starts. The history from {smallName} to {largeName} is that gold: what to keep, what to
        read, what to let go.
      </p>
    </Section>
  );
}
