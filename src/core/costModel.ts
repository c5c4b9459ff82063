/**
 * The roofline-style cost model of research/math.md §4.1: the modelled forward time of chunked
 * delta-rule prefill on one GPU as a function of the chunk size C, the time of the C = 1 recurrent
 * path, and the C that minimises it. Every time is in seconds; the GPU and the free parameters
 * arrive as ./costInputs describes them.
 */
import { requireNonNegative, requirePositive, requirePositiveInteger } from './checks';
import { DEFAULT_ASSUMPTIONS, type CostAssumptions, type Gpu, type Overlap } from './costInputs';

/** A prefill workload: `heads` = B·H independent heads of dimension d = d_k = d_v, L tokens each. */
interface PrefillShape {
  readonly L: number;
  readonly d: number;
  readonly heads: number;
  readonly gpu: Gpu;
}

type PrefillTimeInput = PrefillShape & { readonly C: number } & Partial<CostAssumptions>;

export interface PrefillTime {
  /** T_tc: tensor-core time of the chunk-parallel kernels (steps 2–4 and 6). */
  readonly tensorSeconds: number;
  /** T_mem: HBM traffic time of the chunk-parallel kernels. */
  readonly memorySeconds: number;
  /** 𝒥(T_tc, T_mem): the two combined by the chosen overlap. */
  readonly parallelSeconds: number;
  /** T_seq: the state recurrence, w waves × (L/C steps × τ₀ + its own tensor work). */
  readonly sequentialSeconds: number;
  /** T₀. */
  readonly overheadSeconds: number;
  /** T₀ + 𝒥(T_tc, T_mem) + T_seq. */
  readonly totalSeconds: number;
}

function validateShape({ L, d, heads, gpu }: PrefillShape): void {
  requirePositiveInteger('L', L);
  requirePositiveInteger('d', d);
  requirePositiveInteger('heads', heads);
  requirePositive(`${gpu.id}.tensorFlops`, gpu.tensorFlops);
  requirePositive(`${gpu.id}.bandwidth`, gpu.bandwidth);
  requirePositiveInteger(`${gpu.id}.sms`, gpu.sms);
  requirePositiveInteger(`${gpu.id}.mmaTileM`, gpu.mmaTileM);
}

/** Fills the assumptions a caller left out (or passed as undefined) with the research defaults. */
function resolveAssumptions(partial: Partial<CostAssumptions>): CostAssumptions {
  const a: CostAssumptions = {
    etaMax: partial.etaMax ?? DEFAULT_ASSUMPTIONS.etaMax,
    etaBandwidth: partial.etaBandwidth ?? DEFAULT_ASSUMPTIONS.etaBandwidth,
    etaSequential: partial.etaSequential ?? DEFAULT_ASSUMPTIONS.etaSequential,
    tau0Seconds: partial.tau0Seconds ?? DEFAULT_ASSUMPTIONS.tau0Seconds,
    tau1Seconds: partial.tau1Seconds ?? DEFAULT_ASSUMPTIONS.tau1Seconds,
    stateBlockV: partial.stateBlockV ?? DEFAULT_ASSUMPTIONS.stateBlockV,
    overheadSeconds: partial.overheadSeconds ?? DEFAULT_ASSUMPTIONS.overheadSeconds,
    overlap: partial.overlap ?? DEFAULT_ASSUMPTIONS.overlap,
  };
  requirePositive('etaMax', a.etaMax);
  requirePositive('etaBandwidth', a.etaBandwidth);
  requirePositive('etaSequential', a.etaSequential);
  requireNonNegative('tau0Seconds', a.tau0Seconds);
  requireNonNegative('tau1Seconds', a.tau1Seconds);
  requirePositiveInteger('stateBlockV', a.stateBlockV);
  requireNonNegative('overheadSeconds', a.overheadSeconds);
  if (a.overlap !== 'sum' && a.overlap !== 'max') {
    throw new Error(`overlap must be 'sum' or 'max', got ${String(a.overlap)}`);
  }
  return a;
}

/** η(C) = η_max · min(1, C / M_tile): a chunk shorter than the MMA tile leaves rows idle (§4.1). */
function tileEfficiency(C: number, mmaTileM: number, etaMax: number): number {
  return etaMax * Math.min(1, C / mmaTileM);
}

/**
 * Tensor-core FLOPs per token per head of the chunk-parallel kernels, 10Cd + C²/3 + 2d²: the F(C)
 * of research §2.2 without the 4d² of the state recurrence, which T_seq carries.
 */
function parallelFlopsPerToken(C: number, d: number): number {
  return 10 * C * d + (C * C) / 3 + 2 * d * d;
}

/**
 * HBM bytes per token per head in bf16, Bytes(C) ≈ 26d + 4C + 4d²/C (research §4.1): q, k, v, o
 * once, k re-read, W, U, V' written and read, A at 2C bytes each way, and the d × d states h written
 * and read once per chunk. Least at C = d.
 */
export function bytesPerToken(C: number, d: number): number {
  return 26 * d + 4 * C + (4 * d * d) / C;
}

/**
 * w = ⌈n / N_SM⌉ with n = B·H·⌈d / B_V⌉ programs of the state kernel (research §4.1): with few
 * heads the recurrence runs one wave however many SMs sit idle.
 */
export function stateKernelWaves(heads: number, d: number, sms: number, stateBlockV: number): number {
  return Math.ceil((heads * Math.ceil(d / stateBlockV)) / sms);
}

