/**
 * The chunking figure's state and everything derived from it: the controls, their limits and
 * URL form, and the FLOP and modelled-time curves over chunk size that the charts draw.
 */
import type { ChunkingSettings } from '../../content/defaults';
import type { Gpu } from '../../core/costInputs';
import { chunkFlops } from '../../core/flops';
import { optimalChunk, prefillTime, recurrentTime, type OptimalChunk, type PrefillTime } from '../../core/costModel';
import { clamp, numberParam, oneOf, unlessDefault, type UrlCodec } from '../urlState';

/** The figure's controls: what the reader sets and shares (src/content/defaults.ts). */
export type ChunkingControls = ChunkingSettings;

export const L_EXPONENTS = { min: 10, max: 20 } as const;
export const BH_EXPONENTS = { min: 0, max: 10 } as const;
export const HEAD_DIMS = [64, 128, 256] as const;
export const TAU = { min: 0.1, max: 4, step: 0.05 } as const;

/** The longest sequence, and so the widest chunk size, the sliders reach: what the value boxes are sized for. */
export const WIDEST_LENGTH = 2 ** L_EXPONENTS.max;

/** The nearest power of two to x (in log terms) with exponent in [lo, hi]. */
function powerOfTwo(x: number, lo: number, hi: number): number {
  return 2 ** clamp(Math.round(Math.log2(x)), lo, hi);
}

/** A positive number, or null: sizes and times are never zero or negative. */
function positive(params: URLSearchParams, key: string): number | null {
  const x = numberParam(params, key);
  return x !== null && x > 0 ? x : null;
}

export function roundTau(x: number): number {
  const stepped = Math.round(clamp(x, TAU.min, TAU.max) / TAU.step) * TAU.step;
  return Number(stepped.toFixed(2));
}

const KEYS = ['C', 'gpu', 'L', 'bh', 'd', 'tau'] as const;

/** C, gpu, L, bh, d and tau in the address: anything missing or invalid falls back, everything is clamped. */
export function chunkingCodec(gpuIds: readonly string[]): UrlCodec<ChunkingControls> {
  return {
    parse(params, fallback) {
      const Lraw = positive(params, 'L');
      const L = Lraw === null ? fallback.L : powerOfTwo(Lraw, L_EXPONENTS.min, L_EXPONENTS.max);
      const C = powerOfTwo(positive(params, 'C') ?? fallback.C, 0, Math.log2(L));
      const bhRaw = positive(params, 'bh');
      const bh = bhRaw === null ? fallback.bh : powerOfTwo(bhRaw, BH_EXPONENTS.min, BH_EXPONENTS.max);
      const dRaw = positive(params, 'd');
      const d = dRaw === null ? fallback.d : HEAD_DIMS.reduce((best, x) => (Math.abs(Math.log2(x / dRaw)) < Math.abs(Math.log2(best / dRaw)) ? x : best));
      const tauRaw = positive(params, 'tau');
      const tau = tauRaw === null ? fallback.tau : roundTau(tauRaw);
      const gpu = oneOf(params, 'gpu', gpuIds) ?? fallback.gpu;
      return { C, gpu, L, bh, d, tau };
    },
    write(controls, defaults) {
      return Object.fromEntries(KEYS.map((key) => [key, unlessDefault(controls[key], defaults[key])]));
    },
  };
}

/** Dense FLOPs per token per head, the F(C) of research §2.2, as the sum of one chunk's operations over C. */
function flopsPerToken(C: number, d: number): number {
  const f = chunkFlops({ C, dk: d, dv: d });
  return (f.kkt + f.inverse + f.wu + f.output + f.state) / C;
}

/** The recurrent form's read, update and output: 6d² FLOPs per token per head (research §2.2). */
function recurrentFlopsPerToken(d: number): number {
  return 6 * d * d;
}

interface CurvePoint {
  readonly C: number;
  readonly flopsRatio: number;
  readonly sum: PrefillTime;
  readonly maxTotal: number;
}

export interface Curves {
  readonly points: CurvePoint[];
  readonly optimumSum: OptimalChunk;
  readonly optimumMax: OptimalChunk;
  /** fla's fused recurrent kernel, the C = 1 path. */
  readonly recurrent: PrefillTime;
}

/** The workload the curves depend on: everything but the chosen C. */
export type Workload = Omit<ChunkingControls, 'C' | 'gpu'>;

/** Samples per doubling of C: enough for smooth curves on a log axis. */
const PER_OCTAVE = 6;

function pointAt({ L, d, bh, tau }: Workload, gpu: Gpu, C: number): CurvePoint {
  const shape = { L, d, heads: bh, gpu, tau0Seconds: tau * 1e-6 };
  return {
    C,
    flopsRatio: flopsPerToken(C, d) / recurrentFlopsPerToken(d),
    sum: prefillTime({ ...shape, C, overlap: 'sum' }),
    maxTotal: prefillTime({ ...shape, C, overlap: 'max' }).totalSeconds,
  };
}

/** Both curves over C = 1…L, their minima and the recurrent kernel; independent of the chosen C. */
export function curves(workload: Workload, gpu: Gpu): Curves {
  const { L, d, bh, tau } = workload;
  const shape = { L, d, heads: bh, gpu, tau0Seconds: tau * 1e-6 };
  const steps = Math.round(Math.log2(L) * PER_OCTAVE);
  return {
    points: Array.from({ length: steps + 1 }, (_, k) => pointAt(workload, gpu, 2 ** (k / PER_OCTAVE))),
    optimumSum: optimalChunk({ ...shape, overlap: 'sum' }),
    optimumMax: optimalChunk({ ...shape, overlap: 'max' }),
    recurrent: recurrentTime({ ...shape, overlap: 'sum' }),
  };
}

/** The curves' values at the chosen C. */
export function currentPoint(controls: ChunkingControls, gpu: Gpu): CurvePoint {
  return pointAt(controls, gpu, controls.C);
}
