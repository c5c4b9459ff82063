/**
 * The lab's words and numbers: the readout at n = 2d, the progress of a run, and the fold with
 * every mean of the run on screen.
 */
import { checkpoints, LAB_METHODS, type LabMethod } from '../../core/lab';
import { cellsOf, type LabTally } from '../../core/labStats';
import { Fold } from '../../viz/Fold';
import type { RunStatus } from './useLabRun';

export const METHOD_NAMES: Record<LabMethod, string> = {
  additive: 'additive',
  delta: 'delta',
  gatedDelta: 'gated delta',
  perChannelGated: 'per-channel gated',
  gdn2: 'Gated DeltaNet-2',
  leastSquares: 'least-squares state',
  cache: 'attention, whole cache',
  window: 'attention, window of d/2 pairs',
};

const f2 = (x: number) => x.toFixed(2);
const pct = (x: number) => `${Math.round(x * 100)}%`;
const load = (n: number, d: number) => (n === d ? 'd' : `${Math.round((4 * n) / d) / 4}d`);

/** The numbers at n = 2d, in words: each method's read error and nearest-value accuracy. */
export function readoutOf(tally: LabTally | null, d: number): string {
  if (!tally || tally.streams === 0) return `Running the first stream at d = ${d}…`;
  const at = checkpoints(d);
  const i = at.indexOf(2 * d);
  const parts = LAB_METHODS.map((m) => {
    const c = cellsOf(tally, m, at)[i]!;
    return `${METHOD_NAMES[m]} ${f2(c.error)} and ${pct(c.accuracy)}`;
  });
  return `At n = 2d = ${2 * d} pairs, mean over ${tally.streams} stream${tally.streams === 1 ? '' : 's'}, read error and nearest-value accuracy: ${parts.join('; ')}.`;
}

export function progressText(status: RunStatus, done: number, total: number, d: number): string {
  if (status === 'running') return `Running ${total} streams at d = ${d}.`;
  if (status === 'stopped') return `Stopped after ${done} of ${total} streams.`;
  if (status === 'failed') return `The run failed after ${done} of ${total} streams; this browser could not run the lab’s worker.`;
  return `Done: ${done} streams at d = ${d}.`;
}

export function NumbersTable({ tally, d }: { tally: LabTally | null; d: number }) {
  const at = checkpoints(d);
  const cells = tally && tally.streams > 0 ? LAB_METHODS.map((m) => cellsOf(tally, m, at)) : null;
  return (
    <Fold className="lab-numbers" summary="Every mean of this run, as a table">
      <div className="lab-table-region" role="region" aria-label="The run’s means, checkpoint by checkpoint" tabIndex={0}>
        <table className="lab-table">
          <caption>Mean read error, then nearest-value accuracy, at each n; d = {d}.</caption>
          <thead>
            <tr>
              <th scope="col">n</th>
              {LAB_METHODS.map((m) => (
                <th key={m} scope="col">
                  {METHOD_NAMES[m]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {at.map((n, i) => (
              <tr key={n}>
                <th scope="row">{`${n} (${load(n, d)})`}</th>
                {LAB_METHODS.map((m, j) => (
                  <td key={m}>{cells ? `${f2(cells[j]![i]!.error)} · ${pct(cells[j]![i]!.accuracy)}` : '…'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Fold>
  );
}