function combine(overlap: Overlap, tensorSeconds: number, memorySeconds: number): number {
  return overlap === 'sum' ? tensorSeconds + memorySeconds : Math.max(tensorSeconds, memorySeconds);
}

/**
 * Modelled forward prefill time, research §4.1:
 * T(C) = T₀ + 𝒥(T_tc, T_mem) + T_seq with
 * T_tc = B·H·L(10Cd + C²/3 + 2d²) / (η(C) P_tc), T_mem = B·H·L·Bytes(C) / (η_bw BW),
 * T_seq = w [ (L/C) τ₀ + L·4d·B_V / (η_seq P_tc / N_SM) ].
 * C is continuous, as in the research: the recurrence takes L/C steps, which is ⌈L/C⌉ whenever C
 * divides L (every power of two up to a power-of-two L). A C above L is one chunk of length L.
 */
export function prefillTime(input: PrefillTimeInput): PrefillTime {
  validateShape(input);
  if (!(Number.isFinite(input.C) && input.C >= 1)) throw new Error(`C must be a finite number ≥ 1, got ${input.C}`);
  const a = resolveAssumptions(input);
  const { L, d, heads, gpu } = input;
  const C = Math.min(input.C, L);
  const tokens = heads * L;
  const tensorSeconds = (tokens * parallelFlopsPerToken(C, d)) / (tileEfficiency(C, gpu.mmaTileM, a.etaMax) * gpu.tensorFlops);
  const memorySeconds = (tokens * bytesPerToken(C, d)) / (a.etaBandwidth * gpu.bandwidth);
  const blockV = Math.min(a.stateBlockV, d);
  const perSmFlops = (a.etaSequential * gpu.tensorFlops) / gpu.sms;
  const perWaveSeconds = (L / C) * a.tau0Seconds + (L * 4 * d * blockV) / perSmFlops;
  const sequentialSeconds = stateKernelWaves(heads, d, gpu.sms, a.stateBlockV) * perWaveSeconds;
  const parallelSeconds = combine(a.overlap, tensorSeconds, memorySeconds);
  return {
    tensorSeconds,
    memorySeconds,
    parallelSeconds,
    sequentialSeconds,
    overheadSeconds: a.overheadSeconds,
    totalSeconds: a.overheadSeconds + parallelSeconds + sequentialSeconds,
  };
}

/**
 * The C = 1 path, fla's `fused_recurrent` kernel (research §4.1): T ≈ T₀ + w·L·τ₁ of matrix-vector
 * work on CUDA cores, plus reading q, k, v and writing o once (8d bytes per token per head in bf16).
 * No tensor cores, so tensorSeconds is 0.
 */
export function recurrentTime(input: PrefillShape & Partial<CostAssumptions>): PrefillTime {
  validateShape(input);
  const a = resolveAssumptions(input);
  const { L, d, heads, gpu } = input;
  const memorySeconds = (heads * L * 8 * d) / (a.etaBandwidth * gpu.bandwidth);
  const sequentialSeconds = stateKernelWaves(heads, d, gpu.sms, a.stateBlockV) * L * a.tau1Seconds;
  const parallelSeconds = combine(a.overlap, 0, memorySeconds);
  return {
    tensorSeconds: 0,
    memorySeconds,
    parallelSeconds,
    sequentialSeconds,
    overheadSeconds: a.overheadSeconds,
    totalSeconds: a.overheadSeconds + parallelSeconds + sequentialSeconds,
  };
}

export interface OptimalChunk {
  /** The minimising chunk size: continuous unless candidates were given. */
  readonly C: number;
  readonly time: PrefillTime;
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** Golden-section search for the minimum of a unimodal f on [lo, hi]. */
function goldenMinimum(f: (x: number) => number, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  let x1 = b - GOLDEN * (b - a);
  let x2 = a + GOLDEN * (b - a);
  let f1 = f(x1);
  let f2 = f(x2);
  while (b - a > 1e-10 * Math.max(1, Math.abs(a))) {
    if (f1 <= f2) {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - GOLDEN * (b - a);
      f1 = f(x1);
    } else {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + GOLDEN * (b - a);
      f2 = f(x2);
    }
  }
  return (a + b) / 2;
}

/**
 * argmin over C of `prefillTime`. Without candidates C is continuous on [1, L], as the research
 * quotes C* (88–147 for H100 at B·H = 256). Every term of T is convex in C and the tile kink at
 * M_tile bends upward, so T is unimodal and golden-section search in ln C finds the minimum.
 * With candidates, the best of them (the first on ties).
 */
export function optimalChunk(input: PrefillShape & Partial<CostAssumptions> & { readonly candidates?: readonly number[] }): OptimalChunk {
  const timeAt = (C: number): PrefillTime => prefillTime({ ...input, C });
  if (input.candidates !== undefined) {
    const [first, ...rest] = input.candidates;
    if (first === undefined) throw new Error('candidates must not be empty');
    return rest.reduce<OptimalChunk>(
      (best, C) => {
        const time = timeAt(C);
        return time.totalSeconds < best.time.totalSeconds ? { C, time } : best;
      },
      { C: first, time: timeAt(first) },
    );
  }
  validateShape(input);
  const x = goldenMinimum((lnC) => timeAt(Math.exp(lnC)).totalSeconds, 0, Math.log(input.L));
  const C = Math.min(input.L, Math.max(1, Math.exp(x)));
  return { C, time: timeAt(C) };
}
