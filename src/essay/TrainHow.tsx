/**
 * The trainer's page below its figure: how the grid was made (the set-up, the climb, the rates
 * swept), its files, the short convolution on and off, and the runs that never trained.
 */
import { gridBatch, MEMORY_WORDS, MIXERS, MQAR_STREAMS, type MqarGrid, type Spread } from '../content/mqar';
import { MQAR_DOWNLOADS, MQAR_SCRIPT, realScaleDiffers } from '../content/mqarFiles';
import { untrainedCells } from '../content/mqar';
import { climbLoads, type StoredCell } from '../content/mqarWords';
import { plateauRuleSentence, STREAM_WORDS, stallSentence } from '../content/mqarStalls';
import { convRows, mqarConv } from '../content/mqarConv';
import { integer } from '../format';
import { Fold } from '../viz/Fold';
import { GridTable, TableRegion } from '../widgets/Train/GridView';

const ZOOLOGY_CODE = 'https://github.com/HazyResearch/zoology';
const FLA = 'https://github.com/fla-org/flash-linear-attention';
const FLA_CONV = 'https://github.com/fla-org/flash-linear-attention/blob/main/fla/modules/convolution.py';

const rate = (x: number) => String(x);

/** A mean of the seeds that trained, and how many never did. */
function SpreadCell({ spread }: { spread: Spread }) {
  return (
    <td>
      {spread.seeds > 0 ? spread.mean.toFixed(2) : '…'}
      {spread.untrained ? <span className="train-range train-untrained">{`${spread.untrained} never trained, left out`}</span> : null}
    </td>
  );
}

