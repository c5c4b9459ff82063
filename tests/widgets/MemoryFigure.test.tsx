import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LayerGroup, sequenceMemory, type Storage } from '../../src/core';
import { bytes, integer } from '../../src/format';
import { MemoryFigure } from '../../src/widgets/Memory/MemoryFigure';
import type { MemoryModelProps } from '../../src/widgets/Memory/state';
import { URL_WRITE_DELAY_MS } from '../../src/widgets/urlState';

/** Three small models typed in here: a hybrid with a state, one with a window, one with a cache only, and one not drawn. */
const hybrid: LayerGroup[] = [
  { kind: 'mla', count: 2, latent: 512, rotary: 64 },
  { kind: 'linear', count: 6, keyHeads: 4, keyDim: 64, valueHeads: 4, valueDim: 64, conv: 4 },
];
const windowed: LayerGroup[] = [
  { kind: 'sliding', count: 4, kvHeads: 2, headDim: 64, window: 128 },
  { kind: 'full', count: 4, kvHeads: 2, headDim: 64 },
];
const cache: LayerGroup[] = [{ kind: 'full', count: 8, kvHeads: 8, headDim: 128 }];
const models: MemoryModelProps[] = [
  { id: 'h', name: 'Hybrid H', contextTokens: 1_048_576, stack: hybrid, category: 'state', kinds: '', missing: null },
  {
    id: 'w',
    name: 'Window W',
    contextTokens: 131_072,
    stack: windowed,
    category: 'window',
    kinds: '',
    missing: null,
    engine: { brief: 'An engine allocates twice this.', source: 'https://example.org/w' },
  },
  { id: 'c', name: 'Cache C', contextTokens: 1_048_576, stack: cache, category: 'cache', kinds: '', missing: null },
  { id: 'x', name: 'Unknown X', contextTokens: 1_048_576, stack: null, category: null, kinds: '', missing: 'Not drawn: KV heads not found.' },
];
const fp8 = { valueBytes: 1, sparseScaleEvery: 128, sparseScaleBytes: 4, compressedScaleBytes: 8, indexScaleBytes: 4 };
const storage = (cache: Storage['cache'] = 'bf16', state: Storage['state'] = 'fp32'): Storage => ({ cache, state, convBytes: 2, fp8 });
const defaults = { context: 131_072, cache: 'bf16' as const, state: 'fp32' as const, sort: 'total' as const, focus: 'h', hidden: [] as string[] };
const contexts = Array.from({ length: 11 }, (_, i) => 2 ** (10 + i));

