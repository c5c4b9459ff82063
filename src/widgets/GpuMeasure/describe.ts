/**
 * What a run says, computed from it: the fit per head count, the model's curve for the chunking figure's reference GPU beside it,
 * the sentences under the chart, and the rows of the CSV and JSON downloads.
 */
import type { Gpu } from '../../core/costInputs';
import { optimalChunk, prefillTime, recurrentTime } from '../../core/costModel';
import { achievedFlops, crossover, fastest, fitModel, type Fit, type MeasuredPoint, modelMs } from '../../core/gpuSweep';
import type { AdapterFacts, CheckResult, MeasureRequest, TimedPoint } from './protocol';
import type { MeasureRun } from './useMeasure';

export const SOFTWARE = 'software: timings not meaningful';

/** The cost model's time on a GPU at one point, in ms: the recurrent kernel at C = 1. */
export function gpuModelMs(gpu: Gpu, p: { L: number; d: number; heads: number; C: number }): number {
  const t = p.C === 1 ? recurrentTime({ ...p, gpu }) : prefillTime({ ...p, gpu });
  return t.totalSeconds * 1000;
}

export function measured(req: MeasureRequest, points: readonly TimedPoint[]): MeasuredPoint[] {
  return points.map((p) => ({ L: req.L, d: req.d, heads: p.heads, C: p.C, ms: p.ms }));
}

