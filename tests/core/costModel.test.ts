import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSUMPTIONS, type Gpu, type Overlap } from '../../src/core/costInputs';
import { bytesPerToken, optimalChunk, prefillTime, recurrentTime, stateKernelWaves } from '../../src/core/costModel';
import { compareWithMeasurements } from '../../src/core/measurements';
import { gpuById, gpus, hardware } from '../../src/content/hardware';

// The validated loader the page uses, so the tests model exactly the figures the page shows.
const GPUS: Gpu[] = gpus();
const gpu = (id: string): Gpu => gpuById(id);

const H100 = gpu('h100');
const µs = 1e-6;

/** Modelled time without T₀, in µs, as the research's tables state it. */
function microseconds(input: { L: number; d: number; C: number; heads: number; gpu: Gpu; overlap: Overlap }): number {
  return prefillTime({ ...input, overheadSeconds: 0 }).totalSeconds / µs;
}

function expectWithin(actual: number, expected: number, relative: number, absolute = 0): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.max(relative * Math.abs(expected), absolute));
}

describe('data/hardware.json', () => {
  it('holds the five GPUs the model is checked on, every figure sourced', () => {
    expect(hardware.gpus.map((g) => g.id)).toEqual(['a100', 'h100', 'h200', 'b200', 'gb200']);
    for (const g of hardware.gpus) {
      for (const figure of [g.tensorTflopsBf16Dense, g.hbmBandwidthTBps, g.sms, g.mmaTileM]) {
        expect(figure.source).toMatch(/^https:\/\//);
        expect(['official', 'secondary']).toContain(figure.status);
      }
    }
  });

  it('states the research §3 figures (ridge points 153, 295, 206, 281 FLOP/B)', () => {
    const ridge = (id: string): number => gpu(id).tensorFlops / gpu(id).bandwidth;
    expect(Math.round(ridge('a100'))).toBe(153);
    expect(Math.round(ridge('h100'))).toBe(295);
    expect(Math.round(ridge('h200'))).toBe(206);
    expect(Math.round(ridge('b200'))).toBe(281);
    expect(gpu('gb200')).toMatchObject({ tensorFlops: 2.5e15, bandwidth: 8e12, sms: 148 });
  });
});

describe('assumptions', () => {
  it('default to research §4.1', () => {
    expect(DEFAULT_ASSUMPTIONS).toEqual({
      etaMax: 0.5,
      etaBandwidth: 0.8,
      etaSequential: 0.4,
      tau0Seconds: 0.5e-6,
      tau1Seconds: 1e-6,
      stateBlockV: 64,
      overheadSeconds: 20e-6,
      overlap: 'sum',
    });
  });

  it('adds T₀ once and leaves the rest alone', () => {
    const base = { L: 4096, d: 128, C: 64, heads: 16, gpu: H100 };
    const without = prefillTime({ ...base, overheadSeconds: 0 });
    const withDefault = prefillTime(base);
    expect(withDefault.totalSeconds - without.totalSeconds).toBeCloseTo(20e-6, 12);
    expect(withDefault.sequentialSeconds).toBe(without.sequentialSeconds);
  });

  it('rejects nonsense', () => {
    const base = { L: 4096, d: 128, C: 64, heads: 16, gpu: H100 };
    expect(() => prefillTime({ ...base, C: 0.5 })).toThrow(/C/);
    expect(() => prefillTime({ ...base, C: Number.NaN })).toThrow(/C/);
    expect(() => prefillTime({ ...base, heads: 0 })).toThrow(/heads/);
    expect(() => prefillTime({ ...base, L: 10.5 })).toThrow(/L/);
    expect(() => prefillTime({ ...base, etaMax: 0 })).toThrow(/etaMax/);
    expect(() => prefillTime({ ...base, tau0Seconds: -1 })).toThrow(/tau0Seconds/);
    expect(() => prefillTime({ ...base, gpu: { ...H100, bandwidth: 0 } })).toThrow(/bandwidth/);
    expect(() => optimalChunk({ ...base, candidates: [] })).toThrow(/candidates/);
  });
});

describe('the research §4.2 worked example: H100, d = 128, L = 4096', () => {
  it('has the bytes per token of the table (minimal at C = d)', () => {
    const table: [number, number][] = [
      [16, 7488],
      [32, 5504],
      [64, 4608],
      [128, 4352],
      [256, 4608],
      [512, 5504],
      [1024, 7488],
    ];
    for (const [C, bytes] of table) expect(bytesPerToken(C, 128)).toBe(bytes);
  });

  it('reproduces every term of the B·H = 16 table (µs)', () => {
    const table: [number, number, number, number, number, number][] = [
      // C, T_tc, T_mem, T_seq, T sum, T max
      [16, 28, 183, 173, 384, 356],
      [32, 20, 135, 109, 263, 243],
      [64, 15, 113, 77, 205, 189],
      [128, 27, 106, 61, 194, 167],
      [256, 51, 113, 53, 216, 165],
      [512, 103, 135, 49, 286, 183],
      [1024, 224, 183, 47, 454, 271],
    ];
    for (const [C, tc, mem, seq, sum, max] of table) {
      const t = prefillTime({ L: 4096, d: 128, C, heads: 16, gpu: H100, overheadSeconds: 0 });
      expectWithin(t.tensorSeconds / µs, tc, 0.01, 0.6);
      expectWithin(t.memorySeconds / µs, mem, 0.01, 0.6);
      expectWithin(t.sequentialSeconds / µs, seq, 0.01, 0.6);
      expectWithin(microseconds({ L: 4096, d: 128, C, heads: 16, gpu: H100, overlap: 'sum' }), sum, 0.01, 1);
      expectWithin(microseconds({ L: 4096, d: 128, C, heads: 16, gpu: H100, overlap: 'max' }), max, 0.01, 1);
    }
  });

  it('reproduces the B·H = 256 table (µs)', () => {
    const table: [number, number, number][] = [
      [16, 4073, 3621],
      [32, 2903, 2589],
      [64, 2356, 2110],
      [128, 2374, 1946],
      [256, 2825, 2014],
      [512, 3993, 2349],
      [1024, 6707, 3777],
    ];
    for (const [C, sum, max] of table) {
      expectWithin(microseconds({ L: 4096, d: 128, C, heads: 256, gpu: H100, overlap: 'sum' }), sum, 0.01);
      expectWithin(microseconds({ L: 4096, d: 128, C, heads: 256, gpu: H100, overlap: 'max' }), max, 0.01);
    }
  });

  it('reproduces the L = 32768 table', () => {
    const table: [number, number, number, number][] = [
      // B·H, C, T sum, T max (µs)
      [16, 64, 1639, 1516],
      [16, 128, 1552, 1338],
      [256, 64, 18800, 16900],
      [256, 128, 19000, 15600],
    ];
    for (const [heads, C, sum, max] of table) {
      expectWithin(microseconds({ L: 32768, d: 128, C, heads, gpu: H100, overlap: 'sum' }), sum, 0.01);
      expectWithin(microseconds({ L: 32768, d: 128, C, heads, gpu: H100, overlap: 'max' }), max, 0.01);
    }
  });

  it('runs the state kernel in one wave at B·H = 16 (32 programs) and four at 256', () => {
    expect(stateKernelWaves(16, 128, H100.sms, 64)).toBe(1);
    expect(stateKernelWaves(256, 128, H100.sms, 64)).toBe(4);
  });

  it('puts the recurrent C = 1 path at ~4100 µs with ~25 µs of memory at B·H = 16', () => {
    const t = recurrentTime({ L: 4096, d: 128, heads: 16, gpu: H100, overheadSeconds: 0 });
    expectWithin(t.memorySeconds / µs, 25, 0.03);
    expectWithin(t.totalSeconds / µs, 4100, 0.02);
    expect(t.tensorSeconds).toBe(0);
  });

  it('picks the research table minima among powers of two', () => {
    const candidates = [16, 32, 64, 128, 256, 512, 1024];
    const pick = (heads: number, overlap: Overlap): number => optimalChunk({ L: 4096, d: 128, heads, gpu: H100, overlap, candidates }).C;
    expect(pick(16, 'sum')).toBe(128);
    expect(pick(16, 'max')).toBe(256);
    expect(pick(256, 'sum')).toBe(64);
    expect(pick(256, 'max')).toBe(128);
  });
});

describe('the optimal chunk size (continuous)', () => {
  type Extra = { d?: number; tau0Seconds?: number; L?: number };
  const optimum = (g: Gpu, heads: number, overlap: Overlap, extra: Extra = {}): number =>
    optimalChunk({ L: extra.L ?? 4096, d: extra.d ?? 128, heads, gpu: g, overlap, tau0Seconds: extra.tau0Seconds }).C;

  it('falls on the research C* for H100 at d = 128, L = 4096', () => {
    // §4.2: C* ≈ 115 (sum) to 193 (max) at B·H = 16; 88 to 147 at B·H = 256.
    expectWithin(optimum(H100, 16, 'sum'), 115, 0.03);
    expectWithin(optimum(H100, 16, 'max'), 193, 0.03);
    expectWithin(optimum(H100, 256, 'sum'), 88, 0.03);
    expectWithin(optimum(H100, 256, 'max'), 147, 0.03);
  });

  it('matches the research table for the other GPUs', () => {
    const table: [string, number, number, number, number][] = [
      ['a100', 81, 171, 68, 143],
      ['h200', 113, 215, 82, 155],
      ['b200', 150, 258, 100, 170],
    ];
    for (const [id, sum16, max16, sum256, max256] of table) {
      expectWithin(optimum(gpu(id), 16, 'sum'), sum16, 0.03);
      expectWithin(optimum(gpu(id), 16, 'max'), max16, 0.03);
      expectWithin(optimum(gpu(id), 256, 'sum'), sum256, 0.03);
      expectWithin(optimum(gpu(id), 256, 'max'), max256, 0.03);
    }
  });

  it('matches the research sensitivity table (H100, L = 4096)', () => {
    const table: [{ d?: number; tau0Seconds?: number }, number, number, number, number][] = [
      [{ tau0Seconds: 0.25e-6 }, 98, 164, 82, 138],
      [{ tau0Seconds: 2e-6 }, 186, 316, 115, 193],
      [{ d: 64 }, 113, 158, 64, 82],
      [{ d: 256 }, 137, 294, 129, 276],
    ];
    for (const [extra, sum16, max16, sum256, max256] of table) {
      expectWithin(optimum(H100, 16, 'sum', extra), sum16, 0.03);
      expectWithin(optimum(H100, 16, 'max', extra), max16, 0.03);
      expectWithin(optimum(H100, 256, 'sum', extra), sum256, 0.03);
      expectWithin(optimum(H100, 256, 'max', extra), max256, 0.03);
    }
  });

  it('approaches the closed form d / √(1 + 2.5 d BW′/P′) when τ₀ = 0 (≈ 77 on H100)', () => {
    const d = 128;
    const closed = d / Math.sqrt(1 + (2.5 * d * 0.8 * H100.bandwidth) / (0.5 * H100.tensorFlops));
    expectWithin(closed, 77, 0.01);
    const numeric = optimalChunk({ L: 4096, d, heads: 256, gpu: H100, overlap: 'sum', tau0Seconds: 0 }).C;
    expectWithin(numeric, closed, 0.03);
  });

  it('does not move when L grows from 4K to 32K', () => {
    for (const g of GPUS) {
      for (const heads of [16, 256]) {
        for (const overlap of ['sum', 'max'] as const) {
          expectWithin(optimum(g, heads, overlap, { L: 32768 }), optimum(g, heads, overlap), 0.02);
        }
      }
    }
  });

  it('is a minimum: nearby and powers-of-two chunk sizes are no faster', () => {
    for (const overlap of ['sum', 'max'] as const) {
      const best = optimalChunk({ L: 4096, d: 128, heads: 16, gpu: H100, overlap });
      for (const C of [best.C * 0.97, best.C * 1.03, 1, 16, 64, 256, 4096]) {
        const t = prefillTime({ L: 4096, d: 128, C, heads: 16, gpu: H100, overlap }).totalSeconds;
        expect(t).toBeGreaterThanOrEqual(best.time.totalSeconds);
      }
    }
  });
});

describe('the model over the figure controls', () => {
  it('is finite and positive over L 1K..1M, B·H 1..1024, d 64..256, C = 2^k ≤ L, τ₀ 0.25..4 µs, every GPU', () => {
    const bad: string[] = [];
    for (const g of GPUS) {
      for (let L = 1024; L <= 1 << 20; L *= 4) {
        for (let heads = 1; heads <= 1024; heads *= 4) {
          for (const d of [64, 128, 256]) {
            for (const tau0Seconds of [0.25e-6, 4e-6]) {
              for (let C = 1; C <= L; C *= 2) {
                for (const overlap of ['sum', 'max'] as const) {
                  const t = prefillTime({ L, d, C, heads, gpu: g, tau0Seconds, overlap });
                  const ok = Object.values(t).every((x) => Number.isFinite(x) && x >= 0) && t.totalSeconds > 0;
                  if (!ok) bad.push(`${g.id} L=${L} heads=${heads} d=${d} τ₀=${tau0Seconds} C=${C} ${overlap}`);
                }
              }
            }
          }
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('holds the same for random controls, and the optimum stays in [1, L] (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 20 }),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom(64, 128, 256),
        fc.double({ min: 0.25e-6, max: 4e-6, noNaN: true }),
        fc.constantFrom(...GPUS),
        fc.constantFrom<Overlap>('sum', 'max'),
        (logL, logHeads, d, tau0Seconds, g, overlap) => {
          const shape = { L: 2 ** logL, d, heads: 2 ** logHeads, gpu: g, tau0Seconds, overlap };
          const best = optimalChunk(shape);
          expect(best.C).toBeGreaterThanOrEqual(1);
          expect(best.C).toBeLessThanOrEqual(shape.L);
          expect(Number.isFinite(best.time.totalSeconds) && best.time.totalSeconds > 0).toBe(true);
          const recurrent = recurrentTime(shape).totalSeconds;
          expect(Number.isFinite(recurrent) && recurrent > 0).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('costs more with more heads and with the sum than with the max', () => {
    const base = { L: 8192, d: 128, C: 64, gpu: H100 };
    const many = prefillTime({ ...base, heads: 64 }).totalSeconds;
    expect(many).toBeGreaterThan(prefillTime({ ...base, heads: 16 }).totalSeconds);
    expect(prefillTime({ ...base, heads: 64, overlap: 'sum' }).totalSeconds).toBeGreaterThan(prefillTime({ ...base, heads: 64, overlap: 'max' }).totalSeconds);
  });
});

describe('against fla chunk_gdn forward on GB200 (research §4.3)', () => {
  const GB200 = gpu('gb200');
  const measurements = hardware.measurements.filter((m) => m.gpu === 'gb200');
  const rows = compareWithMeasurements(GB200, measurements, 0.58e-3);

  it('has the six measurements', () => {
    expect(measurements).toHaveLength(6);
  });

  it('models the GPU time the research states: 0.77, 0.59, 0.12, 0.96, 0.03, 1.15 ms', () => {
    const stated = [0.77, 0.59, 0.12, 0.96, 0.03, 1.15];
    rows.forEach((row, i) => {
      expect(Math.abs(row.modelledSeconds * 1e3 - (stated[i] ?? Number.NaN))).toBeLessThanOrEqual(0.006);
    });
  });

  it('lands within ±20% of every measurement after the fixed 0.58 ms overhead', () => {
    for (const row of rows) {
      expect(row.predictedSeconds).toBeCloseTo(row.modelledSeconds + 0.58e-3, 12);
      expect(row.measuredSeconds).toBeCloseTo(row.measurement.ms / 1000, 12);
      expect(Math.abs(row.relativeError)).toBeLessThanOrEqual(0.2);
    }
  });

  it('leaves residuals of 0.44–0.68 ms without the overhead', () => {
    for (const row of rows) {
      const residual = (row.measuredSeconds - row.modelledSeconds) * 1e3;
      expect(residual).toBeGreaterThanOrEqual(0.43);
      expect(residual).toBeLessThanOrEqual(0.69);
    }
  });

  it('refuses a measurement taken on another GPU', () => {
    expect(() => compareWithMeasurements(H100, measurements, 0.58e-3)).toThrow(/gb200/);
  });
});
