/**
 * The lab, after the state demo: the same rules at the sizes real heads use, beside the
 * least-squares bound and attention, both metrics. Every number in the prose comes from
 * src/content/lab.ts.
 */
import { LAB_DEFAULTS } from '../../content/defaults';
import { LAB_RANGE_TEXT, LAB_SIZE_LIST, LAB_STREAM_TEXT, LAB_STREAMS_TEXT, LAB_THEORY_TEXT, labFigureProps, labSentences, labTable } from '../../content/lab';
import { memoryData } from '../../content/k3Memory';
import { Refs } from '../Cards';
import { Island } from '../Island';
import { FigureFrame } from '../Section';

export function ForgetLab() {
  const say = labSentences();
  const head = memoryData.k3.kdaHeadDim.value;
  const sizes = LAB_SIZE_LIST;
  return (
    <>
      <h3 id="forget-lab">The same rules at the sizes real heads use</h3>
      <p>
        Eight dimensions is a toy, and a reader has every right to ask whether its lessons survive the move to a real
        head. One Kimi K3 KDA head keeps a <span data-claim="lab-head">{head}&times;{head}</span> state. The lab below
        writes the same four rules, and Gated DeltaNet-2, into states of d = {sizes[0]} to {sizes.at(-1)} channels, up to n = {LAB_RANGE_TEXT} pairs, and sets
        two references beside them: the least-squares state, the least squared error any fixed d&times;d memory can leave on the pairs
        it was given, and an attention read over the whole cache and over a window of d/2 pairs, which holds as many
        numbers as the state. Each point is a mean over many streams, <span data-claim="lab-streams">{LAB_STREAMS_TEXT}</span>, every fact read back with its own key at every checkpoint.
      </p>
      <p>
        Gated DeltaNet-2, <a href="#after-kda">a rule that came after KDA</a>, keeps the per-channel decay and splits β in two: b, how much of
        what the key reads is erased, and w, how much of the new value is written. With one b on every channel, w would only scale the memory:
        the state would be the per-channel rule&rsquo;s at β = b, times w/b, with the same accuracy.{' '}
        <span data-claim="lab-gdn2-gates">
          So the lab erases along the fast half of the key channels only, at b = {LAB_DEFAULTS.erase}, not at all along the slow half, and
          writes with w = {LAB_DEFAULTS.write} on every value channel.
        </span>{' '}
        <span data-claim="lab-gdn2">{say.gdn2}</span> Gates learned per token are what the <a href="train.html">recall trainer</a> learns.
      </p>
      <p>
        It scores every memory two ways. The <em>read error</em> is the essay&rsquo;s: the distance between what a key
        reads back and its value, relative to the value, where 1.00 is as wrong as answering zero. The{' '}
        <em>nearest-value accuracy</em> is what recall benchmarks count: the share of reads that lie closer to their own
        value than to any other value stored. The keys come four ways: {LAB_STREAM_TEXT}
      </p>
      <FigureFrame
        id="lab"
        minHeight={720}
        caption={
          <>
            Mean read error (left) and nearest-value accuracy (right) against the pairs written, n, up to {LAB_RANGE_TEXT}, one line
            per memory; the dotted lines are the analytic curves for random keys, {LAB_THEORY_TEXT}; the dashed mark at n = d is where
            the state could hold every pair exactly. The picture at first is the build&rsquo;s own run of the same code the
            figure runs; every setting is in the page address.
          </>
        }
      >
        <Island name="lab" props={labFigureProps()} />
      </FigureFrame>
      <div className="lab-table-region" role="region" aria-labelledby="lab-sizes-caption" tabIndex={0}>
        <table className="lab-table">
          <caption id="lab-sizes-caption">
            The build&rsquo;s runs by head width: where the delta rule&rsquo;s mean read error crosses 0.5; the loads at which
            additive writes lead it by nearest-value accuracy; pairs read back nearest their own value at n = {LAB_RANGE_TEXT}.
          </caption>
          <thead>
            <tr>
              <th scope="col">d</th>
              <th scope="col">Delta&rsquo;s half-error point</th>
              <th scope="col">Additive leads</th>
              <th scope="col">Gated delta, &alpha; = {LAB_DEFAULTS.alpha}</th>
              <th scope="col">Delta</th>
            </tr>
          </thead>
          <tbody>
            {labTable().map((r) => (
              <tr key={r.d} data-claim={`lab-size-${r.d}`}>
                <th scope="row">{r.d}</th>
                <td>n = {r.knee}</td>
                <td>{r.lead}</td>
                <td>{r.gated}</td>
                <td>{r.plain}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <span data-claim="lab-knee">{say.knee}</span> <span data-claim="lab-winner">{say.winner}</span> This is the
        essay&rsquo;s cosine lesson again, at scale: a metric that forgives length forgives hoarding, which is why the
        essay argues from the read error and shows the other metric beside it.
      </p>
      <p>
        <span data-claim="lab-gate">{say.gate}</span> <span data-claim="lab-attention">{say.attention}</span>
      </p>
      <p className="aside">
        The keys here are random geometry, not a trained model. A trained model learns keys that suit its memory, and
        recurrent models learn recall at all only within a narrow band of learning rates <Refs ids={['okpekpe2025']} />.
        What carries over is the shape: a fixed state stops holding everything near n = d, whatever d is, and the metric
        decides which rule looks like the winner.
      </p>
    </>
  );
}
