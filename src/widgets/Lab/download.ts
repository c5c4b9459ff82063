/**
 * The lab's run as a file: one row a method and checkpoint, with the settings, the streams run,
 * each metric's mean and its standard error. Made in the page from the run on screen.
 */
import { checkpoints, LAB_METHODS } from '../../core/lab';
import { cellsOf, type LabTally } from '../../core/labStats';
import type { LabState } from './state';

export interface LabRow {
  d: number;
  n: number;
  method: string;
  stream: string;
  beta: number;
  alpha: number;
  erase: number;
  write: number;
  streams: number;
  meanReadError: number;
  readErrorStandardError: number;
  meanNearestValueAccuracy: number;
  nearestValueAccuracyStandardError: number;
}

export function labRows(tally: LabTally, s: LabState): LabRow[] {
  const at = checkpoints(s.d);
  return LAB_METHODS.flatMap((method) =>
    cellsOf(tally, method, at).map((c) => ({
      d: s.d,
      n: c.n,
      method,
      stream: s.stream,
      beta: s.beta,
      alpha: s.alpha,
      erase: s.erase,
      write: s.write,
      streams: tally.streams,
      meanReadError: c.error,
      readErrorStandardError: c.errorSe,
      meanNearestValueAccuracy: c.accuracy,
      nearestValueAccuracyStandardError: c.accuracySe,
    })),
  );
}

export function labCsv(rows: readonly LabRow[]): string {
  const header = Object.keys(rows[0] ?? {}) as (keyof LabRow)[];
  return `${[header.join(','), ...rows.map((r) => header.map((h) => String(r[h])).join(','))].join('\r\n')}\r\n`;
}

/** Saves `text` as a file the browser downloads. */
export function save(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
