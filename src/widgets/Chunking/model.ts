/**
 * The chunking figure's state and everything derived from it: the controls, their limits and
 * URL form, and the FLOP and modelled-time curves over chunk size that the charts draw.
 */
import { chunkFlops } from '../../core/chunked';
import {
  DEFAULT_ASSUMPTIONS,
  optimalChunk,
  prefillTime,
  recurrentTime,
  type Gpu,
  type OptimalChunk,
  type PrefillTime,
} from '../../core/costModel';

export interface ChunkingControls {
  /** Chunk size, a power of two in [1, L]. */
  readonly C: number;
  readonly gpu: string;
  /** Sequence length, a power of two in [2¹⁰, 2²⁰]. */
  readonly L: number;
  /** B·H, a power of two in [1, 1024]. */
  readonly bh: number;
  readonly d: number;
  /** τ₀ in microseconds. */
  readonly tau: number;
}

export const L_EXPONENTS = { min: 10, max: 20 } as const;
export const BH_EXPONENTS = { min: 0, max: 10 } as const;
export const HEAD_DIMS = [64, 128, 256] as const;
export const TAU = { min: 0.1, max: 4, step: 0.05 } as const;

export const DEFAULT_TAU = DEFAULT_ASSUMPTIONS.tau0Seconds * 1e6;

export function defaultControls(C: number, gpu: string): ChunkingControls {
  return { C, gpu, L: 4096, bh: 16, d: 128, tau: DEFAULT_TAU };
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** The nearest power of two to x (in log terms) with exponent in [lo, hi]. */
function powerOfTwo(x: number, lo: number, hi: number): number {
  return 2 ** clamp(Math.round(Math.log2(x)), lo, hi);
}

function finite(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const x = Number(text);
  return Number.isFinite(x) && x > 0 ? x : null;
}

export function roundTau(x: number): number {
  const stepped = Math.round(clamp(x, TAU.min, TAU.max) / TAU.step) * TAU.step;
  return Number(stepped.toFixed(2));
}

/** Controls from URL query parameters: anything missing or invalid falls back, everything is clamped. */
export function controlsFromQuery(
  params: URLSearchParams,
  fallback: ChunkingControls,
  gpuIds: readonly string[],
): ChunkingControls {
  const Lraw = finite(params.get('L'));
  const L = Lraw === null ? fallback.L : powerOfTwo(Lraw, L_EXPONENTS.min, L_EXPONENTS.max);
  const Craw = finite(params.get('C'));
  const C = powerOfTwo(Craw ?? fallback.C, 0, Math.log2(L));
  const bhRaw = finite(params.get('bh'));
  const bh = bhRaw === null ? fallback.bh : powerOfTwo(bhRaw, BH_EXPONENTS.min, BH_EXPONENTS.max);
  const dRaw = finite(params.get('d'));
  const d =
    dRaw === null
      ? fallback.d
      : HEAD_DIMS.reduce((best, x) => (Math.abs(Math.log2(x / dRaw)) < Math.abs(Math.log2(best / dRaw)) ? x : best));
  const tauRaw = finite(params.get('tau'));
  const tau = tauRaw === null ? fallback.tau : roundTau(tauRaw);
  const gpuRaw = params.get('gpu');
  const gpu = gpuRaw !== null && gpuIds.includes(gpuRaw) ? gpuRaw : fallback.gpu;
  return { C, gpu, L, bh, d, tau };
}

/**
 * Writes the controls into `params` (other figures' parameters stay), leaving out any control at
 * its default so that a page nobody touched keeps a clean address.
 */
export function writeQuery(params: URLSearchParams, controls: ChunkingControls, defaults: ChunkingControls): URLSearchParams {
  const out = new URLSearchParams(params);
  for (const key of ['C', 'gpu', 'L', 'bh', 'd', 'tau'] as const) {
    if (controls[key] === defaults[key]) out.delete(key);
    else out.set(key, String(controls[key]));
  }
  return out;
}

/** Dense FLOPs per token per head, the F(C) of research §2.2, as the sum of one chunk's operations over C. */
export function flopsPerToken(C: number, d: number): number {
  const f = chunkFlops({ C, dk: d, dv: d });
  return (f.kkt + f.inverse + f.wu + f.output + f.state) / C;
}

/** The recurrent form's read, update and output: 6d² FLOPs per token per head (research §2.2). */
export function recurrentFlopsPerToken(d: number): number {
  return 6 * d * d;
}

export interface CurvePoint {
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