function setup(search = '') {
  window.history.replaceState(null, '', `/${search}`);
  render(<MemoryFigure models={models} fp8={fp8} convBytes={2} defaults={defaults} contexts={contexts} />);
}
const readout = () => screen.getAllByRole('status')[0]!.textContent ?? '';
const bars = () => within(screen.getByRole('list', { name: /memory per sequence/i })).getAllByRole('listitem');
const total = (stack: LayerGroup[], t: number, s = storage()) => bytes(sequenceMemory(stack, s, t).total);

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('MemoryFigure', () => {
  it('opens at its defaults: the focused model’s bytes in words, bars by total, a model past its context and one not drawn said so', () => {
    setup();
    const m = sequenceMemory(hybrid, storage(), 131_072);
    expect(readout()).toBe(
      `At 131,072 tokens, Hybrid H holds ${bytes(m.total)} a sequence: ${bytes(m.growing)} that grows with the context and ${bytes(m.fixed)} fixed.${readout().slice(readout().indexOf(' What grows'))}`,
    );
    expect(readout()).toMatch(/What grows outweighs what is fixed from [\d,]+ tokens on\./);
    const names = bars().map((b) => b.querySelector('.mem-bar-name')!.textContent);
    const totals = [hybrid, windowed, cache].map((s) => sequenceMemory(s, storage(), 131_072).total);
    expect(names.slice(0, 3)).toEqual(
      ['Hybrid H', 'Window W', 'Cache C']
        .map((n, i) => ({ n, t: totals[i]! }))
        .sort((a, b) => b.t - a.t)
        .map((x) => x.n),
    );
    expect(bars().find((b) => b.textContent?.includes('Unknown X'))!.textContent).toContain('Not drawn: KV heads not found.');
    expect(bars().find((b) => b.textContent?.includes('Window W'))!.textContent).toContain('An engine allocates twice this.');
  });

  it('moves the context by the slider, and a model past its own limit says so', () => {
    setup();
    const slider = screen.getByRole('slider', { name: /context length/i });
    fireEvent.change(slider, { target: { value: '8' } });
    expect(readout()).toContain(`At 262,144 tokens, Hybrid H holds ${total(hybrid, 262_144)}`);
    expect(bars().find((b) => b.textContent?.includes('Window W'))!.textContent).toContain('beyond its 131,072-token context');
  });

  it('switches the storage: fp8 caches and bf16 states, in the readout and the bars', () => {
    setup();
    fireEvent.change(screen.getByRole('combobox', { name: /caches in/i }), { target: { value: 'fp8' } });
    fireEvent.change(screen.getByRole('combobox', { name: /states in/i }), { target: { value: 'bf16' } });
    const s = storage('fp8', 'bf16');
    // 2 dense MLA layers × 576 B a token in fp8: half of bf16.
    expect(sequenceMemory(hybrid, s, 131_072).growing).toBe(2 * 576 * 131_072);
    expect(readout()).toContain(`holds ${total(hybrid, 131_072, s)}`);
    expect(bars().find((b) => b.textContent?.includes('Cache C'))!.textContent).toContain(total(cache, 131_072, s));
  });

  it('draws a pasted config beside the others and says which keys it read', async () => {
    setup();
    const gpt2 = { model_type: 'gpt2', n_layer: 12, n_head: 12, n_embd: 768, n_ctx: 1024, vocab_size: 50257 };
    fireEvent.change(screen.getByLabelText(/paste a model/i), { target: { value: JSON.stringify(gpt2) } });
    fireEvent.click(screen.getByRole('button', { name: /draw it/i }));
    // The reader's code arrives on the first press.
    await waitFor(() => expect(screen.getAllByRole('status')[1]!.textContent).not.toBe(''));
    const answer = screen.getAllByRole('status')[1]!.textContent;
    expect(answer).toContain('Drawn as “gpt2”');
    expect(answer).toMatch(/Read 5 keys: n_layer, n_head, n_embd, n_ctx, model_type\./);
    expect(answer).toContain('Ignored 1: vocab_size');
    // GPT-2 takes 1,024 tokens, fewer than the chosen context.
    expect(readout()).toBe('Yours (gpt2) takes at most 1,024 tokens, fewer than 131,072.');
    fireEvent.change(screen.getByRole('slider', { name: /context length/i }), { target: { value: '0' } });
    expect(readout()).toContain(`At 1,024 tokens, Yours (gpt2) holds ${bytes(2 * 12 * 768 * 2 * 1024)}`);
    expect(
      bars()
        .map((b) => b.textContent)
        .join(' '),
    ).toContain('Yours (gpt2)');
  });

  it('answers a bad paste and changes nothing else', async () => {
    setup();
    const before = { readout: readout(), bars: bars().map((b) => b.textContent) };
    for (const [text, said] of [
      ['{"n_layer": 12,\n "n_head" 12}', /line 2, column 11\./],
      ['{"n_layer": -3, "n_head": 1, "n_embd": 8}', /n_layer must be at least 1.*\(field: n_layer\)/],
      ['{"hidden_size": 8}', /missing key num_hidden_layers/],
    ] as const) {
      fireEvent.change(screen.getByLabelText(/paste a model/i), { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: /draw it/i }));
      await waitFor(() => expect(screen.getAllByRole('status')[1]!.textContent).toMatch(said));
      expect(screen.getAllByRole('status')[1]!.textContent).toMatch(/^Nothing was drawn\./);
      expect(readout()).toBe(before.readout);
      expect(bars().map((b) => b.textContent)).toEqual(before.bars);
    }
  });

  it('keeps its settings in the address, and ignores or clamps what it cannot use', () => {
    setup('?mctx=5&mcache=fp9&mstate=bf16&msort=nope&mfocus=zzz&mhide=c,zzz');
    // 5 tokens clamps to the shortest context; an unknown cache, sort and focus keep their defaults.
    expect(readout()).toContain('At 1,024 tokens, Hybrid H holds');
    expect(readout()).toContain(total(hybrid, 1024, storage('bf16', 'bf16')));
    expect(
      bars()
        .map((b) => b.textContent)
        .join(' '),
    ).not.toContain('Cache C');
    expect(window.location.search).toBe('?mctx=1024&mstate=bf16&mhide=c');
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('combobox', { name: /highlight/i }), { target: { value: 'w' } });
    act(() => vi.advanceTimersByTime(URL_WRITE_DELAY_MS + 10));
    expect(new URLSearchParams(window.location.search).get('mfocus')).toBe('w');
    expect(integer(1024)).toBe('1,024');
  });
});

