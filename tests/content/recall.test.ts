/**
 * The attention read against the fixed states: statistics over 500 streams computed here from the
 * core, the K3 memory figures against research/evidence.md §2.3, and a claim test for each
 * sentence the takeaways section says about them.
 */
import { describe, expect, it } from 'vitest';
import { renderedPage } from '../renderedPage';
import { k3MemoryFacts, memoryData, MEMORY_FILE, parseMemory } from '../../src/content/k3Memory';
import { recallFacts, TEXTBOOK_S } from '../../src/content/recall';
import { RANDOM_KEYS, RECALL_DEFAULTS } from '../../src/content/defaults';
import { DataError } from '../../src/content/validate';
import { attentionErrorAt, attentionErrors, channelGates, makeStream, RULES, trace, WINDOW_PAIRS } from '../../src/core';
import raw from '../../data/memory.json';

const SEEDS = 500;
const gates = { beta: RANDOM_KEYS.beta, alpha: RANDOM_KEYS.alpha, channelAlpha: channelGates(RANDOM_KEYS.slow, RANDOM_KEYS.fast) };
const GiB = 2 ** 30;

describe('over 500 streams, at the figure’s defaults', () => {
  // Every mean computed here from the core, stream by stream.
  const sharp = new Float64Array(128);
  let textbook8 = 0;
  let delta8 = 0;
  let window64 = 0;
  let delta64 = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const stream = makeStream({ kind: 'capacity', seed, length: 128 });
    const e = attentionErrors(stream, 128, { s: RECALL_DEFAULTS.s, window: null, hard: false });
    for (let i = 0; i < 128; i++) sharp[i]! += e[i]! / SEEDS;
    textbook8 += attentionErrorAt(stream, 8, { s: 1 / Math.sqrt(8), window: null, hard: false }) / SEEDS;
    window64 += attentionErrorAt(stream, 64, { s: RECALL_DEFAULTS.s, window: 4, hard: false }) / SEEDS;
    const t = trace({ stream, gates, n: 64 });
    delta8 += t.error.delta[7]! / SEEDS;
    delta64 += t.error.delta[63]! / SEEDS;
  }

  it('"its error is at most 0.014 on the way to 128 pairs": the sharp whole cache, averaged, at every n', () => {
    // An independent reproduction over the same 500 streams found a worst mean of 0.0138, at 128 pairs.
    expect(Math.max(...sharp)).toBeLessThanOrEqual(0.014);
    expect(Math.max(...sharp)).toBeGreaterThan(0.013);
    expect(recallFacts().averages.sharpCacheWorst).toBeCloseTo(Math.max(...sharp), 12);
  });

  it('"worse than the delta rule’s": at s = 1/√8 the softmax reads worse than delta after 8 pairs', () => {
    expect(textbook8).toBeGreaterThan(delta8);
    expect(recallFacts().averages.small).toEqual({ n: 8, textbook: expect.closeTo(textbook8, 12), delta: expect.closeTo(delta8, 12) });
  });

  it('"the window reads back at 1.27 and the delta rule at 1.26: no better": within 0.1 of delta at 64 pairs', () => {
    expect(Math.abs(window64 - delta64)).toBeLessThan(0.1);
    expect(recallFacts().averages.windowed.window).toBeCloseTo(window64, 12);
  });
});

describe('on the opening stream', () => {
  const f = recallFacts();

  it('the default fixed state is the best of the four where the figure opens', () => {
    const t = trace({ stream: makeStream({ kind: 'capacity', seed: 1, length: 16 }), gates, n: 16 });
    const best = RULES.reduce((a, b) => (t.error[b][15]! < t.error[a][15]! ? b : a));
    expect(RECALL_DEFAULTS.rule).toBe(best);
  });

  it('"the whole cache reads back almost exactly … where the best of the four fixed states … reads back at 1.13"', () => {
    expect(f.view.cache).toBeLessThan(0.05);
    expect(f.late.cache).toBeLessThan(0.05);
    const lateStates = Object.values(f.late.state);
    expect(f.late.state[f.bestLate]).toBe(Math.min(...lateStates));
    expect(f.late.state[f.bestLate]).toBeGreaterThan(1);
  });

  it('"it drifts toward the line of answering zero": the textbook read ends within 0.05 of 1.00 at 128 pairs', () => {
    const stream = makeStream({ kind: 'capacity', seed: 1, length: 128 });
    const e = attentionErrorAt(stream, 128, { s: TEXTBOOK_S, window: null, hard: false });
    expect(Math.abs(e - 1)).toBeLessThan(0.05);
    expect(f.late.textbook).toBeCloseTo(e, 12);
  });

  it('"After 128 pairs the cache holds 2,048 numbers; the state holds 64": and the window, full, as many as the state', () => {
    expect(f.late.numbers).toEqual({ state: 64, cache: 2048, window: 64 });
    expect(WINDOW_PAIRS * 16).toBe(64);
  });
});

