/**
 * What a server keeps to cache prefixes, model by model: one snapshot of every recurrent layer's
 * state and convolution inputs, which a server keeps for each prefix it caches, and as an upper
 * bound the snapshots at every 4,096 tokens up to the model's context beside its cache there.
 * Every number is src/content/snapshots.ts's, from src/core/hybridMemory.ts.
 */
import { memoryData } from '../../content/k3Memory';
import type { SnapshotRow } from '../../content/snapshots';
import { atMostCell, oneSnapshotCell, SNAPSHOT_EVERY } from '../../content/snapshots';
import { bytes, integer } from '../../format';
import { Fold } from '../../viz/Fold';

const cell = (x: number | null, show: (x: number) => string) => (x === null ? 'not found' : show(x));

export function SnapshotTable({ rows }: { rows: readonly SnapshotRow[] }) {
  const st = memoryData.storage;
  const cv = memoryData.caveats;
  const every = integer(SNAPSHOT_EVERY);
  return (
    <Fold id="memory-snapshots" className="memory-snapshots" summary="What a server keeps to cache prefixes, model by model">
      <p id="memory-snapshots-caption" className="memory-snapshots-caption">
        A snapshot is every recurrent layer&rsquo;s state and convolution inputs at one point of a prefix. A server keeps one for each
        prefix it caches: <a href={cv.alignSnapshots.source}>in align mode</a>, the mode vLLM runs for Gated DeltaNet layers, it keeps
        one at the last block boundary of each prefill chunk. The &ldquo;at most&rdquo; column is an upper bound: one snapshot every{' '}
        {every} tokens, kept to the model&rsquo;s whole context. That spacing is this page&rsquo;s assumption; real counts depend on the
        engine, its mode and its chunk size. States in fp32 as{' '}
        <a href={st.stateDefault.source}>vLLM keeps them</a>, convolution inputs and caches in bf16, as the figure opens. A model with
        no recurrent layer keeps none.
      </p>
      <div className="memory-table-region" role="region" aria-labelledby="memory-snapshots-caption" tabIndex={0}>
        <table className="memory-table memory-snapshots-table" aria-labelledby="memory-snapshots-caption">
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Context</th>
              <th scope="col">One snapshot, kept for each cached prefix</th>
              <th scope="col">At most, if every {every}-token boundary is kept</th>
              <th scope="col">Cache at the context</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} id={`memory-snapshots-${r.id}`}>
                <th scope="row">{r.name}</th>
                <td>{cell(r.context, integer)}</td>
                <td>{oneSnapshotCell(r)}</td>
                <td>{atMostCell(r)}</td>
                <td>{cell(r.cache, bytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Fold>
  );
}
