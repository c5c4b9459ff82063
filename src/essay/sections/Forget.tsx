/** The heart of the essay: the same writes under four eviction policies. */
import { Equation } from '../Equation';
import { Section, FigureFrame } from '../Section';

export function Forget() {
  return (
    <Section id="forget" kicker="this is the whole argument">
      <p>
        Take one memory of fixed size, an 8&times;8 matrix <var className="tok-s">S</var>, and one deterministic
        stream of key&ndash;value pairs. Write the stream into four copies of the memory, each with a different rule,
        and read every pair back with its own key.
      </p>
      <ul className="rules">
        <li>
          <strong>Additive</strong> (linear attention) adds each association on top of everything already there.
        </li>
        <li>
          <strong>Delta</strong> first reads what the memory returns for the key, then writes only the difference.
        </li>
        <li>
          <strong>Gated delta</strong> fades the whole memory by <var className="tok-alpha">&alpha;</var>, then makes
          the delta write.
        </li>
        <li>
          <strong>Per-channel gated</strong> fades each key channel (each row of the memory) at its own rate, then
          makes the delta write.
        </li>
      </ul>
      <p>
        While the stream is shorter than the memory is wide, all four recall almost perfectly: eight channels hold
        eight associations without crowding. Push the stream past that point and the rules come apart, because now
        they must decide what to lose.
      </p>
      <Equation id="readError" label="Read error: the mean relative distance between each read and its value" />
      <p>
        The read error is the distance between what a key reads back, <var className="tok-k">k</var>
        <var className="tok-s">S</var>, and the value it should return, relative to the value&rsquo;s length, averaged
        over every pair written so far. An error of 1.00 means the read is exactly as wrong as answering zero. The
        additive rule goes past that line: instead of returning nothing it returns something confident and wrong, the
        sum of every other value that shares a direction with the key.
      </p>
      <p>
        Measure the same memories with cosine similarity instead and the additive rule looks like the winner. Cosine
        only compares directions, and a memory that never forgets keeps some of every direction present while burying
        the magnitudes under interference. A metric that ignores length rewards the rule that hoards, which is
        exactly backwards; that is why the figure defaults to the error against 1.00 and lets you switch to cosine to
        see the trap.
      </p>
      <FigureFrame
        id="forget"
        minHeight={560}
        caption={
          <>
            Four 8&times;8 memories written by the same stream, one rule each: gold cells are positive weights, blue
            negative, on one shared scale. Below them, read error against the number of pairs written, one line per
            rule, with the dashed line at 1.00 marking &ldquo;as wrong as answering zero&rdquo;.
          </>
        }
      />
      <p className="aside">
        Eight dimensions are a toy, not a simulation of a real model, where a head has a 128&times;128 state. The
        failure it shows is the real one: any memory of fixed size that keeps accepting writes has to choose what to
        forget, and a rule that does not choose forgets at random.
      </p>
    </Section>
  );
}
