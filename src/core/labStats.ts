/**
 * The lab's numbers over many streams: running sums of each method's scores at each checkpoint,
 * turned into means with their standard errors; the analytic curves the means are checked
 * against (research/capacity.md §4.2); and the arithmetic one run needs, for the benchmark.
 */
import { requirePositiveInteger } from './checks';
import { checkpoints, LAB_METHODS, type LabGates, type LabMethod, type LabResult, labRun } from './lab';
import { type LabStream, labPairs } from './labStreams';

/** Per method, per checkpoint: streams, Σ error, Σ error², Σ squared error, Σ accuracy, Σ accuracy². */
export type LabTally = { streams: number; sums: Record<LabMethod, number[][]> };

export function emptyTally(points: number): LabTally {
  const sums = Object.fromEntries(LAB_METHODS.map((m) => [m, Array.from({ length: points }, () => [0, 0, 0, 0, 0])])) as Record<LabMethod, number[][]>;
  return { streams: 0, sums };
}

/** Adds one stream's result; the tally is changed in place and returned. */
export function addRun(t: LabTally, r: LabResult): LabTally {
  for (const m of LAB_METHODS) {
    r[m].forEach((s, i) => {
      const row = t.sums[m][i]!;
      row[0]! += s.error;
      row[1]! += s.error * s.error;
      row[2]! += s.squared;
      row[3]! += s.accuracy;
      row[4]! += s.accuracy * s.accuracy;
    });
  }
  t.streams++;
  return t;
}

export interface LabCell {
  n: number;
  error: number;
  errorSe: number;
  /** Root of the mean squared read error: what the analytic curves give. */
  rms: number;
  accuracy: number;
  accuracySe: number;
}

const se = (sum: number, sumSq: number, k: number) => (k > 1 ? Math.sqrt(Math.max(0, (sumSq - (sum * sum) / k) / (k - 1)) / k) : 0);

/** Means and standard errors over the streams run, for one method. */
export function cellsOf(t: LabTally, method: LabMethod, at: readonly number[]): LabCell[] {
  const k = t.streams;
  if (k === 0) return [];
  return t.sums[method].map((row, i) => ({
    n: at[i]!,
    error: row[0]! / k,
    errorSe: se(row[0]!, row[1]!, k),
    rms: Math.sqrt(row[2]! / k),
    accuracy: row[3]! / k,
    accuracySe: se(row[3]!, row[4]!, k),
  }));
}

/** 𝔼χ_d/√d: the mean length of a d-dimensional standard normal vector, over √d. */
export function chiMeanFactor(d: number): number {
  // r(d) = 𝔼χ_d = √2 Γ((d+1)/2)/Γ(d/2) obeys r(d) r(d+1) = d, from r(1) = √(2/π).
  let r = Math.sqrt(2 / Math.PI);
  for (let k = 1; k < d; k++) r = k / r;
  return r / Math.sqrt(d);
}

/** Additive writes of random unit keys and values: RMS read error √((n − 1)/d), exactly in expectation. */
export const additiveRms = (d: number, n: number) => Math.sqrt(Math.max(0, n - 1) / d);

/** …and its mean read error, about c_d √((n − 1)/d) with c_d = 𝔼χ_d/√d. */
export const additiveMean = (d: number, n: number) => chiMeanFactor(d) * additiveRms(d, n);

/** The least-squares state: exact up to n = d, then an RMS residual of √(1 − d/n). */
export const leastSquaresRms = (d: number, n: number) => (n <= d ? 0 : Math.sqrt(1 - d / n));

/**
 * Multiply-adds a run of one stream needs, method by method: the writes, the keys' dot products
 * the attention reads share, and at each checkpoint every fact's read, the nearest-value search
 * (at most every fact against every other) and the least-squares solve.
 */
export function labWork(d: number, at: readonly number[]): number {
  const length = at.at(-1) ?? 0;
  let work = (length * length * d) / 2;
  let written = 0;
  for (const n of at) {
    // Four rules: a write is a read and an outer product (decays aside).
    work += 4 * (n - written) * 2 * d * d;
    // Least squares: below d facts a Gram matrix of n keys; from d on, each new pair's share of
    // KᵀK and KᵀV; then a Cholesky factor and d solves.
    const m = Math.min(n, d);
    work += n < d ? n * n * d + n * n * d : (n - Math.max(written, d)) * 2 * d * d + (written < d ? d * 2 * d * d : 0);
    work += m ** 3 / 3 + 2 * m * m * d;
    written = n;
    // Five state reads of every fact, and every fact searched for the nearest value, for seven methods.
    work += 5 * n * d * d + 7 * n * n * d;
    // Attention: each read's logits from the shared dot products, and its weighted sum.
    work += 2 * n * n + 2 * n * d;
  }
  return work;
}

/** A run as the lab asks for it: one state size, stream kind and set of gates, over seeds 1..streams. */
export interface LabRequest {
  d: number;
  stream: LabStream;
  gates: LabGates;
  streams: number;
}

/**
 * Runs the request's streams in seed order, adding each to one tally; `after` sees the tally
 * after every stream (the lab's worker posts it from there). Seeds start at 1, so a run of k
 * streams is the first k streams of any longer run.
 */
export function runLab(req: LabRequest, after?: (t: LabTally) => void): LabTally {
  requirePositiveInteger('streams', req.streams);
  const at = checkpoints(req.d);
  const tally = emptyTally(at.length);
  for (let seed = 1; seed <= req.streams; seed++) {
    addRun(tally, labRun(labPairs(req.stream, req.d, at.at(-1)!, seed), at, req.gates));
    after?.(tally);
  }
  return tally;
}
