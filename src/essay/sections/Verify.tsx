/** What a careful reader should not take on trust. */
import { forgetFacts } from '../../content/forget';
import { fixed } from '../../format';
import { Section, Cite } from '../Section';

export function Verify() {
  const { n, error, cosine } = forgetFacts().view;
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
        <li id="verify-metric">
          Check the toy on this page against its code: the update rules, the seed and the statistics are tested. The
          read error was not the first measure tried. The essay this page follows first scored the memories by
          cosine, which ranks the additive rule first ({fixed(cosine.additive)} against {fixed(cosine.delta)} for
          delta at {n} pairs of the figure&rsquo;s opening stream) while its reads are worse than silence (error {fixed(error.additive)} against{' '}
          {fixed(error.delta)}). The read error replaced it because cosine got the argument backwards, and the figure
          keeps cosine one switch away so you can see the trap for yourself.
        </li>
        <li>
          Check the chunk-size model against measurements on your own hardware; its assumptions are named next to
          the figure.
        </li>
      </ul>
    </Section>
  );
}
