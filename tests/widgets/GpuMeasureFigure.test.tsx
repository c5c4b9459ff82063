import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEASURE_DEFAULTS, measureGpu } from '../../src/content/gpuMeasure';
import { pointFlops } from '../../src/core/gpuSweep';
import { csv, json, methodWords, sentences } from '../../src/widgets/GpuMeasure/describe';
import { GpuMeasureFigure } from '../../src/widgets/GpuMeasure/GpuMeasureFigure';
import type { MeasureMessage, MeasureRequest, TimedPoint } from '../../src/widgets/GpuMeasure/protocol';
import { measureCodec } from '../../src/widgets/GpuMeasure/state';
import { advance, type MeasureRun } from '../../src/widgets/GpuMeasure/useMeasure';

const reference = measureGpu();
const request: MeasureRequest = { L: 4096, d: 64, rule: 'delta', heads: [1, 32], chunks: [1, 16, 64] };
const point = (heads: number, C: number, ms: number): TimedPoint => ({
  heads,
  C,
  ms,
  method: 'timestamps',
  reps: 3,
  resolution: 65536,
  path: C === 1 ? 'recurrent' : 'workgroup',
});

function runOf(messages: MeasureMessage[]): MeasureRun {
  const start: MeasureRun = { request, status: 'running', adapter: null, checks: [], points: [], failure: null, started: '2026-12-04T00:00:00.000Z' };
  return messages.reduce(advance, start);
}

const finished = runOf([
  { type: 'adapter', adapter: { vendor: 'google', architecture: 'swiftshader', description: '', fallback: true, timestamps: true, workgroupBytes: 32768 } },
  { type: 'check', check: { C: 16, rule: 'delta', error: 3e-7, vsRecurrence: 4e-7, scale: 1.5, ok: true } },
  { type: 'check', check: { C: 64, rule: 'delta', error: 9e-7, vsRecurrence: 1.2e-6, scale: 1.5, ok: true } },
  { type: 'point', point: point(1, 1, 2) },
  { type: 'point', point: point(1, 16, 5) },
  { type: 'point', point: point(1, 64, 9) },
  { type: 'point', point: point(32, 1, 60) },
  { type: 'point', point: point(32, 16, 12) },
  { type: 'point', point: point(32, 64, 20) },
  { type: 'done' },
]);

describe('what a run says', () => {
  it('names the fastest C of the heads drawn and how much longer token by token took', () => {
    const [first] = sentences(finished, 32, reference);
    expect(first).toBe('With 32 heads the fastest chunk measured here was C = 16, 12.0 ms; token by token took 60.0 ms, 5.0 times as long.');
  });
  it('says where token by token and chunked cross as heads grow', () => {
    expect(sentences(finished, 1, reference)).toContain('Token by token won at 1 head, chunked at 32.');
  });
  it('gives the largest error against float64 and its C, then the largest difference of any chunked output from the token-by-token recurrence', () => {
    const said = sentences(finished, 1, reference);
    expect(said.at(-2)).toBe("Against float64 the largest error was 9.0e-7 of the output's scale, at C = 64.");
    expect(said.at(-1)).toBe(
      'Chunked against token by token: at every C the output differs from the recurrence by at most 1.2e-6 (at C = 64), on outputs up to 1.5.',
    );
  });
  it('the download carries each row’s difference from the recurrence', () => {
    const rows = JSON.parse(json(finished, reference)).points as { C: number; maxDiffFromRecurrence: number | null }[];
    expect(rows.find((r) => r.C === 64)!.maxDiffFromRecurrence).toBe(1.2e-6);
    expect(rows.find((r) => r.C === 1)!.maxDiffFromRecurrence).toBeNull();
  });
  it('writes a CSV with the method, the adapter labelled as software, and FLOP/s as FLOPs over time', () => {
    const text = csv(finished, reference);
    expect(text).toContain('software: timings not meaningful');
    const lines = text.split('\r\n');
    const header = lines[2]!.split(',');
    const row = lines.find((l) => l.startsWith('delta,4096,64,32,16,'))!.split(',');
    expect(Number(row[header.indexOf('gflops')])).toBeCloseTo(pointFlops({ L: 4096, d: 64, heads: 32, C: 16 }) / 0.012 / 1e9, 6);
  });
  it('says nothing of a head count not yet timed, and only the measured time where one C is in', () => {
    const early = runOf([{ type: 'point', point: point(1, 1, 2) }]);
    expect(sentences(early, 32, reference)).toEqual([]);
    expect(sentences(early, 1, reference)).toEqual(['With 1 head the fastest chunk measured here was C = 1, 2.00 ms.']);
  });
  it('says how the points were timed and the coarsest step among them', () => {
    expect(methodWords(finished.points)).toBe('timed by timestamp queries in steps of 65536 ns');
    const mixed = [...finished.points, { ...point(8, 16, 4), method: 'wall clock' as const, resolution: 0.31 }];
    expect(methodWords(mixed)).toBe('timed by timestamp queries in steps of 65536 ns; timed by the wall clock, less an empty submission of up to 0.31 ms');
  });
  it('says a fit with no cost per step in words, not as 0.00 µs', () => {
    // Times in proportion to the FLOPs: all throughput, no latency.
    const flat = runOf([1, 16, 64].map((C) => ({ type: 'point', point: point(1, C, pointFlops({ L: 4096, d: 64, heads: 1, C }) / 1e9) }) as MeasureMessage));
    expect(sentences(flat, 1, reference).join(' ')).toContain('no cost per sequential step');
  });
  it('a failure keeps what was measured and says why', () => {
    const lost = advance(finished, { type: 'failed', reason: 'lost', message: 'The GPU device was lost.' });
    expect(lost.status).toBe('failed');
    expect(lost.points).toHaveLength(6);
  });
});

describe('the settings in the address', () => {
  it('takes a value between two to the nearer on a doubling scale, and writes nothing at the defaults', () => {
    const s = measureCodec.parse(new URLSearchParams('wgd=100&wgl=3000&wgh=5&wgrule=gated'), MEASURE_DEFAULTS);
    expect(s).toEqual({ d: 128, L: 4096, heads: 8, rule: 'gated' });
    expect(measureCodec.write(MEASURE_DEFAULTS, MEASURE_DEFAULTS)).toEqual({ wgd: null, wgrule: null, wgl: null, wgh: null });
  });
  it('ignores a rule it does not know', () => {
    expect(measureCodec.parse(new URLSearchParams('wgrule=linear'), MEASURE_DEFAULTS).rule).toBe('delta');
  });
});

describe('the figure', () => {
  it('says, without WebGPU, that it has none and draws the model alone', async () => {
    // jsdom has no navigator.gpu.
    render(<GpuMeasureFigure reference={reference} defaults={{ ...MEASURE_DEFAULTS }} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Measure on your GPU' }));
    });
    expect(screen.getByRole('status').textContent).toMatch(/^This browser offers no WebGPU.*The model alone is drawn/);
  });
});
