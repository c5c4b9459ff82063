/** The three lessons of the chain. */
import { takeawaysFacts } from '../../content/scale';
import { countWord } from '../../format';
import { Section } from '../Section';

export function Takeaways() {
  const { about, largeName, k3, linearPerFull, years } = takeawaysFacts();
  return (
    <Section id="takeaways" kicker="the reading this page argues for">
      <h3>It was never just scale</h3>
      <p>
        &ldquo;{about} times the parameters&rdquo; is the headline and the least informative fact on the page. Each
        step in the chain added capacity in one place for one reason: a state that stops growing, a write that
        replaces instead of piling up, a decay that frees room, a per-channel decay that frees the right room.
        What the chain shows is where capacity went, not how much of it there was.
      </p>
      <h3>A finite memory forces a policy</h3>
      <p>
        Once the memory is not allowed to grow with the sequence, something has to leave it, and every later design
        is an argument about what. Additive writes have no policy, so old associations blur into new ones. The delta
        rule replaces. A gate fades. A per-channel gate fades selectively. A router decides which experts see the
        token at all. It is one question asked at different places in the model.
      </p>
      <h3>And attention comes back anyway</h3>
      <p id="takeaways-depth">
        The most candid part of the final design is that it stops trying to replace attention. {largeName} runs about{' '}
        {countWord(linearPerFull)} cheap recurrent layers for every full-attention layer ({k3.linearLayers} to{' '}
        {k3.fullAttentionLayers}), and the attention layers retrieve from the actual context what the fixed states
        threw away. Across depth
        the same move repeats: before every sub-layer, a learned attention over earlier layers, with the depth memory
        compressed into one summary per {k3.depthSummaryEvery} layers. After {countWord(years)} years of replacing attention, the
        answer keeps it as the selective read, because a fixed state cannot give back what it has already evicted.
      </p>
    </Section>
  );
}
