/**
 * The arithmetic of timing the delta rule's kernels on a reader's GPU (research/webgpu.md A.3,
 * A.5): the sweep's plan, turning timestamps or wall-clock batches into one time per point, and
 * fitting the cost model's two free parameters (throughput, per-step latency) to the points.
 * No GPU here: a device is anything that can run a kernel R times and say how long it took.
 */
import { requirePositiveInteger } from './checks';
import { prefillFlops, sequentialSteps } from './flops';

export const SWEEP_CHUNKS = [1, 2, 4, 8, 16, 32, 64, 128, 256] as const;
export const SWEEP_HEADS = [1, 8, 32] as const;

export interface SweepPoint {
  readonly heads: number;
  readonly C: number;
}

/** Every C for each head count, heads outermost, so the crossover appears as the run goes. */
export function sweepPlan({
  L,
  chunks = SWEEP_CHUNKS,
  heads = SWEEP_HEADS,
}: {
  L: number;
  chunks?: readonly number[];
  heads?: readonly number[];
}): SweepPoint[] {
  requirePositiveInteger('L', L);
  return heads.flatMap((h) => chunks.filter((C) => C <= L).map((C) => ({ heads: h, C })));
}

/** Dense FLOPs of one point: the §2.2 count summed over heads (C = 1 is the recurrence's 6d² + 10d + 1/3 per token). */
export function pointFlops({ L, d, heads, C }: { L: number; d: number; heads: number; C: number }): number {
  return heads * prefillFlops({ L, d, C });
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of nothing');
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

/**
 * The step timestamps come in: the largest power of two (up to 2²⁰ ns) dividing every difference,
 * 1 when nothing is coarsened. Chrome masks the low 16 bits: 65,536 ns.
 */
export function timestampStep(diffsNs: readonly bigint[]): number {
  let step = 1n;
  for (let k = 20n; k > 0n; k--) {
    const s = 1n << k;
    if (diffsNs.length > 0 && diffsNs.every((x) => x % s === 0n)) {
      step = s;
      break;
    }
  }
  return Number(step);
}

/** Repetitions so that one sample spans at least `targetMs`, from one probe run. */
export function repetitions(probeMs: number, targetMs: number, max = 1000): number {
  if (!(probeMs > 0)) return max;
  return Math.min(max, Math.max(1, Math.ceil(targetMs / probeMs)));
}

/** What a device offers the harness: R runs in one submission, timed by timestamps when it has them. */
export interface TimedDevice {
  /** GPU nanoseconds between the first run's start and the last's end, or null without timestamps. */
  run(reps: number): Promise<bigint | null>;
  /** An empty submission, awaited to completion: the wall clock's baseline. */
  empty(): Promise<void>;
  /** Milliseconds, monotonic. */
  now(): number;
}

export interface TimingOptions {
  /** Samples dropped first (compilation, clocks ramping up). */
  readonly warmups: number;
  readonly samples: number;
  /** Least length of one wall-clock batch. */
  readonly batchMs: number;
  /** Least length of one timestamped sample, in timestamp steps. */
  readonly steps: number;
}

export const TIMING: TimingOptions = { warmups: 2, samples: 5, batchMs: 20, steps: 20 };

export interface Timing {
  /** Median milliseconds of one run. */
  readonly ms: number;
  readonly method: 'timestamps' | 'wall clock';
  /** Runs per sample. */
  readonly reps: number;
  /** Each kept sample, ms per run. */
  readonly kept: readonly number[];
  /** The timestamp step in ns, or the empty submission's median in ms for the wall clock. */
  readonly resolution: number;
}

async function wall(device: TimedDevice, reps: number): Promise<number> {
  const t0 = device.now();
  await device.run(reps);
  return device.now() - t0;
}

/**
 * One point's time: a first run, then a probe that sets R; then warm-ups and samples, each R runs in one submission.
 * With timestamps each sample is (end − start)/R, R making it span `steps` of the coarsest step
 * Chrome uses (100 µs); without, each batch's kernels last ≥ batchMs beyond the submission and an empty submission's median is
 * taken off before dividing by R. The median of the kept samples is the point.
 */
export async function timePoint(device: TimedDevice, o: TimingOptions = TIMING): Promise<Timing> {
  // The first run compiles and uploads; only the second says how long one run takes.
  const first = await device.run(1);
  const probeNs = first === null ? null : await device.run(1);
  if (probeNs !== null) {
    const reps = repetitions(Number(probeNs) / 1e6, (o.steps * 100_000) / 1e6);
    const all: number[] = [];
    const diffs: bigint[] = [probeNs];
    for (let i = 0; i < o.warmups + o.samples; i++) {
      const ns = await device.run(reps);
      // Timestamps may rarely run backwards; the spec says such samples can be ignored.
      if (ns === null || ns <= 0n) continue;
      diffs.push(ns);
      all.push(Number(ns) / 1e6 / reps);
    }
    const kept = all.slice(o.warmups);
    if (kept.length > 0) return { ms: median(kept), method: 'timestamps', reps, kept, resolution: timestampStep(diffs) };
  }
  const empties: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = device.now();
    await device.empty();
    empties.push(device.now() - t0);
  }
  const baseline = median(empties);
  const reps = repetitions((await wall(device, 1)) - baseline, o.batchMs);
  const all: number[] = [];
  for (let i = 0; i < o.warmups + o.samples; i++) all.push(Math.max(0, (await wall(device, reps)) - baseline) / reps);
  const kept = all.slice(o.warmups);
  return { ms: median(kept), method: 'wall clock', reps, kept, resolution: baseline };
}