/** The fit to one head count's points, once it has two. */
export function fitFor(points: readonly MeasuredPoint[], heads: number): Fit | null {
  const mine = points.filter((p) => p.heads === heads);
  return mine.length >= 2 ? fitModel(mine) : null;
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toPrecision(3) : x.toPrecision(2));
/** 1, 8 and 32. */
const list = (xs: readonly number[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
const times = (x: number) => (x >= 10 ? x.toFixed(0) : x.toFixed(1));

/** The adapter in words; `labelled` leaves out the software warning where the caller shows it on its own. */
export function adapterWords(a: AdapterFacts, labelled = false): string {
  const name = [a.vendor, a.architecture, a.description].filter((s) => s !== '').join(' ') || 'an adapter that gives no name';
  return `${name}${a.fallback && !labelled ? ` (${SOFTWARE})` : ''}; ${a.timestamps ? 'timestamp queries' : 'no timestamp queries: wall clock'}`;
}

/** How the points were timed, and the step that bounds them: the coarsest timestamp step, or the empty submission taken off the wall clock. */
export function methodWords(points: readonly TimedPoint[]): string {
  const stamped = points.filter((p) => p.method === 'timestamps');
  const walled = points.filter((p) => p.method === 'wall clock');
  const parts: string[] = [];
  if (stamped.length > 0) parts.push(`timed by timestamp queries in steps of ${Math.max(...stamped.map((p) => p.resolution))} ns`);
  if (walled.length > 0)
    parts.push(`timed by the wall clock, less an empty submission of up to ${Math.max(...walled.map((p) => p.resolution)).toPrecision(2)} ms`);
  return parts.join('; ');
}

/** The sentences under the chart, for the head count drawn. */
export function sentences(run: MeasureRun, heads: number, reference: Gpu): string[] {
  const req = run.request;
  if (!req || run.points.length === 0) return [];
  const pts = measured(req, run.points);
  const out: string[] = [];
  const best = fastest(pts, heads);
  const one = pts.find((p) => p.heads === heads && p.C === 1);
  if (best) {
    out.push(
      `With ${heads} head${heads === 1 ? '' : 's'} the fastest chunk measured here was C = ${best.C}, ${ms(best.ms)} ms` +
        (one && one.C !== best.C ? `; token by token took ${ms(one.ms)} ms, ${times(one.ms / best.ms)} times as long.` : '.'),
    );
  }
  const cross = crossover(pts);
  const chunkedWins = cross.filter((c) => c.ratio > 1).map((c) => c.heads);
  const tokenWins = cross.filter((c) => c.ratio <= 1).map((c) => c.heads);
  if (cross.length > 1) {
    out.push(
      chunkedWins.length === 0
        ? `Token by token beat every chunk size at ${list(tokenWins)} heads.`
        : tokenWins.length === 0
          ? `Chunked beat token by token at ${list(chunkedWins)} heads.`
          : `Token by token won at ${list(tokenWins)} head${tokenWins.length === 1 && tokenWins[0] === 1 ? '' : 's'}, chunked at ${list(chunkedWins)}.`,
    );
  }
  const fit = fitFor(pts, heads);
  if (fit) {
    const cs = pts.filter((p) => p.heads === heads).map((p) => p.C);
    const bestFit = cs.reduce((b, C) => (modelMs(fit, { ...req, heads, C }) < modelMs(fit, { ...req, heads, C: b }) ? C : b));
    // Under a nanosecond is rounding in the fit, not a cost.
    const step = fit.stepSeconds >= 1e-9 ? `${(fit.stepSeconds * 1e6).toPrecision(3)} µs a sequential step` : 'no cost per sequential step';
    const gflops = Number.isFinite(fit.flopsPerSecond) ? `${(fit.flopsPerSecond / 1e9).toPrecision(3)} GFLOP/s` : 'no cost per FLOP';
    out.push(`Fitted to these points, the model has ${gflops} and ${step}; its fastest chunk is C = ${bestFit}.`);
  }
  const candidates = pts.filter((p) => p.heads === heads && p.C > 1).map((p) => p.C);
  if (candidates.length > 0) {
    const model = optimalChunk({ L: req.L, d: req.d, heads, gpu: reference, candidates });
    out.push(`The cost model of an ${reference.name} puts it at C = ${model.C}, ${ms(model.time.totalSeconds * 1000)} ms.`);
  }
  const worst = run.checks.filter((c) => c.rule === req.rule).reduce<CheckResult | null>((w, c) => (w === null || c.error > w.error ? c : w), null);
  if (worst) out.push(`Against float64 the largest error was ${worst.error.toPrecision(2)} of the output's scale, at C = ${worst.C}.`);
  const apart = run.checks
    .filter((c) => c.rule === req.rule)
    .reduce<CheckResult | null>((w, c) => (w === null || c.vsRecurrence > w.vsRecurrence ? c : w), null);
  if (apart)
    out.push(
      `Chunked against token by token: at every C the output differs from the recurrence by at most ${apart.vsRecurrence.toExponential(1)} (at C = ${apart.C}), on outputs up to ${apart.scale.toPrecision(2)}.`,
    );
  return out;
}

export interface MeasureRow {
  rule: string;
  L: number;
  d: number;
  heads: number;
  C: number;
  ms: number;
  gflops: number;
  method: string;
  reps: number;
  resolution: number;
  path: string;
  checkError: number | null;
  /** max |output at this C − the token-by-token recurrence| on the small case. */
  maxDiffFromRecurrence: number | null;
  referenceModelMs: number;
}

export function rows(run: MeasureRun, reference: Gpu): MeasureRow[] {
  const req = run.request;
  if (!req) return [];
  return run.points.map((p) => {
    const at = { L: req.L, d: req.d, heads: p.heads, C: p.C };
    return {
      rule: req.rule,
      ...at,
      ms: p.ms,
      gflops: achievedFlops({ ...at, ms: p.ms }) / 1e9,
      method: p.method,
      reps: p.reps,
      resolution: p.resolution,
      path: p.path,
      checkError: run.checks.find((c) => c.C === p.C && c.rule === req.rule)?.error ?? null,
      maxDiffFromRecurrence: run.checks.find((c) => c.C === p.C && c.rule === req.rule)?.vsRecurrence ?? null,
      referenceModelMs: gpuModelMs(reference, at),
    };
  });
}

const METHOD =
  'Each kernel checked against float64 first, and its output set against the float64 token-by-token recurrence (maxDiffFromRecurrence); each point the median of 5 samples after 2 warm-ups, timed by timestamp queries at the ends of one compute pass of R runs, or else by the wall clock over batches of 20 ms or more less an empty submission. GFLOP/s are these kernels’, not the hardware’s limit.';

export function csv(run: MeasureRun, reference: Gpu): string {
  const r = rows(run, reference);
  const head = `# ${METHOD}\r\n# adapter: ${run.adapter ? adapterWords(run.adapter) : 'none'}; started ${run.started}\r\n`;
  const keys = Object.keys(r[0] ?? {}) as (keyof MeasureRow)[];
  return `${head}${[keys.join(','), ...r.map((x) => keys.map((k) => String(x[k] ?? '')).join(','))].join('\r\n')}\r\n`;
}

export function json(run: MeasureRun, reference: Gpu): string {
  return `${JSON.stringify({ method: METHOD, adapter: run.adapter, started: run.started, settings: run.request, status: run.status, checks: run.checks, points: rows(run, reference) }, null, 1)}\n`;
}
