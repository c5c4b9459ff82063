/**
 * What exact attention does with the state demo's random keys: the attention read beside the fixed
 * states (the recall figure), and behind its door the sharpness and the window; and, in the
 * memory fold of "what ships today", what the exact read costs at Kimi K3's size. Every number
 * comes from src/content/recall.ts and src/content/k3Memory.ts.
 */
import { k3MemoryFacts } from '../../content/k3Memory';
import { K3_MEMORY_DEFAULTS } from '../../content/defaults';
import { recallFacts } from '../../content/recall';
import { takeawaysFacts } from '../../content/scale';
import { bytes, countWord, fixed, integer, percent } from '../../format';
import { Fold } from '../../viz/Fold';
import { RULE_NAMES, recallLookFor } from '../../widgets/Recall/describe';
import { Term } from '../Cards';
import { Island } from '../Island';
import { Cite, FigureFrame } from '../Section';

export function AttentionRead() {
  const r = recallFacts();
  const { view, late, averages: avg } = r;
  return (
    <>
      <h3 id="forget-attention">What exact attention does with random keys</h3>
      <p>
        Attention keeps every pair it is given and weighs each stored value by how well its key matches the query. With
        sharp logits the whole cache reads back almost exactly:{' '}
        <span data-claim="recall-cache">{fixed(view.cache)}</span> at {view.n} pairs, where the fixed states blur.
      </p>
      <FigureFrame
        id="recall"
        minHeight={640}
        lookFor={recallLookFor({ pairs: late.n, rule: r.defaults.rule, cache: late.cache, state: late.state[r.defaults.rule], window: late.window })}
        caption={
          <>
            Read error against pairs written for one fixed state, attention over the whole cache, and attention over a window
            of the last {countWord(r.windowPairs)} pairs; bars count the numbers each keeps. What it costs at Kimi K3&rsquo;s size:{' '}
            <a href="#k3Memory-figure">its memory per sequence</a>.
          </>
        }
      >
        <Island
          name="recall"
          props={{
            defaults: r.defaults,
            stream: { kind: r.stream, seed: r.seed },
            gates: r.gates,
          }}
        />
      </FigureFrame>
      <p>
        The advantage is bought with memory: the cache grows with every pair, the state never does. Give attention only
        the state&rsquo;s budget, a window over the latest pairs, and it evicts by age. Averaged over many streams of{' '}
        {avg.windowed.n} pairs, the window reads back at <span data-claim="recall-window">{fixed(avg.windowed.window)}</span>, no
        better than the delta rule. Exact recall is what a fixed memory gives up.
      </p>
    </>
  );
}

/** Behind the door: the attention read number by number. */
export function AttentionDeeper() {
  const r = recallFacts();
  const m = k3MemoryFacts();
  const { late, averages: avg } = r;
  const best = RULE_NAMES[r.bestLate].toLowerCase();
  return (
    <Fold id="forget-attention-deeper" className="deeper" summary="Go deeper: attention’s sharpness and window">
      <p>
        The figure runs on the state demo&rsquo;s random-key stream (seed {r.seed}). A read weighs each stored
        value by a softmax of <var>s</var> times how well its key matches the query, where <var>s</var> is the
        sharpness. At <var>s</var>&nbsp;=&nbsp;{r.defaults.s} the cache reads back at{' '}
        <span data-claim="recall-cache-late">{fixed(late.cache)}</span> at {late.n}, where the best of the four fixed
        states, {best}, reads back at {fixed(late.state[r.bestLate])}. Averaged over {avg.seeds} streams, its error
        is at most <span data-claim="recall-cache-worst">{(Math.ceil(avg.sharpCacheWorst * 1000) / 1000).toFixed(3)}</span> on the way to{' '}
        {r.pairs} pairs.
      </p>
      <p>
        After {late.n} pairs the cache holds {integer(late.numbers.cache)} numbers; the state holds {r.stateNumbers}{' '}
        at any length. A window over the last {countWord(r.windowPairs)} pairs holds as many as the state: it reads
        those almost exactly and returns junk for everything older. Averaged over{' '}
        {avg.seeds} streams at {avg.windowed.n} pairs, the window reads back at{' '}
        {fixed(avg.windowed.window)} and the delta rule at{' '}
        {fixed(avg.windowed.delta)}: no better.
      </p>
      <p id="forget-attention-sharpness">
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
    </Fold>
  );
}

/**
 * What the exact read costs at Kimi K3's size, in the memory fold of "what ships today": its
 * memory per sequence, layer kind by layer kind, as its context grows.
 */
export function K3Memory() {
  const { largeName, k3 } = takeawaysFacts();
  const m = k3MemoryFacts();
  return (
    <>
      <h3 id="shipping-k3">What exact attention costs at Kimi K3&rsquo;s size</h3>
      <FigureFrame
        id="k3Memory"
        minHeight={0}
        lookFor={
          <>
            Drag the context: the MLA caches grow with it, the KDA states stay put, and the caches pass them after about{' '}
            {integer(m.crossover)} tokens.
          </>
        }
        caption={
          <>
            Kimi K3&rsquo;s memory per sequence by layer kind, beside the same stack all MLA and GPT-2 small&rsquo;s whole{' '}
            <Term id="kv-cache">KV cache</Term>, on one scale.
          </>
        }
      >
        <Island
          name="k3Memory"
          props={{
            k3: { shape: m.shape, gpt2: { context: m.gpt2.context, bytes: m.gpt2.bytes }, latentOnly: m.latentOnly },
            defaults: K3_MEMORY_DEFAULTS,
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
        <a className="note-mark" href="#takeaways-note-precision">(precision)</a>, plus a small
        convolution state: <span data-claim="k3-state">{bytes(m.atContext.state)}</span> in all, at any length. The
        cache outgrows the states after about <span data-claim="k3-crossover">{integer(m.crossover)}</span> tokens;
        at the full context the <Term id="hybrid">hybrid</Term> holds <span data-claim="k3-total">{bytes(m.atContext.total)}</span>, against{' '}
        <span data-claim="k3-all">{bytes(m.atContext.allAttention)}</span> if all {k3.layers} layers were MLA: at that
        length the hybrid needs <span data-claim="k3-memory-share">{percent(m.atContext.total / m.atContext.allAttention, 0)}</span> of
        the memory, which is what keeping only {k3.fullAttentionLayers} attention layers buys.
      </p>
      <p className="aside" id="takeaways-note-precision">
        {m.shape.stateBytesPerValue} bytes a value is float32, the precision the flash-linear-attention kernels keep the recurrent state in
        (FlashKDA keeps its on-chip state in bf16). An engine that keeps it in bf16 halves the recurrent state; the convolution state is
        counted at {m.shape.convBytesPerValue} bytes a value, and the cache at {m.shape.cacheBytesPerValue}, either way.
      </p>
      <p className="sources">
        Sources: K3&rsquo;s head counts and widths from <Cite href={m.sources.kdaHeads}>a copy of its config</Cite>, its
        state precision from an <Cite href={m.sources.stateBytesPerValue}>engine&rsquo;s notes</Cite>; the convolution state&rsquo;s
        size from <Cite href={m.sources.convBytesPerValue}>llama.cpp</Cite>; the MLA cache per token from{' '}
        <Cite href={m.sources.cacheBytesPerValue}>DeepSeek-V2</Cite> and, for the unrotated dimensions,{' '}
        <Cite href={m.sources.mlaRotary}>the Kimi Linear documentation</Cite>. Logical sizes: serving engines page
        and pad.
      </p>
    </>
  );
}
