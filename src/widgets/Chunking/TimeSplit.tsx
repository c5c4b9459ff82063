/**
 * Where the modelled time goes at the chosen chunk size, without overlap: a bar split into
 * tensor-core work, memory traffic, sequential steps and launch overhead, and the same in words.
 */
import { memo } from 'react';
import { integer, time } from '../../format';
import { Swatch } from '../../viz/Legend';
import { Steady } from '../../viz/Steady';
import { WIDEST_LENGTH } from './model';
import { cssPercent } from '../../viz/cssPercent';

interface Part {
  key: string;
  label: string;
  seconds: number;
  className: string;
}

function Parts({ parts, total }: { parts: readonly Part[]; total: number }) {
  return (
    <ul className="chunking-parts">
      {parts.map((p) => (
        <li key={p.key}>
          <Swatch className={`chunking-swatch ${p.className}`} /> {p.label}: {time(p.seconds)} ({Math.round((100 * p.seconds) / total)}%)
        </li>
      ))}
    </ul>
  );
}

const PART_LABELS: readonly Omit<Part, 'seconds'>[] = [
  { key: 'tensor', label: 'tensor-core work', className: 'is-tensor' },
  { key: 'memory', label: 'memory traffic', className: 'is-memory' },
  { key: 'seq', label: 'sequential steps', className: 'is-seq' },
  { key: 'fixed', label: 'launch overhead', className: 'is-fixed' },
];

/** Stand-ins as wide as anything the boxes show: three significant digits, the widest unit. */
const WIDEST_SECONDS = 0.888;
const PARTS_TEMPLATE = <Parts parts={PART_LABELS.map((p) => ({ ...p, seconds: WIDEST_SECONDS }))} total={WIDEST_SECONDS} />;
const TITLE_TEMPLATE = `Where the time goes at C = ${integer(WIDEST_LENGTH)} (no overlap): ${time(WIDEST_SECONDS)}`;

interface TimeSplitProps {
  C: number;
  tensor: number;
  memory: number;
  sequential: number;
  overhead: number;
  total: number;
}

export const TimeSplit = memo(function TimeSplit({ C, tensor, memory, sequential, overhead, total }: TimeSplitProps) {
  const seconds = [tensor, memory, sequential, overhead];
  const parts: Part[] = PART_LABELS.map((p, i) => ({ ...p, seconds: seconds[i]! }));
  return (
    <div className="chunking-split">
      <Steady className="chunking-split-title" template={TITLE_TEMPLATE}>
        Where the time goes at C = {integer(C)} (no overlap): {time(total)}
      </Steady>
      <div className="chunking-bar" aria-hidden="true">
        {parts.map((p) => (
          <span key={p.key} className={`chunking-bar-part ${p.className}`} style={{ width: cssPercent((100 * p.seconds) / total) }} />
        ))}
      </div>
      <Steady className="chunking-parts-box" template={PARTS_TEMPLATE}>
        <Parts parts={parts} total={total} />
      </Steady>
    </div>
  );
});