describe('a pasted config’s result, drawn far above the box it was pasted in', () => {
  const original = Element.prototype.scrollIntoView;
  afterEach(() => {
    Element.prototype.scrollIntoView = original;
  });
  /** Pastes a config and presses Draw it; resolves once the answer beside the box is written. */
  async function paste(text: string) {
    fireEvent.change(screen.getByLabelText(/paste a model/i), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: /draw it/i }));
    await waitFor(() => expect(screen.getAllByRole('status')[1]!.textContent).not.toBe(''));
  }
  const gpt2 = JSON.stringify({ model_type: 'gpt2', n_layer: 12, n_head: 12, n_embd: 768, n_ctx: 1024 });
  /** The reader's motion setting, as matchMedia answers it. */
  const motion = (setting: 'reduce' | 'no-preference') =>
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === `(prefers-reduced-motion: ${setting})`, media: query }));

  it('is brought into view once drawn: the readout over the chart, smoothly, and the answer says where to look', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    motion('no-preference');
    setup();
    await paste(gpt2);
    await waitFor(() => expect(scroll).toHaveBeenCalledTimes(1));
    const target = scroll.mock.contexts[0] as Element;
    expect(target).toBe(document.querySelector('.mem-readout'));
    expect(target.textContent).toContain('Yours (gpt2)');
    expect(scroll).toHaveBeenCalledWith({ block: 'nearest', behavior: 'smooth' });
    expect(screen.getAllByRole('status')[1]!.textContent).toContain('Drawn as “gpt2”. It is in the chart above, named in the readout over it.');
  });

  it('moves at once where the reader asks for reduced motion, or the browser cannot say', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    motion('reduce');
    setup();
    await paste(gpt2);
    await waitFor(() => expect(scroll).toHaveBeenCalledWith({ block: 'nearest', behavior: 'instant' }));
    vi.unstubAllGlobals();
    vi.stubGlobal('matchMedia', undefined);
    await paste(gpt2.replace('gpt2', 'gpt2-again'));
    await waitFor(() => expect(scroll).toHaveBeenCalledTimes(2));
    expect(scroll).toHaveBeenLastCalledWith({ block: 'nearest', behavior: 'instant' });
  });

  it('stays put when nothing was drawn: the answer is beside the box', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    setup();
    await paste('{"n_layer": 12,');
    expect(screen.getAllByRole('status')[1]!.textContent).toMatch(/^Nothing was drawn\./);
    expect(scroll).not.toHaveBeenCalled();
  });
});
