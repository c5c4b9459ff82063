/**
 * The cost model held against published kernel timings, the consistency check of
 * research/math.md §4.3. The timings arrive as plain objects; they live in data/hardware.json.
 */
import { requireNonNegative, requirePositive } from './checks';
import type { CostAssumptions, Gpu } from './costInputs';
import { prefillTime } from './costModel';

/** One published kernel timing: B sequences of T tokens, H heads of dimension D, chunk size C. */
export interface KernelMeasurement {
  readonly gpu: string;
  readonly kernel: string;
  readonly B: number;
  readonly T: number;
  readonly H: number;
  readonly D: number;
  readonly C: number;
  /** Measured wall time, milliseconds. */
  readonly ms: number;
  readonly source: string;
}

export interface MeasurementComparison {
  readonly measurement: KernelMeasurement;
  /** The model's GPU time, without T₀. */
  readonly modelledSeconds: number;
  /** modelledSeconds + the fixed overhead. */
  readonly predictedSeconds: number;
  readonly measuredSeconds: number;
  /** predicted / measured − 1. */
  readonly relativeError: number;
}

/**
 * The consistency check of research §4.3: each measurement's modelled GPU time (max overlap and
 * default parameters unless overridden; T₀ excluded), plus a fixed overhead that stands for the
 * Python/Triton launch floor (≈ 0.58 ms on fla's GB200 benchmark), against the measured time.
 */
export function compareWithMeasurements(
  gpu: Gpu,
  measurements: readonly KernelMeasurement[],
  overheadSeconds: number,
  assumptions: Partial<CostAssumptions> = {},
): MeasurementComparison[] {
  requireNonNegative('overheadSeconds', overheadSeconds);
  return measurements.map((measurement) => {
    if (measurement.gpu !== gpu.id) {
      throw new Error(`measurement on ${measurement.gpu} compared against ${gpu.id}`);
    }
    requirePositive('ms', measurement.ms);
    const modelledSeconds = prefillTime({
      overlap: 'max',
      ...assumptions,
      overheadSeconds: 0,
      L: measurement.T,
      d: measurement.D,
      C: measurement.C,
      heads: measurement.B * measurement.H,
      gpu,
    }).totalSeconds;
    const predictedSeconds = modelledSeconds + overheadSeconds;
    const measuredSeconds = measurement.ms / 1000;
    return {
      measurement,
      modelledSeconds,
      predictedSeconds,
      measuredSeconds,
      relativeError: predictedSeconds / measuredSeconds - 1,
    };
  });
}
