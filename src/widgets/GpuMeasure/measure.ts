/**
 * The measuring worker's work, as a function: open the GPU, check every kernel on a small case
 * against the float64 algorithm (src/core/gpuKernelMath.ts) and stop at a mismatch, then time
 * each point of the sweep (src/core/gpuSweep.ts), posting as it goes.
 */
import { emulateChunked, emulateRecurrent, flatProblem, maxAbsDifference, relativeMaxError, type FlatProblem } from '../../core/gpuKernelMath';
import { timePoint } from '../../core/gpuSweep';
import { makeKernel, type Problem, runOnce, timedDevice } from './gpuRun';
import { CHECK_SHAPE, CHECK_TOLERANCE, checkLength, type AdapterFacts, type MeasureMessage, type MeasureRequest } from './protocol';

type Post = (m: MeasureMessage) => void;

function toProblem(p: FlatProblem): Problem {
  const bg = new Float32Array(2 * p.H * p.L);
  for (let r = 0; r < p.H * p.L; r++) {
    bg[2 * r] = p.betas[r] ?? 0;
    bg[2 * r + 1] = p.logDecays[r] ?? 0;
  }
  return { H: p.H, L: p.L, d: p.d, q: Float32Array.from(p.q), k: Float32Array.from(p.k), v: Float32Array.from(p.v), bg };
}

/** One head drawn in float64 and repeated over the heads: what the kernels compute does not change their time. */
function timedProblem(H: number, L: number, d: number, gated: boolean): Problem {
  const one = toProblem(flatProblem({ H: 1, L, d, gated, seed: 1 }));
  const tile = (x: Float32Array) => {
    const out = new Float32Array(x.length * H);
    for (let h = 0; h < H; h++) out.set(x, h * x.length);
    return out;
  };
  return { H, L, d, q: tile(one.q), k: tile(one.k), v: tile(one.v), bg: tile(one.bg) };
}

async function openDevice(post: Post): Promise<{ device: GPUDevice; adapter: AdapterFacts } | null> {
  const gpu = (navigator as Navigator & { gpu?: GPU }).gpu;
  if (!gpu) {
    post({ type: 'failed', reason: 'no-webgpu', message: 'This browser offers no WebGPU here.' });
    return null;
  }
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) {
    post({ type: 'failed', reason: 'no-adapter', message: 'The browser has WebGPU but gave no adapter: the GPU may be blocked or disabled.' });
    return null;
  }
  const timestamps = adapter.features.has('timestamp-query');
  const l = adapter.limits;
  const device = await adapter.requestDevice({
    requiredFeatures: timestamps ? ['timestamp-query'] : [],
    requiredLimits: {
      maxStorageBufferBindingSize: l.maxStorageBufferBindingSize,
      maxBufferSize: l.maxBufferSize,
      maxComputeWorkgroupStorageSize: l.maxComputeWorkgroupStorageSize,
    },
  });
  const info = adapter.info;
  return {
    device,
    adapter: {
      vendor: info.vendor,
      architecture: info.architecture,
      description: info.description,
      fallback: info.isFallbackAdapter === true,
      timestamps,
      workgroupBytes: device.limits.maxComputeWorkgroupStorageSize,
    },
  };
}

/** Every kernel the run will time (its rule, every C), on the small case, against float64; false at the first mismatch. */
async function check(device: GPUDevice, req: MeasureRequest, post: Post): Promise<boolean> {
  for (const rule of [req.rule]) {
    const flat = flatProblem({ H: CHECK_SHAPE.H, L: checkLength(req.L), d: req.d, gated: rule === 'gated', seed: 2 });
    const problem = toProblem(flat);
    const recurrence = emulateRecurrent(flat);
    const scale = maxAbsDifference(recurrence, new Float64Array(recurrence.length));
    // Every C, even one longer than the case: its kernel then runs one short chunk.
    for (const C of req.chunks) {
      const kernel = makeKernel(device, problem, C);
      const out = await runOnce(device, kernel);
      kernel.destroy();
      const ref = C === 1 ? recurrence : emulateChunked(flat, C);
      const error = relativeMaxError(out, ref);
      const ok = error <= CHECK_TOLERANCE;
      post({ type: 'check', check: { C, rule, error, vsRecurrence: maxAbsDifference(out, recurrence), scale, ok } });
      if (!ok) {
        post({
          type: 'failed',
          reason: 'mismatch',
          message: `The ${rule === 'gated' ? 'gated ' : ''}kernel at C = ${C} is off from float64 by ${error.toPrecision(2)} (allowed ${CHECK_TOLERANCE}); nothing was timed.`,
        });
        return false;
      }
    }
  }
  return true;
}

export async function measure(req: MeasureRequest, post: Post): Promise<void> {
  const opened = await openDevice(post);
  if (!opened) return;
  const { device, adapter } = opened;
  let lost = false;
  device.lost.then((info) => {
    lost = true;
    post({ type: 'failed', reason: 'lost', message: `The GPU device was lost${info.message ? `: ${info.message}` : ''}.` });
  });
  post({ type: 'adapter', adapter });
  try {
    if (!(await check(device, req, post))) return;
    for (const heads of req.heads) {
      const problem = timedProblem(heads, req.L, req.d, req.rule === 'gated');
      for (const C of req.chunks.filter((c) => c <= req.L)) {
        if (lost) return;
        device.pushErrorScope('out-of-memory');
        const kernel = makeKernel(device, problem, C);
        const oom = await device.popErrorScope();
        if (oom) throw new Error(`C = ${C} with ${heads} heads needs more GPU memory than the device gave: ${oom.message}`);
        const t = await timePoint(timedDevice(device, kernel, adapter.timestamps));
        kernel.destroy();
        post({ type: 'point', point: { heads, C, ms: t.ms, method: t.method, reps: t.reps, resolution: t.resolution, path: kernel.path } });
      }
    }
    if (!lost) post({ type: 'done' });
  } catch (e) {
    if (!lost) post({ type: 'failed', reason: 'failed', message: e instanceof Error ? e.message : String(e) });
  } finally {
    device.destroy();
  }
}
