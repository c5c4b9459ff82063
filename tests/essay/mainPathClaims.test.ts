/**
 * Claim tests for main-path sentences rewritten after the review of 5 December: the ratio's
 * rounding, the chunk sizes kernels ship against the model's range, and Kimi K3's memory at its
 * full context against an all-MLA stack. Each is recomputed here from the data files by hand and
 * fails when the sentence stops being true.
 */
import { describe, expect, it } from 'vitest';
import arch from '../../data/architectures.json';
import hardware from '../../data/hardware.json';
import memory from '../../data/memory.json';
import { renderedDocument } from '../renderedPage';
import { shippedSentence } from '../../src/content/chunking';
import { halfUnit } from '../../src/content/scale';

const document = renderedDocument();
const claim = (name: string) => (document.querySelector(`[data-claim="${name}"]`)?.textContent ?? '').replace(/\s+/g, ' ').trim();
const byId = (id: string) => arch.models.find((m) => m.id === id)!;

describe('the opening and how the ratio is counted', () => {
  it('"Both agree to the precision of 2.8T: … gives 22,100 to 22,900", by hand', () => {
    const k3 = byId('kimi-k3').totalParams.value;
    const gpt2 = byId('gpt-2-small').totalParams.value;
    // 2.8 trillion has two significant figures: anything from 2.75 to 2.85 trillion rounds to it.
    expect(k3).toBe(2.8e12);
    const [lo, hi] = [Math.round(2.75e12 / gpt2 / 100) * 100, Math.round(2.85e12 / gpt2 / 100) * 100];
    expect(claim('ratio-rounding')).toBe(`${lo.toLocaleString('en-US')} to ${hi.toLocaleString('en-US')}`);
    // The worklog's 22,580 and the exact 22,501 both lie inside that span.
    for (const r of [22_580, Math.round(k3 / gpt2)]) {
      expect(r).toBeGreaterThan(lo);
      expect(r).toBeLessThan(hi);
    }
    expect(claim('ratio')).toBe('about 22,500');
  });

  it('finds half a unit of a headline figure’s last digit', () => {
    expect(halfUnit(2.8e12)).toBe(5e10);
    expect(halfUnit(2.78e12)).toBe(5e9);
    expect(halfUnit(124_439_808)).toBe(0.5);
    expect(halfUnit(1e12)).toBe(5e11);
  });
});

describe('why the chunk size is a range', () => {
  const size = (key: string) => (hardware.kernels as Record<string, { value: number }>)[key]!.value;

  it('"The kernels people ship stay at or below the bottom of that range": fla’s and FlashKDA’s sizes against the title', () => {
    const [fla, flashKda] = [size('flaDefaultChunkSize'), size('flashKdaChunkSize')];
    const title = document.querySelector('#chunking h2')?.textContent ?? '';
    const bottom = Number(/(\d+)[–-]\d+/.exec(title)![1]);
    expect(fla).toBeLessThanOrEqual(bottom);
    expect(flashKda).toBeLessThanOrEqual(bottom);
    expect(claim('chunking-shipped')).toBe(
      `The kernels people ship stay at or below the bottom of that range, ${fla} in flash-linear-attention and ${flashKda} in FlashKDA, partly for reasons of numerics the model leaves out.`,
    );
  });

  it('says otherwise when a shipped size moves into or past the range', () => {
    expect(shippedSentence([64, 16], [64, 128, 256])).toMatch(/^The kernels people ship stay at or below the bottom/);
    expect(shippedSentence([128, 64], [64, 128, 256])).toMatch(/^The kernels people ship pick sizes inside that range/);
    expect(shippedSentence([512, 16], [64, 128, 256])).toMatch(/^The kernels people ship do not all follow the model/);
  });
});

describe('and attention comes back anyway', () => {
  it('"at 1,048,576 tokens Kimi K3 keeps … against … for the same stack all MLA, about a quarter", by hand', () => {
    const k3 = byId('kimi-k3');
    const L = k3.contextTokens.value;
    const m = memory.k3;
    const full = k3.fullAttentionLayers!.value;
    const linear = k3.linearLayers!.value;
    const cachePerLayerToken = (m.mlaLatent.value + m.mlaRotary.value) * m.cacheBytesPerValue.value;
    // Each KDA layer: heads × d × d state, and a short convolution over q, k and v of every head.
    const state = m.kdaHeads.value * m.kdaHeadDim.value ** 2 * m.stateBytesPerValue.value;
    const conv = 3 * m.kdaHeads.value * m.kdaHeadDim.value * (m.convKernel.value - 1) * m.convBytesPerValue.value;
    const hybrid = full * L * cachePerLayerToken + linear * (state + conv);
    const allMla = (full + linear) * L * cachePerLayerToken;
    const gib = (x: number) => `${(x / 2 ** 30).toPrecision(4)} GiB`;
    expect(claim('takeaways-k3-total')).toBe(gib(hybrid));
    expect(claim('takeaways-k3-all')).toBe(gib(allMla));
    // The stated fraction is the nearest plain one, and close to it.
    const words: Record<string, number> = { 'a quarter': 1 / 4, 'a third': 1 / 3, half: 1 / 2 };
    const stated = words[claim('takeaways-k3-fraction')];
    expect(stated).toBeDefined();
    expect(Math.abs(hybrid / allMla - stated!)).toBeLessThan(0.03);
  });
});
