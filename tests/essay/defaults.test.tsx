import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { IslandName } from '../../src/widgets/islands';

// Every figure's defaults live in src/content/defaults.ts. Change them there, and the prose that
// states them, the figure that opens at them and the props that carry them must all follow.
vi.mock('../../src/content/defaults', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/content/defaults')>();
  return {
    ...real,
    FORGET_DEFAULTS: { ...real.FORGET_DEFAULTS, n: 13, seed: 7 },
    RANDOM_KEYS: { ...real.RANDOM_KEYS, n: 40, seed: 7 },
    CHUNKING_DEFAULTS: { ...real.CHUNKING_DEFAULTS, d: 64, L: 8192 },
    SHIPPING_DEFAULT_SORT: { key: 'share', dir: 'asc' },
  };
});

const { Forget } = await import('../../src/essay/sections/Forget');
const { Chunking } = await import('../../src/essay/sections/Chunking');
const { Shipping } = await import('../../src/essay/sections/Shipping');
const { islandProps } = await import('../../src/essay/Island');

/** The visible text of a server render, maths left out. */
function text(html: string): string {
  return html
    .replace(/<span class="katex">[\s\S]*?<\/math><\/span>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The props the island was rendered with, as the build writes them for the client. */
function props(html: string, island: IslandName): Record<string, unknown> {
  if (!html.includes(`data-island="${island}"`)) throw new Error(`no ${island} island`);
  const raw = islandProps()[island];
  if (!raw) throw new Error(`no props for ${island}`);
  return JSON.parse(raw) as Record<string, unknown>;
}

describe('a changed default reaches the prose and the figure', () => {
  it('the state demo opens at the new n and seed, its look-for line says what it shows there, and the prose states the random-key stream’s', () => {
    const html = renderToStaticMarkup(createElement(Forget));
    expect(text(html)).toContain('Take the random-key stream 40 pairs in (seed 7');
    expect(html).toContain('aria-valuetext="13 pairs written"');
    expect(text(html)).toContain('13 pairs written. Read error:');
    // Pair 13 is the first rewrite: the line speaks of it, not of the gates.
    expect(text(html)).toContain('Keys come back with new values.');
    expect(text(html)).not.toContain('A new context, and the gates fire');
    expect(props(html, 'forget').defaults).toMatchObject({ n: 13, seed: 7 });
  });

  it('the chunk figure opens at the new workload, and the prose states it', () => {
    const html = renderToStaticMarkup(createElement(Chunking));
    expect(text(html)).toMatch(/with d = 64 and 8,192 tokens/);
    expect(text(html)).toContain('a head of dimension 64 does');
    // The figure's readout: 8,192 tokens in chunks of 64 is 128 sequential steps.
    expect(text(html)).toContain('128 sequential steps');
    expect(props(html, 'chunking').defaults).toMatchObject({ d: 64, L: 8192 });
  });

  it('the table opens in the new order', () => {
    const html = renderToStaticMarkup(createElement(Shipping));
    expect(html).toMatch(/aria-sort="ascending"[^>]*>\s*<button[^>]*>Active share/);
    expect(text(html)).toContain('Sorted by active share, lowest first');
    expect(props(html, 'shipping').defaultSort).toEqual({ key: 'share', dir: 'asc' });
  });
});
