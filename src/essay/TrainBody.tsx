/**
 * The page behind "Go deeper: train them yourself" (train.html): the memories trained on
 * multi-query associative recall at matched state, the stored grid drawn by the build, a reader's
 * own run in a Web Worker, and how the grid was made. Every number comes from src/content/mqar.ts.
 */
import { GATE_INIT, MEMORY_WORDS, MQAR_STREAMS, mqarGrid, STREAM_TESTS } from '../content/mqar';
import { stallSentence, trainFigureProps, trainSentences } from '../content/mqarWords';
import { Fold } from '../viz/Fold';
import { GridTable } from '../widgets/Train/GridView';
import { integer } from '../format';
import { TITLE } from './sections';
import { Island } from './Island';
import { FigureFrame } from './Section';

export const TRAIN_PAGE = 'train.html';
export const TRAIN_TITLE = 'Train them yourself: the memories on associative recall';
export const TRAIN_DESCRIPTION =
  'Seven one-layer memories, from attention to gated delta rules and a hybrid, trained on associative recall in your browser at matched state, beside a stored grid of every load, stream and seed.';

export function TrainBody() {
  const g = mqarGrid;
  const s = g.settings;
  const say = trainSentences(g);
  const props = trainFigureProps(g);
  return (
    <main id="main" className="essay train-page">
      <p>
        <a href="./#verify-train">&larr; Back to the essay, &ldquo;{TITLE}&rdquo;</a>
      </p>
      <h1>{TRAIN_TITLE}</h1>
      <p>
        The essay argues that each architecture is a rule for what a memory of fixed size keeps. This page tests that at toy scale, in your browser. Each memory
        is one layer with the same input and output projections, normalisation and read-out, and a head of width d = {s.d}. The fixed memories keep{' '}
        {integer(s.d * s.d)} numbers however long the sequence; attention keeps every token, so its cache grows with the sequence.
      </p>
      <p>
        The task is multi-query associative recall on continuous inputs, as Zoology&rsquo;s <code>continuous_mqar</code> sets it: kv pairs of random unit
        vectors are written as tokens [key &#8214; value], then every key is asked for as [key &#8214; 0], and the answer is scored against {s.candidates}{' '}
        candidate values. No memory is given a position signal: every one sees the same tokens and nothing else, and each has its own sense of order.
      </p>
      <ul>
        <li>
          Attention over the whole context weighs the writes of a key by how well they match, not by when they came, so it cannot tell which of two writes came
          later.
        </li>
        <li>The window holds only the last d/2 tokens: recency is all it has, and once the pairs outnumber what it holds most queries see no write at all.</li>
        <li>Linear attention adds every write into one sum, so the order of two writes of a key is lost as well.</li>
        <li>
          The delta rules overwrite: a key written again replaces what its first write left, so the latest write wins. The gated rules also decay what is older,
          all of it or channel by channel. Every gate starts the same way: β centred on {GATE_INIT.beta} and α on {GATE_INIT.alpha} (their values where a
          token&rsquo;s own term is zero), so a gated rule begins as the delta rule with a slow fade and learns from there when to clear.
        </li>
        <li>The hybrid has both: a delta head beside an attention head.</li>
      </ul>
      <p>The three streams test different evictions:</p>
      <ul>
        {(['plain', 'rewrite', 'switch'] as const).map((k) => (
          <li key={k}>
            <strong>{k === 'plain' ? 'Plain recall' : k === 'rewrite' ? 'Rewrites' : 'Context switch'}.</strong> {STREAM_TESTS[k]}
          </li>
        ))}
      </ul>
      <p>
        <span data-claim="train-result">{say.resultFull}</span> <span data-claim="train-limits">{say.limits}</span>
      </p>
      <FigureFrame
        id="train"
        minHeight={900}
        caption={
          <>
            Test accuracy on fresh sequences against the pairs to recall, one line a memory through the mean of {s.seeds.length} seeds, each whisker from the
            lowest seed to the highest. Each cell trained {integer(s.steps)} steps of {s.batchSize} sequences. Below it, any cell trained again in this page.
          </>
        }
      >
        <Island name="train" props={props} />
      </FigureFrame>
      <h2 id="train-how">How the grid was made</h2>
      <p>
        <code>node scripts/mqar-grid.mjs</code> ran every memory at kv = {s.kv.join(', ')} on the three streams with seeds {s.seeds.join(', ')}, on {g.made},
        with the code this page runs. Each memory&rsquo;s learning rate was picked from {s.lrs.join(', ')} on validation sequences of plain recall at kv ={' '}
        {s.sweep.kv} (seed {s.sweep.seed}), never on the test sequences, and every cell then trained at it with Adam, at one load rather than on a mix of loads
        as Zoology trains. A cell draws its embeddings, parameters, training batches, validation and test sequences from its seed alone, so running it again
        gives the same numbers to the last bit, in Node and Chromium as tested and by design in any engine. The trainer computes its exponentials and logarithms
        with + − × ÷ and square roots alone, not with the engine&rsquo;s maths library, whose last bit differs from one engine to another. The figure says when
        a run differs from the stored cell.
      </p>
      <p data-claim="train-stalls">{stallSentence(g)}</p>
      <Fold id="train-tables" summary="The stored grid as tables, every stream">
        {MQAR_STREAMS.map((k) => (
          <GridTable key={k} cells={props.cells} stream={k} loads={s.kv} d={s.d} seeds={s.seeds.length} where="fold" />
        ))}
      </Fold>
      <div className="train-table-region" role="region" aria-labelledby="train-rates-caption" tabIndex={0}>
        <table className="train-table">
          <caption id="train-rates-caption">Each memory&rsquo;s learning rate, and its validation accuracy at each rate swept.</caption>
          <thead>
            <tr>
              <th scope="col">Memory</th>
              {s.lrs.map((lr) => (
                <th key={lr} scope="col">{`rate ${lr}`}</th>
              ))}
              <th scope="col">Picked</th>
            </tr>
          </thead>
          <tbody>
            {s.mixers.map((m) => (
              <tr key={m}>
                <th scope="row">{MEMORY_WORDS[m]}</th>
                {s.lrs.map((lr) => {
                  const r = g.sweep.find((x) => x.mixer === m && x.lr === lr);
                  return <td key={lr}>{r ? (r.diverged === null ? r.validation.accuracy.toFixed(3) : `diverged at step ${r.diverged}`) : 'not run'}</td>;
                })}
                <td>{g.rates[m]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        The hybrid runs a delta head and an attention head side by side on the same input and sums them, each at the full width d, and is charged for both
        memories. Shipping hybrids interleave whole layers instead, which one layer cannot do. The grid&rsquo;s file, with every cell&rsquo;s curve, is{' '}
        <code>src/content/mqarGrid.json</code> in the source.
      </p>
    </main>
  );
}
