/**
 * Everything the `chunking` section states, computed at build time from data/hardware.json and
 * the cost model, for the figure's default workload (./defaults.ts), so the prose and the
 * figure cannot disagree.
 */
import { DEFAULT_ASSUMPTIONS, optimalChunk, prefillFlops, prefillTime, recurrentTime, type CostAssumptions, type Gpu, type Overlap } from '../core';
import { CHUNK_DIAGRAM_TOKENS, CHUNKING_DEFAULTS, type ChunkingSettings } from './defaults';
import { gpuById, gpus, kernelChunkSize, measurementCheck, type MeasurementCheck, type SourcedGpu } from './hardware';

/** A heavy batch for contrast: 8 sequences × 32 heads. */
export const MANY_HEADS = 256;
/** The long sequence the optimum is compared at. */
export const LONG_L = 32768;
/** Chunk sizes kernels actually tile with. */
const POWERS_OF_TWO = [16, 32, 64, 128, 256, 512, 1024];
/** The powers of two the prose finds on the flat floor of the U, among them the often-quoted 128. */
const FLAT_SIZES = [64, 128, 256];
/** The larger of the two chunk sizes the worklog says are often used ("often 64 or 128"). */
const USUALLY_QUOTED = 128;
/** The GPUs whose optima the prose compares. */
const LEADING_GPUS = ['a100', 'h100', 'h200', 'b200'];

export interface ChunkingFacts {
  defaults: ChunkingSettings;
  gpu: SourcedGpu;
  flaDefault: number;
  flaSource: string;
  mamba2: number;
  mamba2Source: string;
  flashKda: number;
  flashKdaSource: string;
  /** F(C)/6d² at the fla default. */
  flopsRatioAtDefault: number;
  /** About how many operations per token, in units of d, one more token in the chunk adds. */
  flopsPerAddedToken: number;
  /** Continuous optima at the default workload, by heads (the default's, and MANY_HEADS) and overlap. */
  optimum: Record<'few' | 'many', Record<Overlap, number>>;
  /** The same at LONG_L. */
  optimumLong: Record<'few' | 'many', Record<Overlap, number>>;
  /** Largest relative move of any optimum from the default L to LONG_L. */
  longShift: number;
  /** The distinct power-of-two winners among 16…1024 (few and many heads, sum and max), ascending. */
  powerOfTwoWinners: number[];
  /** The powers of two on the U's flat floor. */
  flatSizes: number[];
  /** How much slower the flat sizes are than the continuous optimum at most (few heads, no overlap). */
  flatness: number;
  /** The size usually quoted, which the prose places on that floor. */
  usuallyQuoted: number;
  recurrentSeconds: number;
  optimumSeconds: number;
  /** How many times slower the recurrent kernel is than the optimum. */
  slowdown: number;
  /** Where the shipped kernels' chunk sizes sit against the range the title names, in one sentence. */
  shipped: string;
  /** Continuous optima over the leading GPUs (few heads): lowest and highest. */
  gpuRange: [number, number];
  /** The GPUs the figure offers, with their sources, in menu order. */
  gpus: SourcedGpu[];
  assumptions: CostAssumptions;
  check: MeasurementCheck;
  /** Tokens in the figure's diagram. */
  diagramTokens: number;
}

