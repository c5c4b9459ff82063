/** What a careful reader should not take on trust. */
import { Section, Cite } from '../Section';

export function Verify() {
  return (
    <Section id="verify">
      <p>
        The claim not to take on trust is that a hybrid beats full attention in a controlled comparison. The Kimi
        Linear report says it does, under matched training (
        <Cite href="https://arxiv.org/abs/2510.26692">arXiv 2510.26692</Cite>), and it may well be true. It is also
        exactly the kind of result that depends on what was measured: which tasks, which context lengths, how much
        training, how the baseline was tuned. The number is a property of the evaluation as much as of the
        architecture.
      </p>
      <ul>
        <li>
          Check a model&rsquo;s parameter counts against its own config rather than its headline; labs round, and
          &ldquo;total&rdquo; may or may not include a vision encoder.
        </li>
        <li>
          Check the toy on this page against its code: the update rules, the seed and the statistics are tested, and
          the read error is defined above, not chosen after the fact.
        </li>
        <li>
          Check the chunk-size model against measurements on your own hardware; its assumptions are named next to
          the figure.
        </li>
      </ul>
    </Section>
  );
}