/** The cost model with two free parameters: t(C) = FLOPs / P + steps · τ, steps = ⌈L/C⌉ (one head's steps run beside the others'). */
export interface Fit {
  /** Effective throughput P, FLOP/s; infinite where the points show no cost per FLOP. */
  readonly flopsPerSecond: number;
  /** Per-step latency τ, seconds. */
  readonly stepSeconds: number;
}

export interface MeasuredPoint {
  readonly L: number;
  readonly d: number;
  readonly heads: number;
  readonly C: number;
  readonly ms: number;
}

export function modelMs(fit: Fit, p: { L: number; d: number; heads: number; C: number }): number {
  const flopsTerm = fit.flopsPerSecond > 0 ? pointFlops(p) / fit.flopsPerSecond : 0;
  return 1000 * (flopsTerm + sequentialSteps(p) * fit.stepSeconds);
}

/**
 * Least squares in relative error (each point weighted by 1/t², as times span decades) for
 * x = 1/P ≥ 0 and τ ≥ 0: the 2 × 2 normal equations, or the better one-parameter fit where either
 * comes out negative. Throws on fewer than two points.
 */
export function fitModel(points: readonly MeasuredPoint[]): Fit {
  if (points.length < 2) throw new Error(`a fit needs two points, got ${points.length}`);
  const rows = points.map((p) => {
    const t = p.ms / 1000;
    return { a: pointFlops(p) / t, b: sequentialSteps(p) / t };
  });
  let aa = 0;
  let ab = 0;
  let bb = 0;
  let a1 = 0;
  let b1 = 0;
  for (const { a, b } of rows) {
    aa += a * a;
    ab += a * b;
    bb += b * b;
    a1 += a;
    b1 += b;
  }
  const det = aa * bb - ab * ab;
  const x = det !== 0 ? (a1 * bb - b1 * ab) / det : -1;
  const tau = det !== 0 ? (b1 * aa - a1 * ab) / det : -1;
  if (x >= 0 && tau >= 0) return { flopsPerSecond: x > 0 ? 1 / x : Number.POSITIVE_INFINITY, stepSeconds: tau };
  const residual = (fx: number, ft: number) => rows.reduce((s, r) => s + (r.a * fx + r.b * ft - 1) ** 2, 0);
  const onlyX = aa > 0 ? a1 / aa : 0;
  const onlyTau = bb > 0 ? b1 / bb : 0;
  return residual(onlyX, 0) <= residual(0, onlyTau)
    ? { flopsPerSecond: onlyX > 0 ? 1 / onlyX : Number.POSITIVE_INFINITY, stepSeconds: 0 }
    : { flopsPerSecond: Number.POSITIVE_INFINITY, stepSeconds: onlyTau };
}

/** The fastest point of each head count. */
export function fastest(points: readonly MeasuredPoint[], heads: number): MeasuredPoint | null {
  return points.filter((p) => p.heads === heads).reduce<MeasuredPoint | null>((best, p) => (best === null || p.ms < best.ms ? p : best), null);
}

/**
 * For each head count, how many times slower token by token (C = 1) ran than the best chunked
 * point: above 1 chunking wins. Head counts without both are left out.
 */
export function crossover(points: readonly MeasuredPoint[]): { heads: number; ratio: number; bestC: number }[] {
  const heads = [...new Set(points.map((p) => p.heads))].sort((a, b) => a - b);
  return heads.flatMap((h) => {
    const one = points.find((p) => p.heads === h && p.C === 1);
    const best = fastest(
      points.filter((p) => p.C > 1),
      h,
    );
    return one && best ? [{ heads: h, ratio: one.ms / best.ms, bestC: best.C }] : [];
  });
}

/** FLOP/s a point reached: its dense FLOPs over its time. */
export function achievedFlops(p: MeasuredPoint): number {
  return pointFlops(p) / (p.ms / 1000);
}
