/**
 * The stored grid on one stream: test accuracy against the load, a line a memory through the mean
 * of its seeds with a whisker from the lowest seed to the highest, a legend, and a table of every
 * mean with its range and the numbers each memory keeps at that load.
 */
import { memo, type ReactNode } from 'react';
import { MIXERS, type Mixer } from '../../core/mqar/params';
import type { MqarStream } from '../../core/mqar/task';
import type { StoredCell } from '../../content/mqarWords';
import { integer } from '../../format';
import { LineSwatch } from '../../viz/LineSwatch';
import { Chart, type ChartLine } from './Chart';
import { kept, MIXER_NAMES, STREAM_NAMES, storedSeeds, storedSpread } from './parts';

const f2 = (x: number) => x.toFixed(2);

/** The stored grid's chart, in its own units: wider than a run's, so it spans the figure at the page's small type. */
const GRID_CHART = { width: 360, height: 230 };

/** Drawn again only when its stream, its picked memory or the grid changes, not at each post of a run beside it. */
export const GridView = memo(function GridView({
  cells,
  stream,
  loads,
  d,
  seeds,
  candidates,
  picked,
}: {
  cells: readonly StoredCell[];
  stream: MqarStream;
  loads: readonly number[];
  d: number;
  seeds: number;
  /** The candidate values a query is scored against: a uniform guess is right one time in this many. */
  candidates: number;
  /** The memory a run would train, drawn heavier. */
  picked: Mixer;
}) {
  const lines: ChartLine[] = MIXERS.map((m) => {
    const at = loads.map((kv) => [kv, storedSpread(cells, stream, kv, m)] as const).filter(([, s]) => s !== null && s.seeds > 0);
    return {
      key: m,
      className: m === picked ? `train-${m} train-picked` : `train-${m}`,
      points: at.map(([kv, s]) => [Math.log2(kv), s!.mean] as const),
      ranges: at.map(([kv, s]) => [Math.log2(kv), s!.min, s!.max] as const),
      hollow: loads.flatMap((kv) =>
        storedSeeds(cells, stream, kv, m)
          .filter((c) => c[9])
          .map((c) => [Math.log2(kv), c[4]] as const),
      ),
    };
  });
  const log = loads.map(Math.log2);
  // A memory that knows which values a sequence wrote, and not which key each went with, is right about one time in kv.
  const guess = { points: loads.map((kv) => [Math.log2(kv), 1 / kv] as const), label: 'a guess among the kv values' };
  return (
    <div className="train-grid-view">
      <ul className="train-legend" aria-label="Memories">
        {MIXERS.map((m) => (
          <li key={m}>
            <LineSwatch className={`train-swatch train-${m}`} />
            {MIXER_NAMES[m]}
          </li>
        ))}
      </ul>
      <Chart
        title={`Test accuracy against the load kv, ${STREAM_NAMES[stream]}, mean of the seeds that trained (of ${seeds}) with their range, runs that never trained as rings, d = ${d}`}
        xDomain={[Math.min(...log), Math.max(...log)]}
        xTicks={log}
        xFormat={(t) => String(2 ** t)}
        xLabel="pairs to recall, kv (doubling)"
        yLabel="test accuracy"
        yMax={1}
        yTicks={[0, 0.25, 0.5, 0.75, 1]}
        yFormat={(y) => (y === 0 ? '0' : f2(y))}
        lines={lines}
        mark={{ x: Math.log2(d), label: 'kv = d' }}
        floor={{ y: 1 / candidates, label: `chance, 1 in ${candidates}` }}
        guess={guess}
        size={GRID_CHART}
      />
      <GridTable cells={cells} stream={stream} loads={loads} d={d} seeds={seeds} />
    </div>
  );
});

/**
 * A table that may scroll sideways in its own region, its caption above the region rather than
 * in the table, so a phone shows it whole while the table scrolls; the region's edges shade where
 * more of the table lies (train.css).
 */
export function TableRegion({ id, caption, children }: { id: string; caption: ReactNode; children: ReactNode }) {
  return (
    <div className="train-table-block">
      <p className="train-table-caption" id={id}>
        {caption}
      </p>
      <div className="train-table-region" role="region" aria-labelledby={id} tabIndex={0}>
        <table className="train-table" aria-labelledby={id}>
          {children}
        </table>
      </div>
    </div>
  );
}

/** Every mean of the stored grid on one stream, its range and what each memory keeps; the page without script shows one a stream. */
export function GridTable({
  cells,
  stream,
  loads,
  d,
  seeds,
  where = 'figure',
}: {
  cells: readonly StoredCell[];
  stream: MqarStream;
  loads: readonly number[];
  d: number;
  seeds: number;
  /** Where the table stands, so its caption's id is unique in the page: in the figure, or in the fold of every stream. */
  where?: 'figure' | 'fold';
}) {
  return (
    <TableRegion
      id={`train-${where}-table-${stream}`}
      caption={`Test accuracy on ${STREAM_NAMES[stream]}: the mean of the seeds that trained (of ${seeds}), their range below it, any seed that never trained, then the numbers the memory keeps once it has read the sequence (d = ${d}).`}
    >
      <thead>
        <tr>
          <th scope="col">Memory</th>
          {loads.map((kv) => (
            <th key={kv} scope="col">{`kv = ${kv}`}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {MIXERS.map((m: Mixer) => (
          <tr key={m}>
            <th scope="row">{MIXER_NAMES[m]}</th>
            {loads.map((kv) => {
              const s = storedSpread(cells, stream, kv, m);
              return (
                <td key={kv}>
                  {s && s.seeds > 0 ? f2(s.mean) : '…'}
                  <span className="train-range">{s && s.seeds > 0 ? `${f2(s.min)}–${f2(s.max)}` : ''}</span>
                  {s?.untrained ? (
                    <span className="train-range train-untrained">{`${s.untrained} of ${s.seeds + s.untrained} never trained, left out`}</span>
                  ) : null}
                  <span className="train-kept">{`${integer(kept(m, d, stream, kv))} numbers`}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}
