/**
 * The page behind "Go deeper: train them yourself" (train.html): the memories trained on
 * multi-query associative recall at matched state, the stored grid drawn by the build, a reader's
 * own run in a Web Worker, and how the grid was made. Every number comes from src/content/mqar.ts.
 */
import { GATE_INIT, MIXERS, MEMORY_WORDS, MQAR_STREAMS, mqarGrid, numbersKept, parameterCounts, recalledPairs, spreadOf, STREAM_TESTS } from '../content/mqar';
import { trainFigureProps, trainSentences, WRITE_RULES } from '../content/mqarWords';
import { TrainGates } from './TrainGates';
import { TrainHow } from './TrainHow';
import { TableRegion } from '../widgets/Train/GridView';
import { integer } from '../format';
import { TITLE } from './sections';
import { Island } from './Island';
import { FigureFrame } from './Section';

export const TRAIN_PAGE = 'train.html';
export const TRAIN_TITLE = 'Train them yourself: the memories on associative recall';
export const TRAIN_DESCRIPTION =
  'Nine small memories, from attention to gated delta rules, Gated DeltaNet-2, a hybrid and a two-layer stack, trained on associative recall in your browser at matched state, beside a stored grid of every load, stream and seed.';

export const ZOOLOGY = 'https://arxiv.org/abs/2312.04927';
const FALCON_H1 = 'https://arxiv.org/abs/2507.22448';
const HYMBA = 'https://arxiv.org/abs/2411.13676';
const FLA_GDN = 'https://github.com/fla-org/flash-linear-attention/blob/main/fla/layers/gated_deltanet.py';
const GDN2 = 'https://arxiv.org/abs/2605.22791';
const QWEN3_NEXT = 'https://huggingface.co/Qwen/Qwen3-Next-80B-A3B-Instruct';
const KIMI_LINEAR = 'https://arxiv.org/abs/2510.26692';

/** fla draws the decay's scale e^A from U(0, this) (A_log = log U(0, 16) in its GatedDeltaNet layer); here A starts at 0. */
export const FLA_DECAY_SCALE_MAX = 16;

/** α at the median input where the gates start: its lowest and highest, and where fla's scale would put the median gate (the scale's median times dt's, the geometric mean of its range). */
export const alphaRange = {
  low: Math.exp(-GATE_INIT.dtMax).toFixed(3),
  high: Math.exp(-GATE_INIT.dtMin).toFixed(3),
  withScale: Math.exp(-(FLA_DECAY_SCALE_MAX / 2) * Math.sqrt(GATE_INIT.dtMin * GATE_INIT.dtMax)).toFixed(2),
};

