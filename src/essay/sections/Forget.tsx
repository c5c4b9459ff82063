/** The heart of the essay: the same writes under four eviction policies. */
import { forgetFacts } from '../../content/forget';
import { capitalise, countWord, fixed as f2, span } from '../../format';
import { labAtScale } from '../../content/lab';
import { STREAM_GATES } from '../../content/defaults';
import { defaultText } from '../../widgets/Forget/text';
import { Equation } from '../Equation';
import { Island } from '../Island';
import { Section, FigureFrame } from '../Section';
import { ForgetLab } from './ForgetLab';
import { AttentionDeeper, AttentionRead } from './AttentionRead';
import { Fold } from '../../viz/Fold';
import { trainedDeltaAhead } from '../../content/mqarWords';
import { gateTableSentences } from '../../content/mqarGates';
import { figureEquation } from '../typeset';
import { Lit, NoteMark, notes, Term } from '../Cards';

/** The section's footnotes: asides the argument does not need, at the section's end. */
const NOTES = notes('forget', [
  {
    id: 'orthogonal',
    text: (
      <>
        The bound is rank: a {'d'}&times;{'d'} map can meet at most {'d'} independent demands k<sub>i</sub>S = v<sub>i</sub>, so any {'d'}{' '}
        linearly independent keys fit and no more do. Written one at a time, the additive and delta rules reach that only when the
        keys are orthonormal: of unit length, and orthogonal, so that a read with one key returns nothing written with another.
      </>
    ),
  },
]);

/** A phase group's number, as the prose states it. */
const g2 = (x: number | null) => (x === null ? '–' : f2(x));