export function chunkingFacts(defaults: ChunkingSettings = CHUNKING_DEFAULTS): ChunkingFacts {
  const fla = kernelChunkSize('flaDefaultChunkSize');
  const mamba2 = kernelChunkSize('mamba2ChunkSize');
  const flashKda = kernelChunkSize('flashKdaChunkSize');
  const gpu = gpuById(defaults.gpu);
  const { L, d, bh: heads } = defaults;
  const best = (n: number, overlap: Overlap, length: number = L, on: Gpu = gpu) => optimalChunk({ L: length, d, heads: n, gpu: on, overlap });
  const table = (length: number) => ({
    few: { sum: best(heads, 'sum', length).C, max: best(heads, 'max', length).C },
    many: { sum: best(MANY_HEADS, 'sum', length).C, max: best(MANY_HEADS, 'max', length).C },
  });
  const optimum = table(L);
  const optimumLong = table(LONG_L);
  const pairs = (['few', 'many'] as const).flatMap((k) => (['sum', 'max'] as const).map((o) => [k, o] as const));
  const longShift = Math.max(...pairs.map(([k, o]) => Math.abs(optimumLong[k][o] / optimum[k][o] - 1)));
  const winners = pairs.map(([k, o]) => optimalChunk({ L, d, heads: k === 'few' ? heads : MANY_HEADS, gpu, overlap: o, candidates: POWERS_OF_TWO }).C);
  const fewSum = best(heads, 'sum');
  const recurrent = recurrentTime({ L, d, heads, gpu }).totalSeconds;
  const flatness = Math.max(...FLAT_SIZES.map((C) => prefillTime({ L, d, C, heads, gpu, overlap: 'sum' }).totalSeconds / fewSum.time.totalSeconds - 1));
  const gpuOptima = LEADING_GPUS.map((id) => gpuById(id)).flatMap((g) => [best(heads, 'sum', L, g).C, best(heads, 'max', L, g).C]);
  return {
    defaults,
    gpu,
    flaDefault: fla.value,
    flaSource: fla.source,
    mamba2: mamba2.value,
    mamba2Source: mamba2.source,
    flashKda: flashKda.value,
    flashKdaSource: flashKda.source,
    flopsRatioAtDefault: prefillFlops({ L, d, C: fla.value }) / (6 * d * d * L),
    // Per token: F(2) − F(1), in units of d, rounded: the 10 of 10Cd.
    flopsPerAddedToken: Math.round((prefillFlops({ L: 2, d, C: 2 }) / 2 - prefillFlops({ L: 2, d, C: 1 }) / 2) / d),
    optimum,
    optimumLong,
    longShift,
    powerOfTwoWinners: [...new Set(winners)].sort((x, y) => x - y),
    flatSizes: FLAT_SIZES,
    flatness,
    usuallyQuoted: USUALLY_QUOTED,
    recurrentSeconds: recurrent,
    optimumSeconds: fewSum.time.totalSeconds,
    slowdown: recurrent / fewSum.time.totalSeconds,
    shipped: shippedSentence(
      [fla.value, flashKda.value],
      [...new Set(winners)].sort((x, y) => x - y),
    ),
    gpuRange: [Math.min(...gpuOptima), Math.max(...gpuOptima)],
    gpus: gpus(),
    assumptions: DEFAULT_ASSUMPTIONS,
    check: measurementCheck(),
    diagramTokens: CHUNK_DIAGRAM_TOKENS,
  };
}

/** What the figure needs of each GPU: the model's inputs, without the sources the prose lists. */
export type FigureGpu = Pick<Gpu, 'id' | 'name' | 'tensorFlops' | 'bandwidth' | 'sms' | 'mmaTileM'>;

export function figureGpus(list: readonly SourcedGpu[] = gpus()): FigureGpu[] {
  return list.map(({ id, name, tensorFlops, bandwidth, sms, mmaTileM }) => ({ id, name, tensorFlops, bandwidth, sms, mmaTileM }));
}

/**
 * Where the kernels people ship (flash-linear-attention's default, FlashKDA's) sit against the
 * range of power-of-two winners the title names: inside it, at or below its bottom, or above it.
 */
export function shippedSentence([fla, flashKda]: [number, number], winners: readonly number[]): string {
  const [lo, hi] = [winners[0]!, winners[winners.length - 1]!];
  const sizes = `${fla} in flash-linear-attention and ${flashKda} in FlashKDA`;
  if (fla <= lo && flashKda <= lo)
    return `The kernels people ship stay at or below the bottom of that range, ${sizes}, partly for reasons of numerics the model leaves out.`;
  if (fla >= lo && fla <= hi && flashKda >= lo && flashKda <= hi) return `The kernels people ship pick sizes inside that range, ${sizes}.`;
  return `The kernels people ship do not all follow the model: ${sizes}.`;
}
