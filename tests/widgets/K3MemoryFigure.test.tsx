import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { K3MemoryFigure } from '../../src/widgets/Recall/K3MemoryFigure';
import { contextAt, k3Codec } from '../../src/widgets/Recall/state';
import { readQuery, URL_WRITE_DELAY_MS } from '../../src/widgets/urlState';

const defaults = { context: 2 ** 20 };
// Kimi K3's stack as research/evidence.md §2.3 gives it, typed in here rather than read from the data.
const k3 = {
  shape: {
    attentionLayers: 24,
    cacheValuesPerToken: 576,
    cacheBytesPerValue: 2,
    linearLayers: 69,
    heads: 96,
    headDim: 128,
    stateBytesPerValue: 4,
    convKernel: 4,
    convBytesPerValue: 2,
  },
  gpt2: { context: 1024, bytes: 37_748_736 },
  latentOnly: 512,
};

function setup(search = '') {
  window.history.replaceState(null, '', `/${search}`);
  render(<K3MemoryFigure k3={k3} defaults={defaults} />);
}

const status = () => screen.getByRole('status').textContent ?? '';
const slider = () => screen.getByRole('slider', { name: /context length/i }) as HTMLInputElement;

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('K3MemoryFigure', () => {
  it('shows K3’s memory at the chosen context, and what an engine that drops the unrotated dimensions caches', () => {
    setup();
    expect(status()).toBe(
      'At 1,048,576 tokens: the MLA layers’ cache 27 GiB, the KDA layers’ state 428.6 MiB, 27.42 GiB in all; with every layer MLA, 104.6 GiB.',
    );
    fireEvent.change(slider(), { target: { value: '0' } });
    expect(status()).toMatch(/^At 4,096 tokens: the MLA layers’ cache 108 MiB, the KDA layers’ state 428\.6 MiB/);
    expect(screen.getByText(/leaves the 64 unrotated dimensions out caches 512 values per token and layer instead of 576/)).toBeTruthy();
  });

  it('reads its context from the URL once, clamped, and writes it back keeping other parameters', async () => {
    setup('?ctx=12&an=40');
    await act(async () => {});
    expect(status()).toMatch(/^At 4,096 tokens/);
    fireEvent.change(slider(), { target: { value: '4' } });
    await act(async () => new Promise((r) => setTimeout(r, URL_WRITE_DELAY_MS + 50)));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('ctx')).toBe('8192');
    expect(params.get('an')).toBe('40');
  });

  it('ignores nonsense in the URL and leaves a clean address at the default', async () => {
    setup('?ctx=-4');
    await act(async () => {});
    expect(status()).toMatch(/^At 1,048,576 tokens/);
    fireEvent.change(slider(), { target: { value: '32' } });
    await act(async () => new Promise((r) => setTimeout(r, URL_WRITE_DELAY_MS + 50)));
    expect(window.location.search).toBe('');
  });

  it('its codec lands every context on a slider step', () => {
    expect([contextAt(0), contextAt(32)]).toEqual([4096, 2 ** 20]);
    const parsed = readQuery(k3Codec, '?ctx=100000', defaults);
    expect(parsed.context).toBe(Math.round(2 ** (12 + Math.round((Math.log2(100000) - 12) * 4) / 4)));
  });
});
