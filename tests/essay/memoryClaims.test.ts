/**
 * Claim tests for the sentences about the memory figure: each is recomputed here from the core
 * and the data files, by a route of its own where one exists (a crossover found by bisection, not
 * by the core's closed form), and fails when the sentence stops being true.
 */
import { describe, expect, it } from 'vitest';
import raw from '../../data/memory.json';
import { renderedDocument } from '../renderedPage';
import { memoryModels, storageOf } from '../../src/content/modelMemory';
import { type LayerGroup, sequenceMemory } from '../../src/core';

const document = renderedDocument();
const claim = (name: string) => (document.querySelector(`[data-claim="${name}"]`)?.textContent ?? '').replace(/\s+/g, ' ').trim();
const storage = storageOf('bf16', 'fp32');
const drawn = memoryModels().filter((m): m is ReturnType<typeof memoryModels>[number] & { stack: LayerGroup[] } => m.stack !== null);
const hasState = (s: readonly LayerGroup[]) => s.some((g) => g.kind === 'linear' || g.kind === 'mamba');
const hasRing = (s: readonly LayerGroup[]) => s.some((g) => g.kind === 'sliding' || g.kind === 'compressed');

/** The first whole context at which what grows outweighs what is fixed, counted token by token. */
function crossing(stack: readonly LayerGroup[]): number {
  let t = 1;
  while (sequenceMemory(stack, storage, t).growing <= sequenceMemory(stack, storage, t).fixed) t++;
  return t;
}