export function TrainHow({ g, cells }: { g: MqarGrid; cells: StoredCell[] }) {
  const s = g.settings;
  const kvs = [...s.kv].sort((a, b) => a - b);
  const swept = (m: (typeof MIXERS)[number]) => [...new Set(g.sweep.filter((r) => r.mixer === m).map((r) => r.lr))].sort((a, b) => a - b);
  const allRates = [...new Set(g.sweep.map((r) => r.lr))].sort((a, b) => a - b);
  // The memories whose sweep went past the rates it started from.
  const extended = MIXERS.filter((m) => swept(m).some((lr) => !s.lrs.includes(lr)));
  const stalled = untrainedCells(g);
  // The climb said for the largest load below the top, from the trainer's own schedule.
  const example = kvs.at(-2)!;
  const below = climbLoads(g, example).slice(0, -1);
  return (
    <>
      <h2 id="train-how">How the grid was made</h2>
      <p>
        <code>node {MQAR_SCRIPT}</code> ran every memory at kv = {s.kv.join(', ')} on the three streams with seeds {s.seeds.join(', ')}, on {g.made}, with the
        code this page runs. It trains at one load at a time, not on a mix of loads as Zoology does, so each load&rsquo;s number is that load&rsquo;s alone. A
        cell draws every random number from its seed, so running it again gives the same numbers to the last bit, in Node and Chromium as tested. The trainer
        computes its exponentials, logarithms and the cosine of its schedule with + &minus; &times; &divide; and square roots alone, so no engine&rsquo;s maths
        library changes a bit.
      </p>
      <p data-claim="train-setup">
        Every load gets the same supervision: each step asks {s.queries} queries, so a step holds {gridBatch(s, kvs[0]!)} sequences at kv = {kvs[0]} and{' '}
        {gridBatch(s, kvs.at(-1)!)} at kv = {kvs.at(-1)}. With the same number of sequences at every load, a small load got a sixteenth of the queries of a
        large one, and that is where runs stalled. The rate climbs over the first {integer(s.warmup)} steps, then falls to zero along half a cosine, as the
        recall studies train; the fall also keeps a high rate from pinning the gates at 0 or 1.
      </p>
      <p data-claim="train-climb">
        Over the first {integer(s.climb)} steps the load also climbs: a run at kv = {example} trains at kv = {below.join(', ')} in turn, an equal share of those
        steps each, then at {example} for the rest, with as many queries a step throughout. A memory learns to write and read on short sequences first. Without
        the climb, some runs of gated delta never left the plateau at kv = 16 and above: a single decay that starts near 0.9 keeps a pair for a few dozen tokens
        at most, so a long sequence gives little to learn from. Zoology trains on a mix of loads; here each number is still one load&rsquo;s, scored on that
        load alone.
      </p>
      <p>
        Each memory&rsquo;s learning rate was picked on validation sequences of plain recall at kv = {s.sweep.kv.join(', ')}, on seeds{' '}
        {s.sweep.seeds.join(', ')} (none of the grid&rsquo;s), by the mean accuracy of those {s.sweep.kv.length * s.sweep.seeds.length} runs, so one seed that
        stalls cannot flip the pick. The sweep starts from {s.lrs.join(', ')} and goes one rate further wherever the best sits at an edge of the rates tried
        {extended.length === 0 ? '; none did' : `, as it did for ${extended.map((m) => MEMORY_WORDS[m]).join(', ')}`}. So each rate picked lies inside the range
        swept.
      </p>
      <TableRegion
        id="train-rates-caption"
        caption={
          <>
            Validation accuracy at each rate swept, the mean of seeds {s.sweep.seeds.join(', ')} at kv = {s.sweep.kv.join(' / ')}; the rate picked in bold.
            Every run is in the JSON download.
          </>
        }
      >
        <thead>
          <tr>
            <th scope="col">Memory</th>
            {allRates.map((lr) => (
              <th key={lr} scope="col">{`rate ${rate(lr)}`}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MIXERS.map((m) => (
            <tr key={m}>
              <th scope="row">{MEMORY_WORDS[m]}</th>
              {allRates.map((lr) => {
                const text = swept(m).includes(lr)
                  ? s.sweep.kv
                      .map((kv) => {
                        const runs = g.sweep.filter((x) => x.mixer === m && x.lr === lr && x.kv === kv);
                        const mean = runs.reduce((a, r) => a + (r.diverged === null ? r.validation.accuracy : 0), 0) / runs.length;
                        return mean.toFixed(3);
                      })
                      .join(' / ')
                  : 'not run';
                return <td key={lr}>{g.rates[m] === lr ? <strong>{text}</strong> : text}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </TableRegion>
      <p className="train-downloads-grid">
        The whole grid, every cell with its settings, rate, scores and losses, whether it never trained, and the commit <code>{g.commit.slice(0, 12)}</code> of
        the code that made it:{' '}
        <a href={MQAR_DOWNLOADS.csv} download>
          recall-grid.csv
        </a>
        ,{' '}
        <a href={MQAR_DOWNLOADS.json} download>
          recall-grid.json
        </a>
        ; every cell&rsquo;s training curve:{' '}
        <a href={MQAR_DOWNLOADS.curves} download>
          recall-curves.json
        </a>
        .
      </p>
      <p className="train-downloads-configs">
        Each memory&rsquo;s settings as a config for <a href={FLA}>fla</a> or <a href={ZOOLOGY_CODE}>Zoology</a>, to take a cell to real scale: the layers, the
        width, the rate and its schedule, the batch at each load:{' '}
        <a href={MQAR_DOWNLOADS.configs} download>
          recall-configs.json
        </a>
        . {realScaleDiffers(s.d)}
      </p>
      <h2 id="train-conv">The short convolution</h2>
      <p>
        fla&rsquo;s and Zoology&rsquo;s recurrent layers pass q, k and v through a <a href={FLA_CONV}>short convolution</a>: each channel mixes its token with
        the three before, so a token can see its neighbours before the state does. Here every token carries its key and value together, so there is little for
        it to join. A reader can turn it on for any recurrent memory under More settings (here without fla&rsquo;s SiLU). The table compares it on and off.
      </p>
      <TableRegion
        id="train-conv-caption"
        caption={
          <>
            Test accuracy on plain recall with the short convolution off (the grid) and on, the mean of the seeds that trained (of {s.seeds.length}), at the
            grid&rsquo;s rates; made on {mqarConv.made} at commit <code>{mqarConv.commit.slice(0, 12)}</code>.
          </>
        }
      >
        <thead>
          <tr>
            <th scope="col">Memory</th>
            <th scope="col">kv</th>
            <th scope="col">Off</th>
            <th scope="col">On</th>
          </tr>
        </thead>
        <tbody>
          {convRows().map((r) => (
            <tr key={`${r.mixer} ${r.kv}`}>
              <th scope="row">{MEMORY_WORDS[r.mixer]}</th>
              <td>{r.kv}</td>
              <SpreadCell spread={r.off} />
              <SpreadCell spread={r.on} />
            </tr>
          ))}
        </tbody>
      </TableRegion>
      <h2 id="train-stalls">Runs that never trained</h2>
      <p data-claim="train-rule">{plateauRuleSentence(g)}</p>
      <p data-claim="train-stalls">{stallSentence(g)}</p>
      {stalled.length > 0 ? (
        <Fold id="train-stalled" summary={`The ${integer(stalled.length)} runs that never trained`}>
          <TableRegion
            id="train-stalled-caption"
            caption={
              <>
                Each run that never trained: its test accuracy and loss, and its training loss over its last {s.every} steps (a uniform guess scores ln{' '}
                {s.candidates} &asymp; {Math.log(s.candidates).toFixed(2)}).
              </>
            }
          >
            <thead>
              <tr>
                <th scope="col">Memory</th>
                <th scope="col">Stream</th>
                <th scope="col">kv</th>
                <th scope="col">Seed</th>
                <th scope="col">Accuracy</th>
                <th scope="col">Test loss</th>
                <th scope="col">Final training loss</th>
              </tr>
            </thead>
            <tbody>
              {stalled.map((c) => (
                <tr key={`${c.stream} ${c.kv} ${c.mixer} ${c.seed}`}>
                  <th scope="row">{MEMORY_WORDS[c.mixer]}</th>
                  <td>{STREAM_WORDS[c.stream]}</td>
                  <td>{c.kv}</td>
                  <td>{c.seed}</td>
                  <td>{c.test.accuracy.toFixed(2)}</td>
                  <td>{c.test.loss === null ? 'diverged' : c.test.loss.toFixed(2)}</td>
                  <td>{c.curve.at(-1)?.loss.toFixed(2) ?? '…'}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        </Fold>
      ) : null}
      <Fold id="train-tables" summary="The stored grid as tables, every stream">
        {MQAR_STREAMS.map((k) => (
          <GridTable key={k} cells={cells} stream={k} loads={s.kv} d={s.d} seeds={s.seeds.length} where="fold" />
        ))}
      </Fold>
    </>
  );
}
