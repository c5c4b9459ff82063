/** Chunked prefill: why the chunk size is set by hardware, not by counting operations. */
import { Equation } from '../Equation';
import { Section, FigureFrame, Cite } from '../Section';

export function Chunking() {
  return (
    <Section id="chunking" kicker="FLOPs against hardware">
      <p>
        The delta rule is sequential by construction: each write reads the state the previous write left behind. That
        is harmless when generating one token at a time, and a problem when a prompt of many thousands of tokens must
        be read in at once (prefill), or when the model is trained.
      </p>
      <p>
        Chunking fixes it. Cut the sequence into chunks of <var>C</var> tokens. Inside a chunk, do what attention
        does: a masked, causal block of matrix products among the chunk&rsquo;s own tokens. Across chunks, fold each
        chunk&rsquo;s writes into the state and carry it forward. The result is exactly the same as writing one token
        at a time; only the order of the arithmetic changes.
      </p>
      <Equation id="chunkFlops" label="Floating-point operations per token per head for chunk size C and head dimension d" />
      <Equation id="sequentialSteps" label="Sequential steps for sequence length L and chunk size C" />
      <p>
        Counting operations says the chunk should be as small as possible: the work per token grows with{' '}
        <var>C</var>, and at <var>C</var>&nbsp;=&nbsp;1 the chunked form is the plain recurrence. Hardware says the
        opposite. A step that multiplies a vector by a matrix leaves the tensor cores idle, each of the{' '}
        <var>L</var>/<var>C</var> sequential steps pays a fixed latency, and every chunk boundary writes the state out
        to memory. Bigger chunks buy matrix-unit work and fewer steps with extra arithmetic, and the best chunk size
        sits where the two costs meet, not where the operation count is smallest.
      </p>
      <p>
        The reference kernels in{' '}
        <Cite href="https://github.com/fla-org/flash-linear-attention">flash-linear-attention</Cite> default to a chunk
        of 64, and a simple cost model of time on current GPUs puts the optimum between roughly 64 and 128 for a head
        dimension of 128, a minimum that hardly moves with the sequence length, because every term of the cost grows
        in proportion to it.
      </p>
      <FigureFrame
        id="chunking"
        minHeight={480}
        caption={
          <>
            Over chunk size, on log axes: total FLOPs relative to the recurrent form, rising with <var>C</var>, and
            modelled prefill time on a chosen GPU, a U with its minimum marked, split into tensor-core work, memory
            traffic and sequential steps.
          </>
        }
      />
    </Section>
  );
}
