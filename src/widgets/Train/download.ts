/**
 * A reader's run as a file: its settings, the seed of every part it drew (embeddings, parameters,
 * training batches, validation and test sequences), its curve and its scores. CSV is one row a
 * point of the curve, each row carrying the settings; JSON is the whole run.
 */
import type { CellResult, CellSpec } from '../../core/mqar/run';
import { partSeed } from '../../core/mqar/task';

export function runJson(spec: CellSpec, curve: CellResult['curve'], result: CellResult | null, stepsTaken: number): string {
  const seeds = Object.fromEntries((['embeddings', 'params', 'train', 'validation', 'test'] as const).map((p) => [p, partSeed(spec.seed, p)]));
  const file = {
    what: 'One memory trained on multi-query associative recall in the browser, from the essay "every architectural step is an eviction policy"',
    code: 'src/core/mqar/ (run.ts: startCell and runCell)',
    settings: spec,
    seeds,
    stepsTaken,
    curve,
    validation: result?.validation ?? null,
    test: result?.test ?? null,
    diverged: result?.diverged ?? null,
  };
  return `${JSON.stringify(file, null, 1)}\n`;
}

export function runCsv(spec: CellSpec, curve: CellResult['curve']): string {
  const settings = Object.entries(spec);
  const header = [...settings.map(([k]) => k), 'step', 'meanTrainingLoss', 'meanTrainingAccuracy'];
  const rows = curve.map((p) => [...settings.map(([, v]) => String(v)), String(p.step), String(p.loss), String(p.accuracy)].join(','));
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`;
}
