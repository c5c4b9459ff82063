/**
 * The kernels of ./shaders.ts on a WebGPU device: buffers for one problem, the pipelines for one C,
 * runs encoded R times in one compute pass (timestamps at its two ends when the device has them)
 * and the output read back. Runs in the measuring worker.
 */
import type { TimedDevice } from '../../core/gpuSweep';
import { prepareShader, recurrentShader, scanShader, tPath, valueTile, type TPath } from './shaders';

export interface Problem {
  readonly H: number;
  readonly L: number;
  readonly d: number;
  readonly q: Float32Array;
  readonly k: Float32Array;
  readonly v: Float32Array;
  /** (β, g) per token. */
  readonly bg: Float32Array;
}

/** The spec's GPUBufferUsage and GPUMapMode flags, which this TypeScript's DOM types declare only as types. */
const Usage = { MAP_READ: 1, COPY_SRC: 4, COPY_DST: 8, STORAGE: 128, QUERY_RESOLVE: 512 } as const;
const READ = 1;

const STORAGE = Usage.STORAGE | Usage.COPY_SRC | Usage.COPY_DST;

function buffer(device: GPUDevice, floats: number, data?: Float32Array): GPUBuffer {
  const b = device.createBuffer({ size: Math.max(16, floats * 4), usage: STORAGE });
  if (data) device.queue.writeBuffer(b, 0, data.buffer as ArrayBuffer, data.byteOffset, data.byteLength);
  return b;
}

export interface Kernel {
  readonly path: TPath | 'recurrent';
  /** Encodes one forward pass of every head into a compute pass. */
  encode(pass: GPUComputePassEncoder): void;
  readonly output: GPUBuffer;
  destroy(): void;
}

function pipeline(device: GPUDevice, code: string): GPUComputePipeline {
  return device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code }), entryPoint: 'main' } });
}

function bind(device: GPUDevice, p: GPUComputePipeline, buffers: readonly GPUBuffer[]): GPUBindGroup {
  return device.createBindGroup({ layout: p.getBindGroupLayout(0), entries: buffers.map((b, binding) => ({ binding, resource: { buffer: b } })) });
}

/** Uploads a problem and builds the kernel for chunk size C (C = 1: token by token). */
export function makeKernel(device: GPUDevice, p: Problem, C: number): Kernel {
  const { H, L, d } = p;
  const n = H * L * d;
  const inputs = [buffer(device, n, p.q), buffer(device, n, p.k), buffer(device, n, p.v), buffer(device, 2 * H * L, p.bg)];
  const [q, k, v, bg] = inputs as [GPUBuffer, GPUBuffer, GPUBuffer, GPUBuffer];
  const output = buffer(device, n);
  const tiles = d / valueTile(d);
  if (C === 1) {
    const rec = pipeline(device, recurrentShader({ L, d }));
    const group = bind(device, rec, [q, k, v, bg, output]);
    return {
      path: 'recurrent',
      output,
      encode(pass) {
        pass.setPipeline(rec);
        pass.setBindGroup(0, group);
        pass.dispatchWorkgroups(tiles, H);
      },
      destroy: () => {
        for (const b of [...inputs, output]) b.destroy();
      },
    };
  }
  const path = tPath(C, device.limits.maxComputeWorkgroupStorageSize);
  const chunks = Math.ceil(L / C);
  const wu = buffer(device, 2 * n);
  const pb = buffer(device, H * chunks * C * C);
  const gc = buffer(device, H * L);
  const scratch = path === 'global' ? [buffer(device, H * chunks * C * C)] : [];
  const prep = pipeline(device, prepareShader({ L, d, C, path }));
  const scan = pipeline(device, scanShader({ L, d, C }));
  const prepGroup = bind(device, prep, [q, k, v, bg, wu, pb, gc, ...scratch]);
  const scanGroup = bind(device, scan, [q, k, wu, pb, gc, output]);
  return {
    path,
    output,
    encode(pass) {
      pass.setPipeline(prep);
      pass.setBindGroup(0, prepGroup);
      pass.dispatchWorkgroups(chunks, H);
      pass.setPipeline(scan);
      pass.setBindGroup(0, scanGroup);
      pass.dispatchWorkgroups(tiles, H);
    },
    destroy: () => {
      for (const b of [...inputs, output, wu, pb, gc, ...scratch]) b.destroy();
    },
  };
}

/** Reads a storage buffer back to the CPU. */
export async function readBack(device: GPUDevice, src: GPUBuffer): Promise<Float32Array> {
  const staging = device.createBuffer({ size: src.size, usage: Usage.MAP_READ | Usage.COPY_DST });
  const enc = device.createCommandEncoder();
  enc.copyBufferToBuffer(src, 0, staging, 0, src.size);
  device.queue.submit([enc.finish()]);
  await staging.mapAsync(READ);
  const out = new Float32Array(staging.getMappedRange().slice(0));
  staging.destroy();
  return out;
}

/** Runs the kernel once and reads its output. */
export async function runOnce(device: GPUDevice, kernel: Kernel): Promise<Float32Array> {
  const enc = device.createCommandEncoder();
  const pass = enc.beginComputePass();
  kernel.encode(pass);
  pass.end();
  device.queue.submit([enc.finish()]);
  return readBack(device, kernel.output);
}

/** The harness's view of a kernel (src/core/gpuSweep.ts): R runs in one pass, timed at the pass's ends when it can be. */
export function timedDevice(device: GPUDevice, kernel: Kernel, timestamps: boolean): TimedDevice {
  const querySet = timestamps ? device.createQuerySet({ type: 'timestamp', count: 2 }) : null;
  const resolve = device.createBuffer({ size: 16, usage: Usage.QUERY_RESOLVE | Usage.COPY_SRC });
  return {
    now: () => performance.now(),
    empty: async () => {
      device.queue.submit([device.createCommandEncoder().finish()]);
      await device.queue.onSubmittedWorkDone();
    },
    run: async (reps) => {
      const enc = device.createCommandEncoder();
      const pass = enc.beginComputePass(querySet ? { timestampWrites: { querySet, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 } } : {});
      for (let i = 0; i < reps; i++) kernel.encode(pass);
      pass.end();
      if (!querySet) {
        device.queue.submit([enc.finish()]);
        await device.queue.onSubmittedWorkDone();
        return null;
      }
      enc.resolveQuerySet(querySet, 0, 2, resolve, 0);
      const staging = device.createBuffer({ size: 16, usage: Usage.MAP_READ | Usage.COPY_DST });
      enc.copyBufferToBuffer(resolve, 0, staging, 0, 16);
      device.queue.submit([enc.finish()]);
      await staging.mapAsync(READ);
      const [start = 0n, end = 0n] = new BigInt64Array(staging.getMappedRange());
      staging.unmap();
      staging.destroy();
      return end - start;
    },
  };
}
