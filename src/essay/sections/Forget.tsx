/** The heart of the essay: the same writes under four eviction policies. */
import { forgetFacts } from '../../content/forget';
import { countWord, fixed as f2, span } from '../../format';
import { Equation } from '../Equation';
import { Island } from '../Island';
import { Section, FigureFrame } from '../Section';
import { ForgetLab } from './ForgetLab';
import { AttentionDeeper, AttentionRead } from './AttentionRead';
import { Fold } from '../../viz/Fold';
import { figureEquation } from '../typeset';
import { Lit, NoteMark, notes, Term } from '../Cards';

/** The section's footnotes: asides the argument does not need, at the section's end. */
const NOTES = notes('forget', [
  {
    id: 'orthogonal',
    text: (
      <>
        Two keys are orthogonal when their dot product is zero: a read with one returns nothing written with the other. In{' '}
        {'d'} dimensions at most {'d'} keys can be pairwise orthogonal, which is why a state&rsquo;s width bounds what it can hold exactly.
      </>
    ),
  },
]);

export function Forget() {
  const f = forgetFacts();
  const { defaults, view, late, lateDeltaRange, lifetimes, seeds, crossing, deltaCrossing } = f;
  const { width, layout, orthogonal, orthogonalPast, atWidth, meanAtWidth } = f;
  const { error, cosine } = view;
  const groups = f.lifetimesGroups;

  return (
    <Section id="forget" notes={NOTES} kicker="the whole argument">
      <p>
        Take one memory of fixed size, a {width}&times;{width} matrix{' '}
        <Lit figure="forget" highlight="sym-S">
          <var className="tok-s">S</var>
        </Lit>
        , and one deterministic stream of key&ndash;value pairs,{' '}
        <Term id="k-v" highlight="sym-k">
          <var className="tok-k">k</var>
        </Term>{' '}
        and{' '}
        <Lit figure="forget" highlight="sym-v">
          <var className="tok-v">v</var>
        </Lit>
        . Write the stream into four copies of the memory, each with a different rule,
        and read every pair back with its own key.
      </p>
      <ul className="rules">
        <li>
          <strong>
            <Lit figure="forget" highlight="rule-additive">
              Additive
            </Lit>
          </strong>{' '}
          (linear attention) adds each association on top of everything already there.
        </li>
        <li>
          <strong>
            <Term id="delta-rule" highlight="rule-delta">
              Delta
            </Term>
          </strong>{' '}
          first reads what the memory returns for the key, then writes only the difference, scaled by a write strength{' '}
          <Term id="beta" highlight="sym-beta">
            <var className="tok-beta">&beta;</var>
          </Term>
          .
        </li>
        <li>
          <strong>
            <Lit figure="forget" highlight="rule-gatedDelta">
              Gated delta
            </Lit>
          </strong>{' '}
          fades the whole memory by{' '}
          <Term id="alpha" highlight="sym-alpha">
            <var className="tok-alpha">&alpha;</var>
          </Term>
          , then makes
          the delta write.
        </li>
        <li>
          <strong>
            <Lit figure="forget" highlight="rule-perChannelGated">
              Per-channel gated
            </Lit>
          </strong>{' '}
          fades each key channel (each row of the memory) at its own rate, then
          makes the delta write.
        </li>
      </ul>
      <p>
        How many pairs can {countWord(width)} channels hold? Exactly {countWord(width)}, and only when the keys are
        orthogonal.
        <NoteMark notes={NOTES} id="orthogonal" /> Push the stream further and the rules come apart, because now they
        must decide what to lose.
      </p>
      <Equation id="readError" label="Read error: the mean relative distance between each read and its value" />
      <p>
        The read error is the distance between what a key reads back,{' '}
<var className="tok-k">k</var>
        <var className="tok-s">S</var>, and the value it should return, relative to the value&rsquo;s length, averaged
        over every pair written so far. An error of 1.00 means the read is exactly as wrong as answering zero. The
        additive rule goes past that line: instead of returning nothing it returns something confident and wrong, the
        sum of every other value whose key shares a direction with this one.
      </p>
      <FigureFrame
        id="forget"
        minHeight={880}
        lookFor={
          <>
            Drag to {late.n} pairs: additive climbs past 1.00 to {f2(late.error.additive)} and keeps climbing; the delta rules
            level off between {f2(lateDeltaRange[0])} and {f2(lateDeltaRange[1])}.
          </>
        }
        caption={
          <>
            Four {width}&times;{width} memories written by one stream, one rule each: gold cells positive, blue negative. Below,
            read error against pairs written; the dashed line at 1.00 is &ldquo;as wrong as answering zero&rdquo;. A link
            shares this exact picture.
          </>
        }
      >
        <Island
          name="forget"
          props={{
            equations: {
              additive: figureEquation('forget', 'ruleAdditive', false),
              delta: figureEquation('forget', 'ruleDelta', false),
              gatedDelta: figureEquation('forget', 'ruleGatedDelta', false),
              perChannelGated: figureEquation('forget', 'rulePerChannelGated', false),
            },
            defaults,
          }}
        />
      </FigureFrame>
      <p>
        Already at the opening view, the additive memory reads back worse than silence, at <span data-claim="forget-additive">{f2(error.additive)}</span>; the delta rule holds at{' '}
        <span data-claim="forget-delta">{f2(error.delta)}</span>. Each delta write replaces instead of piling up, so
        its error stays bounded as the stream grows. Only the gated rules let old pairs fade toward silence instead of
        reading back junk.
      </p>
      <h3>The metric that gets it backwards</h3>
      <p>
        Measure the same memories with cosine similarity and the additive rule looks like the winner: at {view.n}{' '}
        pairs it scores <span data-claim="forget-cosine-additive">{f2(cosine.additive)}</span> against{' '}
        {f2(cosine.delta)} for delta. Cosine compares only directions. A memory that never forgets keeps a little of
        every direction, so each read still points partly the right way, however much junk has been added to it.
        Plain delta overwrites old pairs and the gated rules fade them toward zero, and cosine scores both as misses. A metric that ignores length
        rewards the rule that hoards, exactly backwards. So the figure measures the error against 1.00, and keeps
        cosine one switch away to show the trap.
      </p>
      <Equation id="readCosine" label="Mean cosine similarity between each read and its value" />
      <AttentionRead />
      <Fold id="forget-readings" className="deeper" summary="Go deeper: every reading of the demo, stream by stream">
      <p id="forget-readings-capacity">
        How many pairs can {countWord(width)} channels hold? Exactly {countWord(width)}, and only when the keys are
        orthogonal. On the <em>orthogonal</em> stream each pair gets a key channel of its own, and after {width} pairs
        the additive and delta memories read every pair back exactly (error{' '}
        <span data-claim="forget-orthogonal-exact">{f2(Math.max(orthogonal.error.additive, orthogonal.error.delta))}</span>); the gated
        rules miss only by what their decay has already faded ({f2(orthogonal.error.gatedDelta)} and{' '}
        {f2(orthogonal.error.perChannelGated)}). Pair {orthogonalPast.n} has to reuse a channel, and from there on
        no rule reads every pair back exactly. Random keys are never quite orthogonal,
        so on the figure&rsquo;s own
        stream the rules crowd before the memory is full: at {atWidth.n} pairs (seed {atWidth.seed}) the additive
        memory reads back at <span data-claim="forget-width-additive">{f2(atWidth.error.additive)}</span> and the delta
        rule at <span data-claim="forget-width-delta">{f2(atWidth.error.delta)}</span>, and averaged over {seeds}{' '}
        streams at {f2(meanAtWidth.additive)} and {f2(meanAtWidth.delta)}. Push the stream further and the rules come
        apart, because now they must decide what to lose.
      </p>
      <p>
        The figure opens {view.n} pairs into the capacity stream (seed {view.seed}). At {late.n} pairs the additive error
        reaches <span data-claim="forget-additive-late">{f2(late.error.additive)}</span> and keeps climbing, while the
        delta rules level off between {f2(lateDeltaRange[0])} and {f2(lateDeltaRange[1])}: each write replaces
        instead of piling up, so the error stays bounded. What an old pair reads back still depends on the rule.
        Plain delta overwrites it, and the pair reads back junk about as long as a real value, an error that heads
        toward &radic;2, worse than answering zero (<span data-claim="forget-delta-late">{f2(late.error.delta)}</span>{' '}
        at {late.n} pairs on this stream). Only the gated rules let old pairs fade toward silence, which is why they
        end lower ({f2(late.error.gatedDelta)} and {f2(late.error.perChannelGated)}). Averaged over{' '}
        {seeds} streams, the additive error first reaches 1.00 at{' '}
        <span data-claim="forget-crossing">{crossing}</span> pairs and the delta rule&rsquo;s at {deltaCrossing}.
      </p>
      <p>
        On this stream the decays buy little, and per-channel decay can even cost a little
        ({f2(error.perChannelGated)} against {f2(error.delta)} here): every key touches every channel, so halving
        channels {span(layout.fastChannels)} only throws information away. Switch to the <em>lifetimes</em> stream
        &mdash; {countWord(layout.slowFacts)} slow facts on channels {span(layout.slowChannels)}, then fast writes on
        channels {span(layout.fastChannels)} &mdash; and per-channel decay comes out ahead overall: at {lifetimes.n}{' '}
        pairs (seed {lifetimes.seed}) it reads back at{' '}
        <span data-claim="forget-lifetimes-pc">{f2(lifetimes.error.perChannelGated)}</span> against{' '}
        {f2(lifetimes.error.delta)} for plain delta and {f2(lifetimes.error.gatedDelta)} for a single decay. The
        figure&rsquo;s breakdown by group shows where that comes from. The slow facts read back at{' '}
        <span data-claim="forget-lifetimes-slow">{f2(groups.delta.slow)}</span> under plain delta and per-channel decay
        alike: the fast keys never touch rows {span(layout.slowChannels)}, and a delta write changes the memory only
        along the key it writes, so plain delta already keeps them. A single decay fades every row and loses them
        ({f2(groups.gatedDelta.slow)}). What per-channel decay adds is on the fast rows: the old, overwritten fast
        pairs fade toward silence instead of reading back junk (
        <span data-claim="forget-lifetimes-old">{f2(groups.perChannelGated.oldFast)}</span> against{' '}
        {f2(groups.delta.oldFast)}), while the latest {countWord(layout.recentFast)}, already fading, read back worse
        than under plain delta (<span data-claim="forget-lifetimes-recent">{f2(groups.perChannelGated.recentFast)}</span>{' '}
        against {f2(groups.delta.recentFast)}).
      </p>
      </Fold>
      <Fold id="forget-lab-fold" className="deeper" summary="Go deeper: the lab, the same rules at the sizes real heads use">
        <ForgetLab />
      </Fold>
      <AttentionDeeper />
    </Section>
  );
}