describe('What each model keeps', () => {
  it('"… for N of the M models": every model without a size marked not found', () => {
    const missing = raw.models.filter((m) => JSON.stringify(m.layers).includes('"not found"')).length;
    expect(claim('memory-drawn')).toBe(String(memoryModels().length - missing));
  });

  it('"… keep a recurrent state … the cache catches up between … and …": each hybrid with a state, where its bytes cross', () => {
    const text = claim('memory-flat');
    const hybrids = drawn.filter((m) => hasState(m.stack)).sort((a, b) => crossing(b.stack) - crossing(a.stack));
    expect(hybrids.length).toBeGreaterThan(2);
    const partial = (m: (typeof hybrids)[number]) => memoryModels().find((x) => x.id === m.id)!.missing.length > 0;
    const said = (m: (typeof hybrids)[number]) => `${crossing(m.stack).toLocaleString('en-US')} tokens${partial(m) ? ' or later' : ''}`;
    for (const m of hybrids) {
      expect(text, m.name).toContain(m.name);
      // Found in the table to the token: the first whole token past what is fixed; "or later" where a state is left out.
      expect(claim(`memory-crossover-${m.id}`), m.name).toBe(said(m));
      // Flat at first: at 1,024 tokens the state still outweighs the cache.
      const early = sequenceMemory(m.stack, storage, 1024);
      expect(early.fixed, m.name).toBeGreaterThan(early.growing);
    }
    // The sentence gives the span, earliest to latest, and no string of every crossover.
    expect(text).toContain(`catches up between ${said(hybrids.at(-1)!)} and ${said(hybrids[0]!)}`);
    expect(text).not.toMatch(/respectively/);
  });

  it('"… hold nothing fixed but rings … within N tokens": each model with a window and no state', () => {
    const text = claim('memory-rings');
    const rings = drawn.filter((x) => !hasState(x.stack) && hasRing(x.stack));
    for (const m of rings) {
      expect(text).toContain(m.name);
      expect(claim(`memory-crossover-${m.id}`), m.name).toBe(`${crossing(m.stack).toLocaleString('en-US')} tokens`);
    }
    const latest = Math.max(...rings.map((m) => crossing(m.stack)));
    expect(text).toMatch(new RegExp(`within ${latest.toLocaleString('en-US')} tokens\\.$`));
  });

  it('"… keep nothing fixed at all": each model whose fixed part is zero at every length', () => {
    const text = claim('memory-rising');
    const none = drawn.filter((m) => [1, 1024, 1_048_576].every((t) => sequenceMemory(m.stack, storage, t).fixed === 0));
    expect(none.length).toBeGreaterThan(2);
    for (const m of none) expect(text).toContain(m.name);
    for (const m of drawn.filter((x) => !none.includes(x))) expect(text).not.toContain(m.name);
  });

  it('"At 1,048,576 tokens … holds the least … the most … times as much": over every model that takes that context', () => {
    const text = claim('memory-ends');
    const longest = Math.max(...drawn.map((m) => m.contextTokens ?? 0));
    const at = drawn.filter((m) => (m.contextTokens ?? 0) >= longest).map((m) => ({ m, total: sequenceMemory(m.stack, storage, longest).total }));
    const least = at.reduce((a, b) => (b.total < a.total ? b : a));
    const most = at.reduce((a, b) => (b.total > a.total ? b : a));
    expect(text).toContain(`At ${longest.toLocaleString('en-US')} tokens`);
    expect(text).toContain(`${at.length} of them`);
    expect(text).toContain(`${least.m.name} holds the least, ${(least.total / 2 ** 30).toFixed(2)} GiB`);
    expect(text).toContain(`${most.m.name} the most, ${Math.round(most.total / 2 ** 30)} GiB`);
    // The multiple depends on the cache type: the same two models with fp8 caches.
    const fp8 = storageOf('fp8', 'fp32');
    const other = sequenceMemory(most.m.stack, fp8, longest).total / sequenceMemory(least.m.stack, fp8, longest).total;
    const [lo, hi] = [Math.round(most.total / least.total), Math.round(other)].sort((a, b) => a - b);
    expect(text).toContain(`${lo === hi ? lo : `${lo}–${hi}`} times as much, by cache type.`);
    // The most's index keys, where it has them, are said as a share of its bytes.
    const keys = most.m.stack.filter((g) => g.kind === 'indexer').reduce((a, g) => a + sequenceMemory([g], storage, longest).total, 0);
    if (keys > 0) expect(text).toContain(`Of ${most.m.name}’s, ${Math.round((100 * keys) / most.total)}% are index keys`);
  });

  it('"These crossovers hold for bf16 caches and fp32 states"; the fp8 layouts, worked by hand from the data', () => {
    expect(claim('memory-storage-types')).toBe('These crossovers hold for bf16 caches and fp32 states.');
    const st = raw.storage;
    const [latent, rotary] = [raw.k3.mlaLatent.value, raw.k3.mlaRotary.value];
    // Dense: one byte a value; sparse (fp8_ds_mla): fp8 latent, one scale per 128, rotary in bf16.
    const dense = (latent + rotary) * st.fp8ValueBytes.value;
    const sparse = latent * st.fp8ValueBytes.value + (latent / st.sparseScaleEvery.value) * st.sparseScaleBytes.value + rotary * 2;
    expect([dense, sparse]).toEqual([576, 656]);
    expect(claim('memory-fp8')).toBe(`${dense} bytes a token and layer for a ${latent} + ${rotary} latent, except where an engine keeps a layout of its own`);
    const aside = document.querySelector('#memory-storage')!.textContent!.replace(/\s+/g, ' ');
    expect(aside).toContain(`in bf16: ${sparse} bytes.`);
    expect(aside).toContain('DeepSeek-V4’s compressed entries take 584.');
    // The two systems caveats, each with its source beside it.
    for (const c of Object.values(raw.caveats)) expect(document.querySelector(`#memory-storage a[href="${c.source}"]`), c.source).not.toBeNull();
  });

  it('"… cross before the axis begins at 1,024 tokens, so they have no ring": every drawn model that crosses before 1,024 tokens', () => {
    const early = drawn.filter((m) => {
      const s = sequenceMemory(m.stack, storage, 1024);
      return s.fixed > 0 && s.growing > s.fixed;
    });
    expect(early.length).toBeGreaterThan(0);
    const text = claim('memory-off-axis');
    for (const m of early) expect(text, m.name).toContain(m.name);
    for (const m of drawn.filter((x) => !early.includes(x))) expect(text, m.name).not.toContain(m.name);
    for (const m of early) expect(crossing(m.stack)).toBeLessThan(1024);
    expect(text).toMatch(/before the axis begins at 1,024 tokens, so (they have|it has) no ring$/);
  });

  it('names the models it cannot draw, and the factor between engines’ state types', () => {
    expect(claim('memory-undrawn')).toContain('MiMo-V2.5-Pro');
    expect(claim('memory-undrawn')).toContain('MiMo-V2.5-Pro, KV heads not found');
    // A model whose linear layers' shapes were not read says so in one phrase, not field by field.
    expect(claim('memory-undrawn')).toContain('Qwen3.8-Flash-Next, linear-attention heads not found, convolution width not found.');
    // Each missing size once per model.
    expect(claim('memory-undrawn').match(/not found/g)).toHaveLength(3);
    expect(claim('memory-state-factor')).toBe(String(raw.storage.stateDefault.value / raw.storage.stateTpu.value));
  });
});
