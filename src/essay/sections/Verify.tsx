/** What a careful reader should not take on trust, and the evidence on the claim that matters most. */
import { comparisons, figureStudies } from '../../content/comparisons';
import { EVIDENCE_DEFAULTS } from '../../content/defaults';
import { COMPARISON_DOWNLOADS, evidenceSentences } from '../../content/evidence';
import { forgetFacts } from '../../content/forget';
import { fixed } from '../../format';
import { Fold } from '../../viz/Fold';
import { Island } from '../Island';
import { Studies } from './Studies';
import { Section, Cite, FigureFrame, SourceList } from '../Section';
import { correctionHref } from '../CorrectionMark';
import { trainSentences } from '../../content/mqarWords';
import { TRAIN_PAGE } from '../TrainBody';

export function Verify() {
  const { n, error, cosine } = forgetFacts().view;
  const say = evidenceSentences();
  const train = trainSentences();
  return (
    <Section id="verify">
      <p>
        The claim not to take on trust is that a hybrid beats full attention in a controlled comparison.{' '}
        <Cite href="https://arxiv.org/abs/2510.26692">The Kimi Linear report</Cite> says it does, under matched training, and it may well be true. It is also
        exactly the kind of result that depends on what was measured: which tasks, which context lengths, how much
        training, how the baseline was tuned. The number is a property of the evaluation as much as of the
        architecture. Two wins often quoted for hybrids change on a closer reading{' '}
        (<a className="correction-link" href={correctionHref('olmo-ruler')}>
          OLMo Hybrid&rsquo;s
        </a>
        , <a className="correction-link" href={correctionHref('minimax-baseline')}>
          MiniMax-01&rsquo;s
        </a>
        ). Who ran each result matters as much.{' '}
        <span data-claim="evidence-builders">{say.builders}</span>
      </p>
      {/* The frame holds no height for the figure: the page serves it drawn, and a filter that leaves
          few rows, or none, shrinks it rather than leaving a blank band below. */}
      <FigureFrame
        id="evidence"
        minHeight={0}
        lookFor={say.direction}
        caption={
          <>
            Each result of each study, hybrid against its baseline, relative to the baseline: right of the line the hybrid
            did better. Circles have global attention, squares a sliding window; filled marks are graded A; shaded rows were run by a rival lab. Data:{' '}
            <a href={COMPARISON_DOWNLOADS.json} download>
              comparisons.json
            </a>
            ,{' '}
            <a href={COMPARISON_DOWNLOADS.csv} download>
              comparisons.csv
            </a>
            .
          </>
        }
      >
        <Island name="evidence" props={{ studies: figureStudies(), defaults: EVIDENCE_DEFAULTS }} />
      </FigureFrame>
      <p id="verify-train">
        <span data-claim="train-result">{train.result}</span> <span data-claim="train-limits">{train.limits}</span>{' '}
        <a className="door-link" href={`./${TRAIN_PAGE}`}>
          Go deeper: train them yourself
        </a>
      </p>
      <Fold id="verify-deeper" className="deeper" summary="Go deeper: the evidence study by study">
      <p>
        <span data-claim="evidence-overview">{say.overview}</span>{' '}
        <span data-claim="evidence-direction">{say.direction}</span>{' '}
        <span data-claim="evidence-pooled">{say.pooled}</span>
      </p>
      <p>
        <span data-claim="evidence-attention">{say.attention}</span>{' '}
        <span data-claim="evidence-ratios">{say.ratios}</span> The other results depended on:
      </p>
      <ul className="evidence-depends">
        {comparisons.dependsOn.map((d) => (
          <li key={d.text}>
            {d.text.replace(/\.$/, '')} (<SourceList urls={d.sources} />).
          </li>
        ))}
      </ul>
      <p>Where the hybrid lost, by any margin:</p>
      <ul className="evidence-losses" data-claim="evidence-losses">
        {say.losses.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      <h3 id="verify-studies">The studies</h3>
      <Fold id="verify-studies-list" summary={`All ${say.studies}: who ran each, at what scale, its layout, baseline, control grade and caveats`}>
        <Studies studies={comparisons.studies} />
      </Fold>
      <ul className="verify-checks">
        <li>
          Check the hybrid claim against the studies, not one report: the <a href="#evidence-figure">figure above</a>{' '}
          and <a href="#verify-studies-list">the list of studies</a> give every number with its table and source.
        </li>
        <li>
          Check a model&rsquo;s parameter counts against its own config rather than its headline; labs round, and
          &ldquo;total&rdquo; may or may not include a vision encoder. <a href="#shipping">The table</a> links every
          count to its source.
        </li>
        <li id="verify-metric">
          Check the toy on this page against its code: the update rules, the seed and the statistics are tested. The
          read error was not the first measure tried on this toy: cosine was, and it ranks the additive rule first ({fixed(cosine.additive)} against {fixed(cosine.delta)} for
          delta at {n} pairs of the figure&rsquo;s random-key stream) while its reads are worse than silence (error {fixed(error.additive)} against{' '}
          {fixed(error.delta)}). The read error replaced it because cosine forgives a read&rsquo;s length, and the figure
          keeps cosine one switch away so you can see what each rewards: <a href="#forget-figure">the state demo</a>.
        </li>
        <li>
          Check the chunk-size model against measurements on your own hardware; its{' '}
          <a href="#chunking-assumptions">assumptions</a> are named next to the figure, and it is{' '}
          <a href="#chunking-check">checked against published timings</a>.
        </li>
      </ul>
      </Fold>
    </Section>
  );
}