export function Forget() {
  const f = forgetFacts();
  const { defaults, view, late, lateDeltaRange, lifetimes, seeds, crossing, deltaCrossing, phases } = f;
  const { width, layout, orthogonal, orthogonalPast, atWidth, meanAtWidth } = f;
  const { error } = view;
  const groups = f.lifetimesGroups;
  const { open } = phases;
  const scale = labAtScale();
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const openFrame = defaultText(defaults);
  const trainedGates = gateTableSentences().essay;

  return (
    <Section id="forget" notes={NOTES} kicker="the whole argument">
      <p>
        Take one memory of fixed size, an {width}&times;{width} matrix{' '}
        <Lit figure="forget" highlight="sym-S">
          <var className="tok-s">S</var>
        </Lit>
        , and one stream of key&ndash;value pairs,{' '}
        <Term id="k-v" highlight="sym-k">
          <var className="tok-k">k</var>
        </Term>{' '}
        and{' '}
        <Lit figure="forget" highlight="sym-v">
          <var className="tok-v">v</var>
        </Lit>
        . Write the stream into four copies of the memory, each with a different rule, and read every pair back with its own key.
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
          fades the whole memory by a gate{' '}
          <Term id="alpha" highlight="sym-alpha">
            <var className="tok-alpha">&alpha;</var>
          </Term>
          , then makes the delta write.
        </li>
        <li>
          <strong>
            <Lit figure="forget" highlight="rule-perChannelGated">
              Per-channel gated
            </Lit>
          </strong>{' '}
          fades each key channel (each row of the memory) by a gate of its own, then makes the delta write.
        </li>
      </ul>
      <p>
        The delta write is one step of online gradient descent on ½‖<var className="tok-k">k</var>
        <var className="tok-s">S</var> &minus; <var className="tok-v">v</var>‖², with step size <var className="tok-beta">&beta;</var>: it shrinks
        the miss the figure plots for the pair it writes, to nothing when <var className="tok-beta">&beta;</var> is one.
      </p>
      <p>
        How many pairs can {countWord(width)} channels hold exactly? At most {countWord(width)}. Written one at a time, the additive and delta
        rules store {countWord(width)} exactly only when the keys are orthonormal
        <NoteMark notes={NOTES} id="orthogonal" />; a memory solved for all {countWord(width)} at once could hold any {countWord(width)} independent
        keys. Push the stream further and the rules come apart, because now they must decide what to
        lose.
      </p>
      <Equation id="readError" label="Read error: the mean relative distance between each read and what it should return" />
      <p>
        The read error is the distance between what a key reads back, <var className="tok-k">k</var>
        <var className="tok-s">S</var>, and what it should return, relative to the value&rsquo;s length. Each kind of question the figure&rsquo;s stream asks
        weighs the same: a key written twice should return its latest value, and a key of an ended context nothing. An error of 1.00 is as wrong as answering zero. The additive rule can go past it: its read holds the right value plus every other
        value, weighted by how far their keys overlap, so it answers with something confident and wrong. The dashed line is an empty memory&rsquo;s score.
      </p>
      <p>
        The stream in the figure is built to show each policy at work. {capitalise(countWord(layout.slowFacts))} facts sit on rows{' '}
        {span(layout.slowChannels)}, one channel each. A context then writes more pairs than rows {span(layout.fastChannels)} can hold, and
        writes some of its keys again with new values. Then a new context begins. Gated DeltaNet computes its gate from each token, so the gate
        can close at such a change; here the gates fire there and nowhere else.
        {trainedGates ? (
          <>
            {' '}
            <span data-claim="forget-trained-gates">
              {trainedGates.before}
              <a href="train.html#train-gates">{trainedGates.link}</a>
              {trainedGates.after}
            </span>
          </>
        ) : null}
      </p>
      <FigureFrame id="forget" minHeight={880} lookFor={openFrame.lookFor} caption={openFrame.caption}>
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
            streamGates: STREAM_GATES,
          }}
        />
      </FigureFrame>
      <p>
        At the new context&rsquo;s first pair the gates show their trade, in the chart and in the table by group. The scalar gate
        quiets the old context but takes the facts with it: they now read back at{' '}
        <span data-claim="forget-open-facts">{g2(open.groups.gatedDelta.facts)}</span>, as wrong as answering zero. The per-channel gate
        clears the context rows alone and keeps the facts; here it is told which rows hold them, where a trained model must learn it. Additive
        reads even the pair just written through the old context&rsquo;s pile.
      </p>
      <p>
        Drag to the end and the gain shrinks while the cost stays: the new context writes the same rows, so old keys read its values even in a
        cleared memory; on rows it never writes, the loss is for good.
      </p>
      <p>
        On random keys every key touches every row, so no rows can be kept apart and the decays buy little. By nearest value, the count recall
        benchmarks make, untrained additive writes of random keys can come out ahead, at real sizes too. In the lab, with heads {scale.d} wide and twice as many pairs
        as channels, additive recalls <span data-claim="forget-lab-additive">{pct(scale.accuracy.additive)}</span> of its pairs, delta{' '}
        {pct(scale.accuracy.delta)}, and gated delta {pct(scale.accuracy.gatedDelta)}, under a decay set by hand to {f2(scale.alpha)} at every write, not learned.
        At <span data-claim="forget-lab-slow-decay">{f2(scale.slow.alpha)}</span>, where the recall trainer&rsquo;s gates start, gated delta recalls {pct(scale.slow.gatedDelta)}.
        {trainedDeltaAhead() ? (
          <>
            {' '}
            <span data-claim="forget-trained-delta">
              Trained on recall at twice as many pairs as channels, the delta rule comes out ahead of additive writes instead, as{' '}
              <a href="./train.html">the trainer&rsquo;s grid</a> shows.
            </span>
          </>
        ) : null}
      </p>
      <h3>What each metric rewards</h3>
      <p>
        Read error counts a read&rsquo;s length as well as its direction, which a later layer sees. Cosine similarity forgives the length, and so does nearest-value
        accuracy, the share of reads that lie closer to their own value than to any other. On random keys, at twice as many pairs as
        channels, both rank additive first and read error ranks it last, on average over many streams. Additive keeps the right value in
        full under its crosstalk; delta has partly overwritten old pairs. Gated DeltaNet and Kimi Delta Attention normalise each read before
        using it, which forgives length as cosine does. The figure plots read error and keeps cosine one switch away.
      </p>
      <Equation id="readCosine" label="Mean cosine similarity between each read and its value" />
      <AttentionRead />
      <Fold id="forget-readings" className="deeper" summary="Go deeper: every reading of the demo, stream by stream">
      <p id="forget-readings-capacity">
        On the <em>orthogonal</em> stream each pair gets a key channel of its own, and after {width} pairs
        the additive and delta memories read every pair back exactly (error{' '}
        <span data-claim="forget-orthogonal-exact">{f2(Math.max(orthogonal.error.additive, orthogonal.error.delta))}</span>); the gated
        rules miss only by what their decay has already faded ({f2(orthogonal.error.gatedDelta)} and{' '}
        {f2(orthogonal.error.perChannelGated)}). Pair {orthogonalPast.n} has to reuse a channel, and from there on
        no rule reads every pair back exactly. Random keys are never quite orthogonal,
        so on the random-key
        stream the rules crowd before the memory is full: at {atWidth.n} pairs (seed {atWidth.seed}) the additive
        memory reads back at <span data-claim="forget-width-additive">{f2(atWidth.error.additive)}</span> and the delta
        rule at <span data-claim="forget-width-delta">{f2(atWidth.error.delta)}</span>, and averaged over {seeds}{' '}
        streams at {f2(meanAtWidth.additive)} and {f2(meanAtWidth.delta)}. Push the stream further and the rules come
        apart, because now they must decide what to lose.
      </p>
      <p>
        Take the random-key stream {view.n} pairs in (seed {view.seed}, the gates firing at every write: &alpha; = {f2(f.random.alpha)}, the
        fast channels halved). At {late.n} pairs the additive error
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
        On random keys the decays buy little, and per-channel decay can even cost a little
        ({f2(error.perChannelGated)} against {f2(error.delta)} at {view.n} pairs, seed {view.seed}): every key touches every channel, so halving
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
