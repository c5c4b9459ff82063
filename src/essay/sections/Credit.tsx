/** Credit: the worklog this page follows, and where the page departs from it. */
import { correctionsFrom } from '../../content/corrections';
import { countWord } from '../../format';
import { Section, Cite } from '../Section';

export const WORKLOG_URL = 'https://www.baseten.co/blog/22580-gpt-2-to-kimi-k3-explained/';

export function Credit() {
  const fixes = correctionsFrom(WORKLOG_URL);
  return (
    <Section id="credit">
      <p>
        The lineage and most of the technical detail here follow Ali Taha&rsquo;s worklog{' '}
        <Cite href={WORKLOG_URL}>&ldquo;22,580: GPT-2 to Kimi K3, explained&rdquo;</Cite> (Baseten, 30 July 2026),
        the best single account of this progression and this page&rsquo;s main source. Where the worklog and the
        papers, model cards and configs behind it disagree, or where it leaves something out, the page follows those sources: in{' '}
        <span data-claim="credit-corrections">{countWord(fixes.length)}</span> places, listed{' '}
        <a href="#corrections">above</a> ({fixes.map((c) => c.usual.text).join('; ')}). The worklog ends on nearly
        the same thesis as this page: a memory of fixed capacity needs an eviction policy, and learned selection
        (gates, routing, decay) is how a model gets one.
      </p>
      <p>
        The framing as eviction policies grows out of the worklog&rsquo;s own conclusion, and so does the phrase &ldquo;the selective read&rdquo;. The explanations and the
        figures are this page&rsquo;s, and so are any errors in them. For the code and the full derivations, read the
        original.
      </p>
    </Section>
  );
}