describe('Kimi K3’s memory per sequence, from data/memory.json and data/architectures.json', () => {
  const m = k3MemoryFacts();

  it('reproduces the research table: 27,648 B a token for 24 MLA layers, 6 MiB of state per KDA layer', () => {
    expect(m.shape.attentionLayers).toBe(24);
    expect(m.shape.linearLayers).toBe(69);
    expect(m.cachePerToken).toBe(24 * 576 * 2);
    expect(m.cachePerToken).toBe(27_648);
    expect(m.statePerLayer).toBe(6 * 2 ** 20);
  });

  it('puts the crossover within 2% of 16,250 tokens and the totals at 1M at 27.42 and 104.6 GiB', () => {
    expect(Math.abs(m.crossover / 16_250 - 1)).toBeLessThan(0.02);
    expect(m.atContext.context).toBe(2 ** 20);
    expect(m.atContext.cache / GiB).toBeCloseTo(27.0, 2);
    expect(m.atContext.state / GiB).toBeCloseTo(0.419, 3);
    expect(m.atContext.total / GiB).toBeCloseTo(27.42, 2);
    expect(m.atContext.allAttention / GiB).toBeCloseTo(104.6, 1);
  });

  it('"the hybrid needs 26% of the memory, which is what keeping only 24 attention layers buys"', () => {
    expect(m.atContext.total / m.atContext.allAttention).toBeCloseTo(27.42 / 104.6, 2);
    expect(renderedPage().html).toContain(`data-claim="k3-memory-share">${Math.round((100 * m.atContext.total) / m.atContext.allAttention)}%<`);
  });

  it('gives every figure a source, and GPT-2 small’s whole cache at its own context', () => {
    for (const f of Object.values(memoryData.k3)) expect(f.source).toMatch(/^https:\/\//);
    expect(m.gpt2).toEqual({ context: 1024, valuesPerToken: 2 * 12 * 768, bytes: 2 * 12 * 768 * 1024 * 2 });
  });

  it('stops on a malformed file, naming file and field', () => {
    const bad = structuredClone(raw) as Record<string, unknown> & { k3: Record<string, { value: unknown; source: string }> };
    bad.k3.kdaHeads!.value = -96;
    expect(() => parseMemory(bad)).toThrow(DataError);
    expect(() => parseMemory(bad)).toThrow(new RegExp(`${MEMORY_FILE}: field k3\\.kdaHeads\\.value`));
    const http = structuredClone(raw) as typeof bad;
    http.k3.mlaLatent!.source = 'http://example.org';
    expect(() => parseMemory(http)).toThrow(/field k3\.mlaLatent\.source: must be an https URL/);
  });
});

describe('the takeaways say exactly these numbers', () => {
  const html = renderedPage().html.replace(/<!-- -->/g, '');
  const claim = (name: string) => new RegExp(`data-claim="${name}">([^<]*)<`).exec(html)?.[1];
  const f = recallFacts();
  const m = k3MemoryFacts();

  it('prints the figures it states from the same computation', () => {
    expect(claim('recall-cache')).toBe(f.view.cache.toFixed(2));
    expect(claim('recall-cache-late')).toBe(f.late.cache.toFixed(2));
    // "at most": the worst mean, rounded up to the thousandth printed.
    expect(Number(claim('recall-cache-worst'))).toBeGreaterThanOrEqual(f.averages.sharpCacheWorst);
    expect(Number(claim('recall-cache-worst')) - f.averages.sharpCacheWorst).toBeLessThan(0.001);
    expect(claim('recall-window')).toBe(f.averages.windowed.window.toFixed(2));
    expect(claim('recall-textbook')).toBe(f.averages.small.textbook.toFixed(2));
    expect(claim('k3-crossover')).toBe(Math.round(m.crossover).toLocaleString('en-US'));
    expect(claim('k3-total')).toBe('27.42 GiB');
    expect(claim('k3-all')).toBe('104.6 GiB');
    expect(claim('k3-cache')).toBe('27 GiB');
  });

  it('names a source for the claim that trained models learn sharp logits', () => {
    for (const s of m.sharpLogits) expect(html).toContain(`href="${s.url}"`);
  });
});
