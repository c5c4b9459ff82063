/**
 * What a server keeps to cache prefixes, model by model: one snapshot of every recurrent layer's
 * state and convolution inputs, and the snapshots at every 4,096 tokens up to the model's context
 * beside its cache there. Every number is src/content/snapshots.ts's, from src/core/hybridMemory.ts.
 */
import { memoryData } from '../../content/k3Memory';
import type { SnapshotRow } from '../../content/snapshots';
import { SNAPSHOT_EVERY } from '../../content/snapshots';
import { bytes, integer } from '../../format';
import { Fold } from '../../viz/Fold';

const cell = (x: number | null, show: (x: number) => string) => (x === null ? 'not found' : show(x));

export function SnapshotTable({ rows }: { rows: readonly SnapshotRow[] }) {
  const st = memoryData.storage;
  const cv = memoryData.caveats;
  return (
    <Fold id="memory-snapshots" className="memory-snapshots" summary="What a server keeps to cache prefixes, model by model">
      <p id="memory-snapshots-caption" className="memory-snapshots-caption">
        One snapshot of every recurrent layer&rsquo;s state and convolution inputs, and the snapshots at every {integer(SNAPSHOT_EVERY)} tokens
        to the model&rsquo;s whole context, beside its cache there. States in fp32 as{' '}
        <a href={st.stateDefault.source}>vLLM keeps them</a>, convolution inputs and caches in bf16, as the figure opens;{' '}
        <a href={cv.stateCopies.source}>vLLM&rsquo;s prefix caching</a> keeps a snapshot at each block boundary. A model with no recurrent
        layer keeps none.
      </p>
      <div className="memory-table-region" role="region" aria-labelledby="memory-snapshots-caption" tabIndex={0}>
        <table className="memory-table memory-snapshots-table" aria-labelledby="memory-snapshots-caption">
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Context</th>
              <th scope="col">One snapshot</th>
              <th scope="col">Snapshots to the context</th>
              <th scope="col">Cache at the context</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} id={`memory-snapshots-${r.id}`}>
                <th scope="row">{r.name}</th>
                <td>{cell(r.context, integer)}</td>
                <td>{r.one === 0 ? 'none' : cell(r.one, bytes)}</td>
                <td>{r.one === 0 ? 'none' : r.count === null || r.held === null ? 'not found' : `${integer(r.count)}: ${bytes(r.held)}`}</td>
                <td>{cell(r.cache, bytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Fold>
  );
}
