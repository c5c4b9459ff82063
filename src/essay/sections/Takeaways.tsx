/** The three lessons of the chain, the last one drawn: the attention read beside the fixed states, and its price at K3's size. */
import { k3MemoryFacts } from '../../content/k3Memory';
import { recallFacts } from '../../content/recall';
import { takeawaysFacts } from '../../content/scale';
import { bytes, capitalise, countWord, fixed, integer, percent } from '../../format';
import { Island } from '../Island';
import { Cite, FigureFrame, Section } from '../Section';
import { RULE_NAMES } from '../../widgets/Recall/describe';
import { NoteMark, notes, Refs, Term } from '../Cards';

export function Takeaways() {
  const { about, largeName, smallName, k3, linearPerFull, years } = takeawaysFacts();
  const r = recallFacts();
  const m = k3MemoryFacts();
  const n = notes('takeaways', [
    {
      id: 'precision',
      text: (
        <>
          {m.shape.stateBytesPerValue} bytes a value is float32, the precision the flash-linear-attention kernels keep the recurrent state in
          (FlashKDA keeps its on-chip state in bf16). An engine that keeps it in bf16 halves the recurrent state; the convolution state is
          counted at {m.shape.convBytesPerValue} bytes a value, and the cache at {m.shape.cacheBytesPerValue}, either way.
        </>
      ),
    },
  ]);
  const { view, late, averages: avg } = r;
  const best = RULE_NAMES[r.bestLate].toLowerCase();
  return (
    <Section id="takeaways" notes={n} kicker="the reading this page argues for">
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
        rule replaces. A gate fades. A per-channel gate fades selectively. A router <Refs ids={['shazeer2017']} /> decides which <Term id="moe">experts</Term> see the
        token at all. It is one question asked at different places in the model.
      </p>
      <h3>And attention comes back anyway</h3>
      <p id="takeaways-depth">
        The most candid part of the final design is that it stops trying to replace attention. {largeName} runs about{' '}
        {countWord(linearPerFull)} cheap recurrent layers for every full-attention layer ({k3.linearLayers} to{' '}
        {k3.fullAttentionLayers}), and the attention layers retrieve from the actual context what the fixed states
        threw away. Across depth
        the same move repeats: before every sub-layer, a learned attention over earlier layers, with the depth memory
        compressed into one summary per {k3.depthSummaryEvery} layers. {capitalise(countWord(years))} years after {smallName}, the
        answer keeps attention as the selective read, because a fixed state cannot give back what it has already evicted.
      </p>
      <p>
        The figure below sets that read beside the fixed memories, on the stream the state demo opens with (
        {r.stream}, seed {r.seed}) and with the same read error. Attention keeps every pair it is given: a read
        weighs each stored value by a softmax of <var>s</var> times how well its key matches the query, where{' '}
        <var>s</var> is the sharpness. With sharp logits, <var>s</var>&nbsp;=&nbsp;{r.defaults.s}, the whole cache
        reads back almost exactly: <span data-claim="recall-cache">{fixed(view.cache)}</span> at {view.n} pairs and{' '}
        <span data-claim="recall-cache-late">{fixed(late.cache)}</span> at {late.n}, where the best of the four fixed
        states, {best}, reads back at {fixed(late.state[r.bestLate])}. Averaged over {avg.seeds} streams, its error
        is at most <span data-claim="recall-cache-worst">{(Math.ceil(avg.sharpCacheWorst * 1000) / 1000).toFixed(3)}</span> on the way to{' '}
        {r.pairs} pairs.
      </p>
      <p>
        The advantage is bought with memory. After {late.n} pairs the cache holds {integer(late.numbers.cache)}{' '}
        numbers; the state holds {r.stateNumbers} at any length. Give attention only the state&rsquo;s{' '}
        {r.stateNumbers} numbers, a window over the last {countWord(r.windowPairs)} pairs, and it evicts by age: it
        reads those {countWord(r.windowPairs)} almost exactly and returns junk for everything older. Averaged over{' '}
        {avg.seeds} streams at {avg.windowed.n} pairs, the window reads back at{' '}
        <span data-claim="recall-window">{fixed(avg.windowed.window)}</span> and the delta rule at{' '}
        {fixed(avg.windowed.delta)}: no better.
      </p>
      <p>
        Sharpness matters as much. With the textbook scale, 1/&radic;<var>d</var> on unit keys (
        <var>s</var>&nbsp;&asymp;&nbsp;{fixed(r.textbookS)} here), the softmax is nearly uniform: averaged over{' '}
        {avg.seeds} streams it reads back at <span data-claim="recall-textbook">{fixed(avg.small.textbook)}</span>{' '}
        after {avg.small.n} pairs, worse than the delta rule&rsquo;s {fixed(avg.small.delta)}, and on this stream
        it drifts toward the line of answering zero ({fixed(late.textbook)} at {late.n} pairs). Trained models do not
        stay there: their attention logits grow large in training, large enough to destabilise it (
        <Cite href={m.sharpLogits[0]!.url}>{m.sharpLogits[0]!.authors}</Cite>), and Kimi&rsquo;s own optimizer clips
        them (<Cite href={m.sharpLogits[1]!.url}>QK-Clip, in the Kimi K2 report</Cite>). That is why the figure opens
        at <var>s</var>&nbsp;=&nbsp;{r.defaults.s}; its slider runs from the textbook scale to{' '}
        {r.maxS}.
      </p>
      <FigureFrame
        id="recall"
        minHeight={1180}
        caption={
          <>
            Top: read error against pairs written for one fixed {r.stateNumbers}-number state (pick the rule),
            attention over the whole cache and attention over a window of the last {countWord(r.windowPairs)} pairs,
            with the bars showing how many numbers each keeps. Below: what Kimi K3&rsquo;s layers hold per sequence as
            the context grows, beside the same stack with every layer MLA and GPT-2 small&rsquo;s whole <Term id="kv-cache">KV cache</Term>.
            Every setting is in the page address.
          </>
        }
      >
        <Island
          name="recall"
          props={{
            defaults: r.defaults,
            stream: { kind: r.stream, seed: r.seed },
            gates: r.gates,
            k3: { shape: m.shape, crossover: m.crossover, gpt2: { context: m.gpt2.context, bytes: m.gpt2.bytes }, latentOnly: m.latentOnly },
          }}
        />
      </FigureFrame>
      <p id="takeaways-k3-memory">
        At {largeName}&rsquo;s size the price is concrete. Each of its {m.shape.attentionLayers} <Term id="mla">MLA</Term> layers caches{' '}
        {m.shape.cacheValuesPerToken} values per token, {bytes(m.cachePerToken)} a token for all of them, so at{' '}
        {integer(m.atContext.context)} tokens the cache holds{' '}
        <span data-claim="k3-cache">{bytes(m.atContext.cache)}</span> per sequence. Each of its{' '}
        {m.shape.linearLayers} <Term id="kda">Kimi Delta Attention</Term> layers keeps {m.shape.heads} heads of {m.shape.headDim}&times;
        {m.shape.headDim} state, {bytes(m.statePerLayer)} at {m.shape.stateBytesPerValue} bytes a value
        <NoteMark notes={n} id="precision" />, plus a small
        convolution state: <span data-claim="k3-state">{bytes(m.atContext.state)}</span> in all, at any length. The
        cache outgrows the states after about <span data-claim="k3-crossover">{integer(m.crossover)}</span> tokens;
        at the full context the <Term id="hybrid">hybrid</Term> holds <span data-claim="k3-total">{bytes(m.atContext.total)}</span>, against{' '}
        <span data-claim="k3-all">{bytes(m.atContext.allAttention)}</span> if all {k3.layers} layers were MLA: at that
        length the hybrid needs <span data-claim="k3-share">{percent(m.atContext.total / m.atContext.allAttention, 0)}</span> of
        the memory, which is what keeping only {k3.fullAttentionLayers} attention layers buys.
      </p>
      <p className="sources">
        Sources: K3&rsquo;s head counts and widths from <Cite href={m.sources.kdaHeads}>a copy of its config</Cite>, its
        state precision from an <Cite href={m.sources.stateBytesPerValue}>engine&rsquo;s notes</Cite>; the convolution state&rsquo;s
        size from <Cite href={m.sources.convBytesPerValue}>llama.cpp</Cite>; the MLA cache per token from{' '}
        <Cite href={m.sources.cacheBytesPerValue}>DeepSeek-V2</Cite> and, for the unrotated dimensions,{' '}
        <Cite href={m.sources.mlaRotary}>the Kimi Linear documentation</Cite>. Logical sizes: serving engines page
        and pad.
      </p>
    </Section>
  );
}
