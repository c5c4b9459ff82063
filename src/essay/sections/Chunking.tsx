/**
 * Chunked prefill: why the chunk size is set by hardware, not by counting operations. Every
 * number in the prose is computed here, at build time, from data/hardware.json and src/core.
 */
import { chunkingFacts, figureGpus, LONG_L, MANY_HEADS } from '../../content/chunking';
import { decimal, integer, listWords, microseconds, milliseconds, percent, signedPercent, significantDigits } from '../../format';
import { Equation } from '../Equation';
import { Island } from '../Island';
import { Cite, FigureFrame, Section } from '../Section';
import { Term } from '../Cards';
import { Fold } from '../../viz/Fold';
import { ChunkingMeasured } from './ChunkingMeasured';

const pct = (x: number) => percent(x, 0);

export function Chunking() {
  const f = chunkingFacts();
  const { check, defaults, gpu, assumptions: a } = f;
  const a100 = f.gpus.find((g) => g.id === 'a100')!;
  const overhead = milliseconds(check.overheadSeconds, 2);
  const shift = f.longShift < 0.001 ? 'less than 0.1%' : `at most ${significantDigits(f.longShift * 100)}%`;

  return (
    <Section id="chunking" kicker="FLOPs against hardware">
      <p>
        A side-step, and the one place in the chain where nothing is evicted. Chunking changes no policy: it is what
        made the delta rule trainable at scale. The rule is sequential by construction, since each write reads the state
        the previous one left. That is harmless when generating one token at a time. It is a problem when a long prompt
        must be read in at once (prefill), or when the model is trained.
      </p>
      <p>
        Chunking fixes it. Cut the sequence into chunks of{' '}
        <Term id="chunk-size" highlight="sym-C">
          <var>C</var>
        </Term>{' '}
        tokens. Inside a chunk, do what attention
        does: a masked, causal block of matrix products among the chunk&rsquo;s own tokens. Across chunks, fold each
        chunk&rsquo;s writes into the state and carry it forward. The result is exactly the same as writing one token
        at a time; only the order of the arithmetic changes.
      </p>
      <p>
        Counting operations says the chunk should be as small as possible: each token added to a chunk adds work. The
        hardware says the opposite. Tiny steps leave the tensor cores idle, and every sequential step pays a fixed
        latency. The best chunk sits where those costs meet.
      </p>
      <FigureFrame
        id="chunking"
        minHeight={1120}
        lookFor={
          <>
            The modelled time falls from {milliseconds(f.recurrentSeconds)} at <var>C</var>&nbsp;=&nbsp;1 to{' '}
            {microseconds(f.optimumSeconds)} near <var>C</var>&nbsp;&asymp;&nbsp;{integer(f.optimum.few.sum)}, then rises
            slowly: a U with a flat floor.
          </>
        }
        caption={
          <>
            Top: the first {f.diagramTokens} tokens cut into chunks of <var>C</var>; gold cells are computed inside a chunk,
            grey ones meet only through the carried state. Below, on log axes: total FLOPs, and modelled prefill time split
            into its three costs.
          </>
        }
      >
        <Island
          name="chunking"
          props={{
            gpus: figureGpus(f.gpus),
            defaults,
            tokens: f.diagramTokens,
          }}
        />
      </FigureFrame>
      <p>
        The bottom of the curve is wide and flat, which is why the title names a range rather than one size. In the
        model, the recurrent kernel, one token per step, is about{' '}
        <span data-claim="chunking-slowdown">{integer(f.slowdown)}</span> times slower than the best chunk on the
        same workload. <span data-claim="chunking-shipped">{f.shipped}</span>
      </p>
      <Fold id="chunking-model" className="deeper" summary="Go deeper: the cost model, its equations, GPUs, assumptions and validation">
      <Equation folded id="chunkFlops" label="Floating-point operations per token per head for chunk size C and head dimension d" />
      <Equation folded id="sequentialSteps" label="Sequential steps for sequence length L and chunk size C" />
      <p>
        Counting operations says the chunk should be as small as possible. The work per token grows with{' '}
        <var>C</var>, by about {f.flopsPerAddedToken}<var>d</var> operations for every token added to the chunk, and at <var>C</var>
        &nbsp;=&nbsp;1 the chunked form is the plain recurrence. At the chunk of {f.flaDefault} that the reference
        kernels use, a head of dimension {defaults.d} does {significantDigits(f.flopsRatioAtDefault)} times the
        arithmetic of the recurrence.
      </p>
      <p>
        Hardware says the opposite. A step that multiplies a vector by a matrix leaves the tensor cores idle; each of
        the <var>L</var>/<var>C</var> sequential steps pays a fixed latency no matter how little it computes; and
        every chunk boundary writes a <var>d</var>&nbsp;&times;&nbsp;<var>d</var> state out to memory and reads it
        back. Bigger chunks buy full matrix tiles and fewer steps with extra arithmetic. A cost model that charges
        for all three puts the best chunk size where the costs meet:
      </p>
      <Equation folded id="chunkBytes" label="Memory traffic per token per head for chunk size C and head dimension d" />
      <Equation folded id="chunkTime" label="Modelled prefill time: fixed overhead, parallel kernels, sequential state recurrence" />
      <Equation folded id="chunkTimeTerms" label="The three time terms: tensor-core work, memory traffic and the sequential steps" />
      <p>
        On an {gpu.name} with <var>d</var>&nbsp;=&nbsp;{defaults.d} and{' '}
        {integer(defaults.L)} tokens, the model&rsquo;s fastest chunk is <var>C</var>&nbsp;&asymp;&nbsp;
        {integer(f.optimum.few.sum)} to {integer(f.optimum.few.max)} for one sequence of {defaults.bh} heads (without
        and with overlap of compute and memory traffic) and {integer(f.optimum.many.sum)} to {integer(f.optimum.many.max)} for{' '}
        {MANY_HEADS} heads. Kernels tile in powers of two, and among those the winner is{' '}
        {f.powerOfTwoWinners.join(', ').replace(/, (\d+)$/, ' or $1')}
        {/* One text node, as the browser shapes it: a split run can move a glyph by a subpixel. */}
        {`, depending on heads and overlap. The bottom of the U is flat: for the ${defaults.bh} heads, each of ${listWords(f.flatSizes.map(String))} is within `}
        {pct(f.flatness)} of the optimum. That is why the title names a range: the {f.usuallyQuoted} often named beside {f.flaDefault} is
        one point on that floor, not the model&rsquo;s answer, and the reference kernels settle on {f.flaDefault} for
        reasons of their own (below). The recurrent kernel, <var>C</var>&nbsp;=&nbsp;1, takes{' '}
        {milliseconds(f.recurrentSeconds)} on the same workload against {microseconds(f.optimumSeconds)} at the optimum, about{' '}
        {integer(f.slowdown)} times slower. Across the A100, H100, H200 and B200 the optimum for
        this workload ranges from about {integer(f.gpuRange[0])} to {integer(f.gpuRange[1])}.
      </p>
      <p>
        The optimum hardly depends on <var>L</var>. Every term that depends on <var>C</var> is proportional to the
        number of tokens: the arithmetic and the memory traffic are per token, and the sequential term has{' '}
        <var>L</var>/<var>C</var> steps. Doubling <var>L</var> doubles the whole curve and leaves its minimum where it
        was; only the fixed overhead does not grow, and it does not depend on <var>C</var> either. From{' '}
        {integer(defaults.L)} to {integer(LONG_L)} tokens the four optima above move by {shift}. What does move it is the hardware and the shape: more heads fill the GPU and
        make the step latency matter less, pulling <var>C</var> down; a slower step pushes it up.
      </p>
      <p>
        The reference kernels in <Cite href={f.flaSource}>flash-linear-attention</Cite> default to a chunk of{' '}
        {f.flaDefault} and refuse anything larger, partly for numerical reasons the model leaves out: the chunk&rsquo;s
        triangular matrix is inverted block by block, its small diagonal blocks solved in float32, and the
        cumulative decays over a long chunk leave bfloat16&rsquo;s range. Other kernels make the same trade
        differently. <Cite href={f.mamba2Source}>Mamba-2</Cite>, with no inverse to compute, uses {f.mamba2};{' '}
        <Cite href={f.flashKdaSource}>FlashKDA</Cite> uses {f.flashKda}, for its own reasons: over that many tokens
        the cumulative decay stays in bfloat16&rsquo;s range, a {f.flashKda}&times;{f.flashKda} inverse is cheap to compute as a short
        series, and every product maps onto the older GPUs&rsquo; matrix instructions.
      </p>
      <h3 id="chunking-assumptions">The model&rsquo;s assumptions</h3>
      <p>
        The model is a roofline-style estimate of the forward pass, not a measurement. Its free parameters, with the
        defaults the figure uses:
      </p>
      <ul className="chunking-assumptions">
        <li>
          Tile efficiency: tensor cores reach &eta;<sub>max</sub>&nbsp;=&nbsp;{a.etaMax} of peak with full tiles, and
          proportionally less when <var>C</var> is shorter than the tile height <var>M</var>
          <sub>tile</sub> ({gpu.mmaTileM} on the {gpu.name}, {a100.mmaTileM} on the {a100.name}).
        </li>
        <li>
          Memory: kernels reach &eta;<sub>bw</sub>&nbsp;=&nbsp;{a.etaBandwidth} of the HBM bandwidth; the sequential
          state kernel reaches &eta;<sub>seq</sub>&nbsp;=&nbsp;{a.etaSequential} of its share of the tensor cores,
          working on blocks of <var>B</var>
          <sub>V</sub>&nbsp;=&nbsp;{a.stateBlockV} value columns.
        </li>
        <li>
          Per-step latency: each sequential step costs at least &tau;<sub>0</sub>&nbsp;=&nbsp;{microseconds(a.tau0Seconds)}{' '}
          (dependent matrix products, a round trip to memory, the store of the state). The figure lets you change it.
          The recurrent kernel at <var>C</var>&nbsp;=&nbsp;1 costs &tau;<sub>1</sub>&nbsp;=&nbsp;{microseconds(a.tau1Seconds)}{' '}
          per token.
        </li>
        <li>
          Overlap: compute and memory traffic either add up (no overlap, the conservative case) or hide behind each
          other (full overlap, the maximum of the two); the figure draws both. A fixed launch cost of{' '}
          <var>T</var>
          <sub>0</sub>&nbsp;=&nbsp;{microseconds(a.overheadSeconds)} is added once.
        </li>
      </ul>
      <p>
        It leaves out the backward pass, reuse in the L2 cache, repeated reads of some operands, and the numerical
        limits above. The GPU figures come from public datasheet tables, each linked to its source:
      </p>
      <div className="chunking-table-region" role="region" aria-labelledby="chunking-gpus-caption" tabIndex={0}>
        <table className="chunking-data">
          <caption id="chunking-gpus-caption">GPUs in the figure</caption>
          <thead>
            <tr>
              <th scope="col">GPU</th>
              <th scope="col">dense BF16 tensor cores</th>
              <th scope="col">HBM bandwidth</th>
              <th scope="col">SMs</th>
              <th scope="col">
                <var>M</var>
                <sub>tile</sub>
              </th>
            </tr>
          </thead>
          <tbody>
            {f.gpus.map((g) => (
              <tr key={g.id}>
                <th scope="row">{g.name}</th>
                <td>
                  <Cite href={g.sources.tensorFlops}>{decimal(g.tensorFlops / 1e12)} TFLOP/s</Cite>
                </td>
                <td>
                  <Cite href={g.sources.bandwidth}>{decimal(g.bandwidth / 1e12)} TB/s</Cite>
                </td>
                <td>
                  <Cite href={g.sources.sms}>{g.sms}</Cite>
                </td>
                <td>
                  <Cite href={g.sources.mmaTileM}>{g.mmaTileM}</Cite>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 id="chunking-check">Checked against measurements</h3>
      <p>
        The flash-linear-attention README publishes forward times of its gated delta-rule kernel on a{' '}
        {check.gpu.name} at <var>C</var>&nbsp;=&nbsp;{check.rows[0]?.measurement.C}. The model&rsquo;s GPU time
        (full overlap, default assumptions) falls short of every one of them by a near-constant amount: the host and
        launch cost of a Python pipeline of several kernels, which the model does not try to predict. Adding one fixed
        overhead of {overhead}, the mean of those gaps, brings all {check.rows.length} within{' '}
        {pct(check.worstRelativeError)}. That checks the model&rsquo;s scale with <var>L</var>, heads and{' '}
        <var>d</var>; it does not test its dependence on <var>C</var>, which the benchmark holds fixed.
      </p>
      <div className="chunking-table-region" role="region" aria-labelledby="chunking-check-caption" tabIndex={0}>
        <table className="chunking-data">
          <caption id="chunking-check-caption">
            fla <code>chunk_gdn</code> forward on {check.gpu.name}, <var>C</var>&nbsp;=&nbsp;{check.rows[0]?.measurement.C}:
            modelled against measured
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <var>B</var> (sequences)
              </th>
              <th scope="col">
                <var>L</var> (tokens)
              </th>
              <th scope="col">
                <var>H</var> (heads)
              </th>
              <th scope="col">
                <var>d</var> (head width)
              </th>
              <th scope="col">model (GPU)</th>
              <th scope="col">model + {overhead}</th>
              <th scope="col">measured</th>
              <th scope="col">error</th>
            </tr>
          </thead>
          <tbody>
            {check.rows.map((row) => {
              const m = row.measurement;
              return (
                <tr key={`${m.B}-${m.T}-${m.H}-${m.D}`}>
                  <td>{m.B}</td>
                  <td>{decimal(m.T)}</td>
                  <td>{m.H}</td>
                  <td>{m.D}</td>
                  <td>{milliseconds(row.modelledSeconds, 3)}</td>
                  <td>{milliseconds(row.predictedSeconds, 3)}</td>
                  <td>
                    <Cite href={m.source}>{milliseconds(row.measuredSeconds, 3)}</Cite>
                  </td>
                  <td>{signedPercent(row.relativeError)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      </Fold>
      <ChunkingMeasured />
    </Section>
  );
}
