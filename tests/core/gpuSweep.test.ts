import { describe, expect, it } from 'vitest';
import {
  achievedFlops,
  crossover,
  fitModel,
  median,
  modelMs,
  pointFlops,
  repetitions,
  sweepPlan,
  TIMING,
  timePoint,
  timestampStep,
  type MeasuredPoint,
  type TimedDevice,
} from '../../src/core/gpuSweep';

/**
 * A device whose kernel takes `runMs` per run on a clock that only moves when it runs, whose
 * submissions cost `submitMs` of wall time, and whose timestamps (if any) are coarsened to `stepNs`.
 */
function fakeDevice({ runMs, submitMs, stepNs, warmMs = 0 }: { runMs: number; submitMs: number; stepNs: number | null; warmMs?: number }) {
  let clock = 0;
  const calls: number[] = [];
  const device: TimedDevice = {
    now: () => clock,
    empty: async () => {
      clock += submitMs;
    },
    run: async (reps) => {
      // The first run pays a compile of warmMs.
      const extra = calls.length < 1 ? warmMs : 0;
      calls.push(reps);
      const gpuMs = reps * runMs + extra;
      clock += submitMs + gpuMs;
      if (stepNs === null) return null;
      const ns = BigInt(Math.round(gpuMs * 1e6));
      const step = BigInt(stepNs);
      return (ns / step) * step;
    },
  };
  return { device, calls };
}

describe('the sweep plan', () => {
  it('runs C = 1 to 256 in powers of two for 1, 8 and 32 heads, heads outermost', () => {
    const plan = sweepPlan({ L: 4096 });
    expect(plan).toHaveLength(27);
    expect(plan.slice(0, 9).map((p) => p.C)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256]);
    expect(plan.map((p) => p.heads).filter((h, i, a) => a.indexOf(h) === i)).toEqual([1, 8, 32]);
  });
  it('leaves out chunks longer than the sequence', () => {
    expect(sweepPlan({ L: 64, heads: [1] }).map((p) => p.C)).toEqual([1, 2, 4, 8, 16, 32, 64]);
  });
  it('counts a point’s FLOPs as research §2.2 does: L(10Cd + 6d² + C²/3) per head', () => {
    expect(pointFlops({ L: 4096, d: 128, heads: 8, C: 64 })).toBeCloseTo(8 * 4096 * (10 * 64 * 128 + 6 * 128 * 128 + (64 * 64) / 3), 0);
  });
});

describe('the timing arithmetic', () => {
  it('takes the middle of an odd count and the mean of the middle two of an even one', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('finds Chrome’s 65,536 ns step in masked timestamps, and 1 ns where nothing is masked', () => {
    expect(timestampStep([65536n * 3n, 65536n * 17n])).toBe(65536);
    expect(timestampStep([65536n * 3n, 1234567n])).toBe(1);
  });
  it('repeats a short kernel until a sample spans the target, and never fewer than once', () => {
    expect(repetitions(0.3, 20)).toBe(67);
    expect(repetitions(50, 20)).toBe(1);
  });

  it('with timestamps: drops the warm-ups and reports the median per run, within one step over R runs', async () => {
    const { device, calls } = fakeDevice({ runMs: 0.25, submitMs: 3, stepNs: 65536, warmMs: 40 });
    const t = await timePoint(device);
    expect(t.method).toBe('timestamps');
    expect(t.kept).toHaveLength(TIMING.samples);
    expect(calls).toHaveLength(2 + TIMING.warmups + TIMING.samples);
    // 20 steps of 100 µs = 2 ms a sample, from a probe that the step rounds down.
    expect(t.reps * 0.25).toBeGreaterThanOrEqual(2);
    expect(Math.abs(t.ms - 0.25)).toBeLessThanOrEqual(65536e-6 / t.reps);
    expect(t.resolution).toBe(65536);
  });

  it('without timestamps: batches of at least 20 ms, less the empty submission, divided by R', async () => {
    const { device } = fakeDevice({ runMs: 0.5, submitMs: 4, stepNs: null, warmMs: 100 });
    const t = await timePoint(device);
    expect(t.method).toBe('wall clock');
    expect(t.reps * 0.5).toBeGreaterThanOrEqual(20);
    expect(t.resolution).toBe(4);
    // The submission's 4 ms is gone: exactly the kernel's time per run is left.
    expect(t.ms).toBeCloseTo(0.5, 12);
  });

  it('without the baseline the same batches would read 4 ms too long: the subtraction matters', async () => {
    const { device } = fakeDevice({ runMs: 0.5, submitMs: 4, stepNs: null });
    const t = await timePoint(device);
    expect(t.ms * t.reps + t.resolution).toBeCloseTo(0.5 * t.reps + 4, 9);
  });
});

describe('the fitted cost model', () => {
  const truth = { flopsPerSecond: 2e11, stepSeconds: 8e-6 };
  const points: MeasuredPoint[] = [1, 2, 4, 8, 16, 32, 64, 128, 256].map((C) => {
    const p = { L: 4096, d: 64, heads: 8, C };
    return { ...p, ms: modelMs(truth, p) };
  });

  it('recovers the throughput and per-step latency that made the points', () => {
    const fit = fitModel(points);
    expect(fit.flopsPerSecond / truth.flopsPerSecond).toBeCloseTo(1, 9);
    expect(fit.stepSeconds / truth.stepSeconds).toBeCloseTo(1, 9);
  });

  it('has a U with its bottom where latency and arithmetic meet', () => {
    const ms = points.map((p) => p.ms);
    const best = ms.indexOf(Math.min(...ms));
    expect(best).toBeGreaterThan(0);
    expect(best).toBeLessThan(ms.length - 1);
  });

  it('keeps both parameters non-negative when the points ask for a negative one', () => {
    // Time falling faster with C than steps alone allow would need negative FLOP cost.
    const odd = points.map((p) => ({ ...p, ms: 100 / p.C ** 2 }));
    const fit = fitModel(odd);
    expect(fit.flopsPerSecond).toBeGreaterThanOrEqual(0);
    expect(fit.stepSeconds).toBeGreaterThanOrEqual(0);
  });

  it('gives points that cost only steps an infinite throughput and their latency', () => {
    const steps = points.map((p) => ({ ...p, ms: (1000 * 2e-6 * p.L) / p.C }));
    const fit = fitModel(steps);
    expect(fit.flopsPerSecond).toBe(Number.POSITIVE_INFINITY);
    expect(fit.stepSeconds).toBeCloseTo(2e-6, 15);
  });

  it('refuses to fit a single point', () => {
    expect(() => fitModel(points.slice(0, 1))).toThrow(/two points/);
  });
});

describe('what the run says', () => {
  it('finds where token by token and chunked cross as heads grow', () => {
    const pts: MeasuredPoint[] = [
      { L: 64, d: 8, heads: 1, C: 1, ms: 2 },
      { L: 64, d: 8, heads: 1, C: 16, ms: 4 },
      { L: 64, d: 8, heads: 32, C: 1, ms: 30 },
      { L: 64, d: 8, heads: 32, C: 16, ms: 10 },
      { L: 64, d: 8, heads: 32, C: 32, ms: 12 },
    ];
    expect(crossover(pts)).toEqual([
      { heads: 1, ratio: 0.5, bestC: 16 },
      { heads: 32, ratio: 3, bestC: 16 },
    ]);
  });
  it('gives FLOP/s as FLOPs over seconds', () => {
    const p = { L: 4096, d: 64, heads: 1, C: 64, ms: 10 };
    expect(achievedFlops(p)).toBeCloseTo(pointFlops(p) / 0.01, 3);
  });
});
