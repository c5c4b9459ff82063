/**
 * The snapshot fold's numbers are the core's, on the memory figure's models and storage; its one
 * snapshot per cached prefix stands beside the upper bound of one every 4,096 tokens, which the
 * page says is its own assumption; and its sentences say what the numbers show.
 */
import { describe, expect, it } from 'vitest';
import { MEMORY_DEFAULTS } from '../../src/content/defaults';
import { type MemoryModel, memoryModels, storageOf } from '../../src/content/modelMemory';
import { atMostCell, oneSnapshotCell, SNAPSHOT_EVERY, snapshotRows, snapshotSentences, snapshotsOverCache } from '../../src/content/snapshots';
import { bytes, integer } from '../../src/format';
import { renderedDocument } from '../renderedPage';

const MiB = 2 ** 20;
const GiB = 2 ** 30;
const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('what prefix caching holds, model by model', () => {
  const rows = snapshotRows();
  const row = (id: string) => rows.find((r) => r.id === id)!;

  it('counts in the storage the memory figure opens with: caches in bf16, states in fp32', () => {
    expect(MEMORY_DEFAULTS).toMatchObject({ cache: 'bf16', state: 'fp32' });
    expect(storageOf(MEMORY_DEFAULTS.cache, MEMORY_DEFAULTS.state).convBytes).toBe(2);
  });

  it('one row for every model of the figure; snapshots only where a layer keeps a state, at most one per 4,096 tokens of its context', () => {
    const models = memoryModels();
    expect(SNAPSHOT_EVERY).toBe(4096);
    expect(rows.map((r) => r.id)).toEqual(models.map((m) => m.id));
    for (const r of rows) {
      const m = models.find((x) => x.id === r.id)!;
      const stateful = m.stack?.some((g) => g.kind === 'linear' || g.kind === 'mamba') ?? null;
      if (stateful === null) expect(r.one).toBeNull();
      else expect(r.one! > 0).toBe(stateful);
      if (r.count !== null) expect(r.count).toBe(Math.floor(m.contextTokens! / SNAPSHOT_EVERY));
      if (r.held !== null) expect(r.held).toBe(r.count! * r.one!);
    }
    // Qwen3.5-397B-A17B, as worked by hand in tests/core/sequenceMemory.test.ts.
    expect(row('qwen3.5-397b-a17b')).toMatchObject({ one: 192_061_440, count: 64 });
    // Kimi K3: 69 KDA layers × (96 heads × 128² × 4 B + 3 × 36,864 × 2 B) = 449,372,160 B, 256 of them to 1M tokens.
    expect(row('kimi-k3')).toMatchObject({ one: 69 * (96 * 128 * 128 * 4 + 3 * 36_864 * 2), count: 256 });
  });

  it('a snapshot counted without a size its lab has not published says "or more" and what it leaves out, in both its cells', () => {
    // Nemotron 3 Ultra: 48 Mamba-2 layers × 256 heads × 64 × 128 × 4 B = 384 MiB exactly, its convolution left out; 256 of them = 96 GiB.
    const ultra = row('nemotron-3-ultra');
    expect(ultra.one).toBe(48 * 256 * 64 * 128 * 4);
    expect(ultra.one).toBe(384 * MiB);
    expect(ultra.leftOut).toBe('its convolution is not published');
    expect(oneSnapshotCell(ultra)).toBe('384 MiB or more; its convolution is not published');
    expect(atMostCell(ultra)).toBe('256: 96 GiB or more');
    // A model whose every size was read says neither.
    expect(row('kimi-k3').leftOut).toBeNull();
    expect(oneSnapshotCell(row('kimi-k3'))).not.toMatch(/or more/);
  });

  it('words what a model is counted without from its missing sizes, one phrase per status', () => {
    const base = memoryModels().find((m) => m.id === 'nemotron-3-ultra')!;
    const two: MemoryModel = {
      ...base,
      missing: [
        { field: 'layers.0.conv', status: 'not published', note: '' },
        { field: 'layers.1.conv', status: 'not published', note: '' },
        { field: 'layers.1.window', status: 'not found', note: '' },
      ],
    };
    expect(snapshotRows([two])[0]!.leftOut).toBe('its convolution is not published; its window is not found');
    expect(snapshotRows([{ ...base, stack: null }])[0]!.leftOut).toBeNull();
  });

  it('the realistic case: one snapshot for each prefix kept, from the least to the most, worked by hand', () => {
    // Kimi Linear 48B-A3B: 20 × (32 × 128² × 4 + 3 × 12,288 × 2) = 43,417,600 B = 41.41 MiB.
    // Qwen3.8-2.4T-A95B: 69 × (128 × 128² × 4 + 3 × (2 × 16 × 128 + 128 × 128) × 2) = 587,292,672 B = 560.1 MiB.
    expect(row('kimi-linear-48b-a3b').one).toBe(43_417_600);
    expect(row('qwen3.8-2.4t-a95b').one).toBe(69 * (128 * 128 * 128 * 4 + 3 * (2 * 16 * 128 + 128 * 128) * 2));
    expect(snapshotSentences(rows).perPrefix).toBe(
      'Prefix caching keeps a snapshot of a hybrid’s state where a prefix may be reused: one for each prefix kept, from 41.41 MiB (Kimi Linear 48B-A3B) to 560.1 MiB (Qwen3.8-2.4T-A95B) a snapshot.',
    );
    // A partial model at either end carries its "or more" into the sentence.
    const ultraOnly = rows.filter((r) => r.id === 'nemotron-3-ultra' || r.id === 'kimi-linear-48b-a3b');
    expect(snapshotSentences(ultraOnly).perPrefix).toContain('to 384 MiB or more (Nemotron 3 Ultra) a snapshot.');
  });

  it('the upper bound names the models whose snapshots would outweigh their cache, by hand, and says it is a bound', () => {
    // By hand from the review's sums: 107.1 > 27, 35.0 > 23, 96 > 12, 11.45 > 7.5, 10.35 > 7.875 GiB; Qwen3.8-27B's 9.18 < 16.
    const expected = ['Kimi K3', 'Qwen3.8-2.4T-A95B', 'Nemotron 3 Ultra', 'Qwen3.5-397B-A17B', 'Kimi Linear 48B-A3B'];
    const over = snapshotsOverCache(rows).map((r) => r.name);
    expect([...over].sort()).toEqual([...expected].sort());
    expect(row('qwen3.8-27b').held! / GiB).toBeCloseTo(9.176, 2);
    expect(row('qwen3.8-27b').cache!).toBe(16 * GiB);
    const said = snapshotSentences(rows).upperBound;
    expect(said).toMatch(/^In the upper bound, one every 4,096 tokens kept to a whole context, the snapshots of .+ would outweigh the cache itself\.$/);
    for (const name of expected) expect(said).toContain(name);
    expect(said).not.toContain('Qwen3.8-27B');
    // Where none would, it says so, still as the bound.
    expect(snapshotSentences(rows.filter((r) => r.id === 'qwen3.8-27b')).upperBound).toBe(
      'In the upper bound, one every 4,096 tokens kept to a whole context, no model’s snapshots would outweigh its cache.',
    );
  });

  it('the page prints both sentences, and says the spacing is its own assumption', () => {
    const document = renderedDocument();
    const { perPrefix, upperBound } = snapshotSentences(rows);
    expect(text(document.querySelector('[data-claim="memory-snapshots-per-prefix"]'))).toBe(perPrefix);
    expect(text(document.querySelector('[data-claim="memory-snapshots-over-cache"]'))).toBe(upperBound);
    const paragraph = text(document.querySelector('[data-claim="memory-snapshots-over-cache"]')!.parentElement);
    expect(paragraph).toContain(`${upperBound} That spacing is this page’s assumption; real counts depend on the engine, its mode and its chunk size.`);
    // No sentence on the page says the snapshots outweigh the cache without the bound.
    const body = text(document.body);
    expect(body).not.toMatch(/snapshots to a whole context outweigh/);
    for (const sentence of body.split(/(?<=\.)\s+/).filter((s) => /outweigh the cache itself/.test(s))) expect(sentence).toMatch(/upper bound/);
  });

  it('the fold’s caption says where a server keeps a snapshot, and that the 4,096 is the page’s assumption and a bound', () => {
    const document = renderedDocument();
    const caption = document.querySelector('#memory-snapshots-caption')!;
    const said = text(caption);
    expect(said).toContain('A server keeps one for each prefix it caches');
    expect(said).toContain('it keeps one at the last block boundary of each prefill chunk');
    expect(said).toContain('The “at most” column is an upper bound: one snapshot every 4,096 tokens');
    expect(said).toContain('That spacing is this page’s assumption; real counts depend on the engine, its mode and its chunk size.');
    expect(said).not.toMatch(/keeps a snapshot at each block boundary/);
    expect(caption.querySelector('a[href="https://github.com/vllm-project/vllm/pull/43628"]')?.textContent).toBe('in align mode');
    for (const sentence of said.split(/(?<=\.)\s+/)) expect(sentence.split(' ').length, sentence).toBeLessThanOrEqual(40);
  });

  it('the fold’s table gives every model a row with its snapshot, its upper bound and its cache there', () => {
    const document = renderedDocument();
    const fold = document.querySelector('details#memory-snapshots')!;
    expect(fold.querySelector('summary')!.textContent).toMatch(/^What a server keeps to cache prefixes/);
    expect([...fold.querySelectorAll('thead th')].map((th) => text(th))).toEqual([
      'Model',
      'Context',
      'One snapshot, kept for each cached prefix',
      'At most, if every 4,096-token boundary is kept',
      'Cache at the context',
    ]);
    for (const r of rows) {
      const cells = [...document.querySelectorAll(`[id="memory-snapshots-${r.id}"] td`)].map((td) => td.textContent);
      expect(cells, r.id).toHaveLength(4);
      expect(cells[0], r.id).toBe(r.context === null ? 'not found' : integer(r.context));
      if (r.one === 0) expect(cells.slice(1, 3), r.id).toEqual(['none', 'none']);
      else if (r.one === null) expect(cells[1], r.id).toBe('not found');
      else expect(cells[1], r.id).toBe(`${bytes(r.one)}${r.leftOut ? ` or more; ${r.leftOut}` : ''}`);
      if (r.one !== 0 && r.count !== null && r.held !== null)
        expect(cells[2], r.id).toBe(`${integer(r.count)}: ${bytes(r.held)}${r.leftOut ? ' or more' : ''}`);
    }
    expect([...document.querySelectorAll('[id="memory-snapshots-nemotron-3-ultra"] td')].map((td) => td.textContent)[1]).toBe(
      '384 MiB or more; its convolution is not published',
    );
    // Kimi K3, by hand from its row: 256 snapshots of its one, against its cache at a million tokens.
    const k3 = row('kimi-k3');
    expect(k3.count).toBe(1_048_576 / 4096);
    expect(k3.held! / k3.cache!).toBeGreaterThan(3);
  });
});
