/**
 * Loads data/hardware.json once, validated: the GPUs the chunking cost model runs on, the chunk
 * sizes reference kernels choose, and the published kernel timings the model is checked against.
 */
import { z } from 'zod';
import raw from '../../data/hardware.json';
import { gpuFromFigures, type Gpu } from '../core/costInputs';
import { compareWithMeasurements, type KernelMeasurement, type MeasurementComparison } from '../core/measurements';
import { httpsUrl, sourced } from './figure';
import { parseData } from './validate';

export const HARDWARE_FILE = 'data/hardware.json';

/** NVIDIA's own documentation, or a third-party table or reproduction of a datasheet. */
const STATUSES = ['official', 'secondary'] as const;
const figure = <T extends z.ZodType>(value: T) => sourced(value, STATUSES);

const positive = z.number().positive().finite();
const positiveInt = z.number().int().positive();

const gpuSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'id must be lower-case letters, digits and dashes'),
  name: z.string().min(1),
  tensorTflopsBf16Dense: figure(positive),
  hbmBandwidthTBps: figure(positive),
  sms: figure(positiveInt),
  mmaTileM: figure(positiveInt),
});

const measurementSchema = z.strictObject({
  gpu: z.string().min(1),
  kernel: z.string().min(1),
  B: positiveInt,
  T: positiveInt,
  H: positiveInt,
  D: positiveInt,
  C: positiveInt,
  ms: positive,
  source: httpsUrl,
});

const hardwareSchema = z
  .strictObject({
    $comment: z.string().optional(),
    gpus: z.array(gpuSchema).min(1),
    kernels: z.strictObject({
      flaDefaultChunkSize: figure(positiveInt),
      mamba2ChunkSize: figure(positiveInt),
      flashKdaChunkSize: figure(positiveInt),
    }),
    measurements: z.array(measurementSchema),
  })
  .refine((d) => new Set(d.gpus.map((g) => g.id)).size === d.gpus.length, {
    message: 'gpu ids must be unique',
    path: ['gpus'],
  })
  .superRefine((d, ctx) => {
    const ids = new Set(d.gpus.map((g) => g.id));
    d.measurements.forEach((m, i) => {
      if (!ids.has(m.gpu)) {
        ctx.addIssue({ code: 'custom', message: `no gpu with id "${m.gpu}"`, path: ['measurements', i, 'gpu'] });
      }
    });
  });

type Hardware = z.output<typeof hardwareSchema>;
type GpuEntry = z.output<typeof gpuSchema>;

export function parseHardware(json: unknown, file = HARDWARE_FILE): Hardware {
  return parseData(hardwareSchema, json, file);
}

export const hardware: Hardware = parseHardware(raw);

/** A GPU as the model sees it, with where each of its figures comes from. */
export interface SourcedGpu extends Gpu {
  readonly sources: {
    readonly tensorFlops: string;
    readonly bandwidth: string;
    readonly sms: string;
    readonly mmaTileM: string;
  };
}

function toGpu(entry: GpuEntry): SourcedGpu {
  return {
    ...gpuFromFigures({
      id: entry.id,
      name: entry.name,
      tensorTflopsBf16Dense: entry.tensorTflopsBf16Dense.value,
      hbmBandwidthTBps: entry.hbmBandwidthTBps.value,
      sms: entry.sms.value,
      mmaTileM: entry.mmaTileM.value,
    }),
    sources: {
      tensorFlops: entry.tensorTflopsBf16Dense.source,
      bandwidth: entry.hbmBandwidthTBps.source,
      sms: entry.sms.source,
      mmaTileM: entry.mmaTileM.source,
    },
  };
}

export function gpus(data: Hardware = hardware): SourcedGpu[] {
  return data.gpus.map(toGpu);
}

export function gpuById(id: string, data: Hardware = hardware): SourcedGpu {
  const entry = data.gpus.find((g) => g.id === id);
  if (!entry) throw new Error(`${HARDWARE_FILE}: no gpu with id "${id}"`);
  return toGpu(entry);
}

type KernelChunkSize = keyof Hardware['kernels'];

export function kernelChunkSize(name: KernelChunkSize, data: Hardware = hardware): Hardware['kernels'][KernelChunkSize] {
  return data.kernels[name];
}

function measurements(gpuId: string, data: Hardware = hardware): KernelMeasurement[] {
  return data.measurements.filter((m) => m.gpu === gpuId);
}

/** The GPU whose published timings the model is checked against (fla's README benchmark). */
const CHECK_GPU_ID = 'gb200';

export interface MeasurementCheck {
  readonly gpu: SourcedGpu;
  /**
   * The fixed overhead T₀: the mean of measured − modelled over the rows, the host and launch
   * floor of a Python/Triton multi-kernel pipeline that the GPU-time model leaves out.
   */
  readonly overheadSeconds: number;
  readonly rows: MeasurementComparison[];
  /** The largest |predicted / measured − 1| over the rows. */
  readonly worstRelativeError: number;
}

/**
 * research §4.3: model each published timing (perfect overlap, default assumptions), fit one
 * constant overhead as the mean residual, and report how far each prediction lands.
 */
export function measurementCheck(gpuId: string = CHECK_GPU_ID, data: Hardware = hardware): MeasurementCheck {
  const gpu = gpuById(gpuId, data);
  const rows0 = compareWithMeasurements(gpu, measurements(gpuId, data), 0);
  if (rows0.length === 0) throw new Error(`${HARDWARE_FILE}: no measurements on "${gpuId}"`);
  const overheadSeconds = rows0.reduce((sum, r) => sum + (r.measuredSeconds - r.modelledSeconds), 0) / rows0.length;
  const rows = compareWithMeasurements(gpu, measurements(gpuId, data), overheadSeconds);
  const worstRelativeError = Math.max(...rows.map((r) => Math.abs(r.relativeError)));
  return { gpu, overheadSeconds, rows, worstRelativeError };
}