export function TrainBody() {
  const g = mqarGrid;
  const s = g.settings;
  const say = trainSentences(g);
  const props = trainFigureProps(g);
  const kvs = [...s.kv].sort((a, b) => a - b);
  return (
    <main id="main" className="essay train-page">
      <p>
        <a href="./#verify-train">&larr; Back to the essay, &ldquo;{TITLE}&rdquo;</a>
      </p>
      <h1>{TRAIN_TITLE}</h1>
      <p>
        The essay argues that each architecture is a rule for what a memory of fixed size keeps. This page shows, at toy scale and in your browser, how those
        rules recall with their memory held to one size. The task is multi-query associative recall, as <a href={ZOOLOGY}>Zoology</a>, the suite of synthetic
        recall tests by Arora and others (2023), sets it on continuous inputs.
      </p>
      <p>
        A sequence writes pairs of random unit vectors as tokens [key &#8214; value], then asks for every key as [key &#8214; 0]. The answer is scored against{' '}
        {s.candidates} candidate values, so a guess is right one time in {s.candidates}. The load, kv, is the number of pairs a sequence writes. No memory gets
        a position signal.
      </p>
      <p>
        A memory that has learned which values a sequence wrote, but not which key each went with, does better than chance: it is right about one time in kv.
        That is the floor for recalling nothing of the pairing, and the figure draws it beside chance.
      </p>
      <h2 id="train-model">The model</h2>
      <p>
        Each memory is one layer with the same input, normalisation and read-out, and one head of width d = {s.d}. The fixed memories keep {integer(s.d * s.d)}{' '}
        numbers however long the sequence. Attention keeps every token, so its cache grows with the sequence.
      </p>
      <p data-claim="train-departure">
        One departure from Zoology: its heads read the token squeezed to d numbers by a Linear(2d &rarr; d), so a key and its value share {s.d} numbers, half of
        what the token carries. Here each head reads the whole token, {2 * s.d} numbers. The state each memory keeps is unchanged; the parameters this adds are
        in the table.
      </p>
      <TableRegion
        id="train-params-caption"
        caption={
          <>
            Each memory&rsquo;s parameters at d = {s.d}, here and in this model with its heads on a d-wide input as Zoology&rsquo;s are (no biases on the
            projections in either), and the numbers its memory keeps at kv = {s.d} on plain recall.
          </>
        }
      >
        <thead>
          <tr>
            <th scope="col">Memory</th>
            <th scope="col">Parameters here</th>
            <th scope="col">With a d-wide input</th>
            <th scope="col">Added</th>
            <th scope="col">Memory keeps</th>
          </tr>
        </thead>
        <tbody>
          {MIXERS.map((m) => {
            const c = parameterCounts(m, s.d);
            return (
              <tr key={m}>
                <th scope="row">{MEMORY_WORDS[m]}</th>
                <td>{integer(c.here)}</td>
                <td>{integer(c.zoology)}</td>
                <td>{integer(c.here - c.zoology)}</td>
                <td>{integer(numbersKept(m, s.d, 'plain', s.d))}</td>
              </tr>
            );
          })}
        </tbody>
      </TableRegion>
      <ul>
        <li>Attention over the whole context weighs the writes of a key by how well they match, not by when they came, so it cannot tell which came later.</li>
        <li>The window holds only the last d/2 tokens. Recency is all it has.</li>
        <li>Linear attention adds every write into one sum, so the order of two writes of a key is lost as well.</li>
        <li>
          The delta rules overwrite: a key written again moves its stored value toward the new one, all the way when its learned &beta; reaches 1 (keys have
          length 1). The gated rules also decay what is older, all of it or row by row.
        </li>
        <li>
          The gates start as <a href={FLA_GDN}>fla&rsquo;s full models</a> start them: &beta; at {GATE_INIT.beta}, and &alpha; between {alphaRange.low} and{' '}
          {alphaRange.high}, log-uniform in its time scale, one draw per gate. So a gated rule begins near the delta rule and learns when to clear. fla also
          scales the decay by a factor drawn up to {FLA_DECAY_SCALE_MAX}; at that factor&rsquo;s median and dt&rsquo;s, a gate would start near{' '}
          {alphaRange.withScale} and forget a pair within about a dozen tokens. Here that factor starts at 1.
        </li>
        <li>
          Gated DeltaNet-2 (<a href={GDN2}>Hatamizadeh and others, 2026</a>) decays row by row as the per-channel rule does, then splits &beta; in two: an erase
          gate for each key channel weighs the read it takes out, and a write gate for each value channel weighs the value it writes in. Both are centred where
          &beta; is, on 0.5, but drawn channel by channel from weights of their own, so it starts close to the per-channel rule, not on it.
        </li>
        <li>
          The hybrid runs a delta head and an attention head side by side on the same input, as <a href={HYMBA}>Hymba</a> and <a href={FALCON_H1}>Falcon-H1</a>{' '}
          do within a layer. It is charged for both memories.
        </li>
        <li>
          The stack is two layers: a delta-rule layer, then an attention layer that reads what the first left in the stream beside the whole token. That is how{' '}
          <a href={QWEN3_NEXT}>Qwen3-Next</a> and <a href={KIMI_LINEAR}>Kimi Linear</a> combine the two, with about three gated delta layers to each attention
          layer in their full models; two layers are the smallest such stack. It is charged for both memories too.
        </li>
      </ul>
      <p>The three streams test different evictions:</p>
      <ul>
        {MQAR_STREAMS.map((k) => (
          <li key={k}>
            <strong>{k === 'plain' ? 'Plain recall' : k === 'rewrite' ? 'Rewrites' : 'Context switch'}.</strong> {STREAM_TESTS[k]}
          </li>
        ))}
      </ul>
      <p>
        <span data-claim="train-result-full">{say.resultFull}</span> <span data-claim="train-limits">{say.limits}</span>
      </p>
      <FigureFrame
        id="train"
        minHeight={900}
        caption={
          <>
            Test accuracy on fresh sequences against the pairs to recall, one line a memory through the mean of its seeds that trained (of {s.seeds.length}),
            each whisker from the lowest of them to the highest; a ring is a run that never trained, left out of the line. The dotted line is chance, 1 in{' '}
            {s.candidates}; the dashed line is a guess among the kv values a sequence wrote. Each cell trained {integer(s.steps)} steps of {s.queries} queries.
            Below it, any cell trained again in this page, beside the stored seeds of that cell.
          </>
        }
      >
        <Island name="train" props={props} />
      </FigureFrame>
      <h2 id="train-pairs">How many pairs a state holds</h2>
      <p data-claim="train-pairs">{say.pairs}</p>
      <TableRegion
        id="train-pairs-caption"
        caption={
          <>
            Pairs recalled on plain recall: mean test accuracy of the seeds that trained times kv, for the memories of {integer(s.d * s.d)} numbers. A read
            counts when the nearest of the {s.candidates} candidates is the right value, so an approximate read counts, which is why a memory can pass d.
          </>
        }
      >
        <thead>
          <tr>
            <th scope="col">Memory</th>
            {kvs.map((kv) => (
              <th key={kv} scope="col">{`kv = ${kv}`}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(['window', ...WRITE_RULES] as const).map((m) => (
            <tr key={m}>
              <th scope="row">{MEMORY_WORDS[m]}</th>
              {kvs.map((kv) => {
                const left = spreadOf(g, 'plain', kv, m).untrained;
                return (
                  <td key={kv}>
                    {spreadOf(g, 'plain', kv, m).seeds > 0 ? recalledPairs(g, 'plain', kv, m).toFixed(1) : '…'}
                    {left ? <span className="train-range train-untrained">{`${left} of ${s.seeds.length} never trained, left out`}</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </TableRegion>
      <TrainGates />
      <TrainHow g={g} cells={props.cells} />
    </main>
  );
}
