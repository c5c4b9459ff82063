import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { chunkingFacts } from '../../src/content/chunking';
import { prefillTime } from '../../src/core';
import { sectionTitle } from '../../src/essay/sections';
import { HARDWARE_FILE, gpuById, gpus, hardware, kernelChunkSize, measurementCheck, parseHardware } from '../../src/content/hardware';
import { DataError } from '../../src/content/validate';
import { Chunking } from '../../src/essay/sections/Chunking';
import { islandProps } from '../../src/essay/Island';
import { dataFile } from '../fixtures/load';

const raw = dataFile(HARDWARE_FILE) as Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: the tests break the file in arbitrary places on purpose.
const clone = (): Record<string, any> => structuredClone(raw) as Record<string, any>;

function failure(json: unknown): string {
  try {
    parseHardware(json);
  } catch (error) {
    expect(error).toBeInstanceOf(DataError);
    return (error as Error).message;
  }
  throw new Error('expected the file to be rejected');
}

describe('data/hardware.json', () => {
  it('passes its schema, every GPU figure with an https source', () => {
    expect(() => parseHardware(raw)).not.toThrow();
    for (const g of hardware.gpus) {
      for (const f of [g.tensorTflopsBf16Dense, g.hbmBandwidthTBps, g.sms, g.mmaTileM]) {
        expect(f.source).toMatch(/^https:\/\//);
      }
    }
  });

  it('offers the A100, H100, H200 and B200 the figure needs, and the GB200 of the check', () => {
    const ids = gpus().map((g) => g.id);
    for (const id of ['a100', 'h100', 'h200', 'b200', 'gb200']) expect(ids).toContain(id);
  });

  it('converts datasheet units to the model’s: TFLOP/s and TB/s to per-second figures', () => {
    // research §3: H100 SXM 989.4 TF dense BF16, 3.35 TB/s, 132 SMs, wgmma M = 64.
    expect(gpuById('h100')).toMatchObject({ tensorFlops: 989.4e12, bandwidth: 3.35e12, sms: 132, mmaTileM: 64 });
    expect(gpuById('h100').sources.bandwidth).toMatch(/^https:\/\//);
    expect(() => gpuById('tpu')).toThrow(/data\/hardware\.json: no gpu with id "tpu"/);
  });

  it('states fla’s default chunk size, 64, with the repository as its source', () => {
    const fla = kernelChunkSize('flaDefaultChunkSize');
    expect(fla.value).toBe(64);
    expect(fla.source).toBe('https://github.com/fla-org/flash-linear-attention');
    expect(kernelChunkSize('mamba2ChunkSize').value).toBe(256);
  });
});

describe('a broken hardware file stops the build, naming file, entry and field', () => {
  it('a negative SM count', () => {
    const bad = clone();
    bad.gpus[1].sms.value = -132;
    expect(failure(bad)).toMatch(/data\/hardware\.json: entry gpus\[1\] "h100", field sms\.value/);
  });

  it('a figure without a source', () => {
    const bad = clone();
    delete bad.gpus[0].hbmBandwidthTBps.source;
    expect(failure(bad)).toMatch(/entry gpus\[0\] "a100", field hbmBandwidthTBps\.source/);
  });

  it('a plain number where a sourced figure belongs', () => {
    const bad = clone();
    bad.gpus[2].tensorTflopsBf16Dense = 989;
    expect(failure(bad)).toMatch(/entry gpus\[2\] "h200", field tensorTflopsBf16Dense/);
  });

  it('a measurement on a GPU the file does not describe', () => {
    const bad = clone();
    bad.measurements[3].gpu = 'mi300';
    expect(failure(bad)).toMatch(/entry measurements\[3\], field gpu: no gpu with id "mi300"/);
  });

  it('a missing kernel default', () => {
    const bad = clone();
    delete bad.kernels.flaDefaultChunkSize;
    expect(failure(bad)).toMatch(/data\/hardware\.json: field kernels\.flaDefaultChunkSize/);
  });

  it('a GPU listed twice', () => {
    const bad = clone();
    bad.gpus.push(structuredClone(bad.gpus[0]));
    expect(failure(bad)).toMatch(/field gpus: gpu ids must be unique/);
  });
});

describe('the model against fla’s GB200 timings (research §4.3)', () => {
  const check = measurementCheck();

  it('uses the six published rows', () => {
    expect(check.gpu.id).toBe('gb200');
    expect(check.rows).toHaveLength(6);
  });

  it('models the GPU time the research states: 0.77, 0.59, 0.12, 0.96, 0.03, 1.15 ms', () => {
    const stated = [0.77, 0.59, 0.12, 0.96, 0.03, 1.15];
    check.rows.forEach((row, i) => {
      expect(Math.abs(row.modelledSeconds * 1e3 - stated[i]!)).toBeLessThanOrEqual(0.006);
    });
  });

  it('fits a fixed overhead of about 0.58 ms, the research’s mean residual', () => {
    expect(Math.abs(check.overheadSeconds * 1e3 - 0.58)).toBeLessThanOrEqual(0.01);
  });

  it('lands within ±20% of every measurement once the overhead is added', () => {
    for (const row of check.rows) {
      const predicted = row.modelledSeconds + check.overheadSeconds;
      expect(Math.abs(predicted / (row.measurement.ms / 1000) - 1)).toBeLessThanOrEqual(0.2);
    }
    expect(check.worstRelativeError).toBeLessThanOrEqual(0.2);
  });
});

describe('the chunking section states what the data and the model say', () => {
  const html = renderToStaticMarkup(createElement(Chunking));
  const text = html
    .replace(/<span class="katex">[\s\S]*?<\/math><\/span>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  const facts = chunkingFacts();

  it('gives fla’s default from the data and the FLOP ratio of research §2.2 (1.85× at C = 64)', () => {
    expect(text).toContain(`default to a chunk of ${kernelChunkSize('flaDefaultChunkSize').value}`);
    expect(text).toContain('does 1.85 times the arithmetic of the recurrence');
  });

  it('puts the optimum where research §4.2 does: 115–193 at 16 heads, 88–147 at 256', () => {
    expect(text).toMatch(/C ≈ 11[4-6] to 19[2-4] for one sequence of 16 heads/);
    expect(text).toMatch(/8[7-9] to 14[6-8] for 256 heads/);
    expect(facts.longShift).toBeLessThan(0.02);
    expect(text).toMatch(/move by (less than 0\.1%|at most [0-9.]+%)/);
  });

  it('"Why the cost model picks chunks of 64–256, not 1": the title names exactly the powers of two the model picks, and the usually quoted 128 lies on the flat floor', () => {
    // Every power of two from 16 to 1024, by brute force, at the default workload: few and many heads, with and without overlap.
    const { L, d, bh } = facts.defaults;
    const gpu = gpuById(facts.defaults.gpu);
    const picks = new Set<number>();
    for (const heads of [bh, 256])
      for (const overlap of ['sum', 'max'] as const) {
        const time = (C: number) => prefillTime({ L, d, C, heads, gpu, overlap }).totalSeconds;
        picks.add([16, 32, 64, 128, 256, 512, 1024].reduce((a, b) => (time(b) < time(a) ? b : a)));
      }
    const sorted = [...picks].sort((a, b) => a - b);
    expect(sectionTitle('chunking')).toBe(`Why the cost model picks chunks of ${sorted[0]}–${sorted[sorted.length - 1]}, not 1`);
    expect(sorted).toContain(facts.usuallyQuoted);
    expect(facts.flatSizes).toContain(facts.usuallyQuoted);
    // "The bottom of the U is flat": the three sizes cost at most about a tenth more than the optimum.
    expect(facts.flatness).toBeLessThan(0.15);
    expect(text).toContain(`the ${facts.usuallyQuoted} often named beside ${facts.flaDefault} is one point on that floor`);
  });

  it('"the recurrent kernel … is N times slower than the best chunk": C = 1 against the fastest C, on the default workload, from the core', () => {
    const { L, d, bh } = facts.defaults;
    const gpu = gpuById(facts.defaults.gpu);
    const time = (C: number) => prefillTime({ L, d, C, heads: bh, gpu, overlap: 'sum' }).totalSeconds;
    let best = Number.POSITIVE_INFINITY;
    for (let C = 2; C <= 1024; C++) best = Math.min(best, time(C));
    const slowdown = Math.round(time(1) / best);
    expect(slowdown).toBeGreaterThan(10);
    const claim = /data-claim="chunking-slowdown">([^<]+)</.exec(renderToStaticMarkup(createElement(Chunking)))?.[1];
    expect(claim).toBe(slowdown.toLocaleString('en-GB'));
  });

  it('names the assumptions with their defaults (research §4.1)', () => {
    expect(text).toContain('η max = 0.5');
    expect(text).toContain('η bw = 0.8');
    expect(text).toContain('η seq = 0.4');
    expect(text).toContain('τ 0 = 0.5 µs');
    expect(text).toContain('τ 1 = 1 µs');
    expect(text).toContain('T 0 = 20 µs');
  });

  it('shows the GB200 check: the overhead, and modelled against measured for each row', () => {
    expect(text).toMatch(/one fixed overhead of 0\.5[78] ms/);
    for (const m of hardware.measurements) expect(text).toContain(`${m.ms.toFixed(3)} ms`);
    expect(text).toMatch(/brings all 6 within 1\d%/);
  });

  it('places the figure with its props, defaulting to fla’s chunk size', () => {
    expect(html).toContain('data-island="chunking"');
    const props = islandProps().chunking;
    expect(props).toBeDefined();
    const parsed = JSON.parse(props!) as { defaults: { C: number }; gpus: { id: string }[] };
    expect(parsed.defaults.C).toBe(64);
    expect(parsed.gpus.map((g) => g.id)).toEqual(gpus().map((g) => g.id));
  });
});
