/**
 * What the cost model of research/math.md §4.1 takes in: one GPU's datasheet figures, and the
 * model's free parameters with their research defaults. The figures' values and sources live in
 * data/hardware.json; these are the shapes the model reads them in.
 */

/** One GPU as the model sees it. */
export interface Gpu {
  readonly id: string;
  readonly name: string;
  /** Dense BF16 tensor-core throughput P_tc, FLOP/s. */
  readonly tensorFlops: number;
  /** HBM bandwidth BW, bytes/s. */
  readonly bandwidth: number;
  /** Streaming multiprocessors N_SM. */
  readonly sms: number;
  /** M_tile: rows of the MMA tile the kernels issue (64 for Hopper wgmma, 16 for mma.sync). */
  readonly mmaTileM: number;
}

/** The datasheet figures of one GPU in the units data/hardware.json states them in. */
interface GpuFigures {
  readonly id: string;
  readonly name: string;
  readonly tensorTflopsBf16Dense: number;
  readonly hbmBandwidthTBps: number;
  readonly sms: number;
  readonly mmaTileM: number;
}

/** Converts TFLOP/s and TB/s (decimal: 10¹² bytes) to the model's FLOP/s and bytes/s. */
export function gpuFromFigures(figures: GpuFigures): Gpu {
  return {
    id: figures.id,
    name: figures.name,
    tensorFlops: figures.tensorTflopsBf16Dense * 1e12,
    bandwidth: figures.hbmBandwidthTBps * 1e12,
    sms: figures.sms,
    mmaTileM: figures.mmaTileM,
  };
}

/** How the chunk-parallel kernels' compute and memory times combine: 𝒥 of research §4.1. */
export type Overlap = 'sum' | 'max';

/** The model's free parameters, research §4.1 "Default parameters"; all are assumptions to calibrate. */
export interface CostAssumptions {
  /** η_max: tensor-core efficiency with full MMA tiles. */
  readonly etaMax: number;
  /** η_bw: fraction of HBM bandwidth the kernels reach. */
  readonly etaBandwidth: number;
  /** η_seq: tensor-core efficiency of the sequential state kernel. */
  readonly etaSequential: number;
  /** τ₀: latency floor of one state-recurrence iteration (dependent MMAs, load-to-use, store of h). */
  readonly tau0Seconds: number;
  /** τ₁: per-token latency of the fused recurrent kernel, the C = 1 path. */
  readonly tau1Seconds: number;
  /** B_V: value columns per program of the state kernel. */
  readonly stateBlockV: number;
  /** T₀: fixed host and launch cost, added once per prefill. */
  readonly overheadSeconds: number;
  /** 'sum' assumes no overlap (conservative, NX-AI's choice); 'max' perfect overlap. */
  readonly overlap: Overlap;
}

/**
 * Research §4.1 defaults: η_max 0.5, η_bw 0.8, η_seq 0.4, τ₀ 0.5 µs, B_V 64, τ₁ 1 µs (the DeltaNet
 * blog's C = 1 calibration), and T₀ = 5 kernels × 4 µs. 'sum' is the conservative bracket.
 */
export const DEFAULT_ASSUMPTIONS: Readonly<CostAssumptions> = Object.freeze({
  etaMax: 0.5,
  etaBandwidth: 0.8,
  etaSequential: 0.4,
  tau0Seconds: 0.5e-6,
  tau1Seconds: 1e-6,
  stateBlockV: 64,
  overheadSeconds: 20e-6,
  overlap: 'sum',
});
