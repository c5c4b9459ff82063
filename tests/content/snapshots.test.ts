/** The snapshot fold's numbers are the core's, on the memory figure's models and storage, and its sentence says what they show. */
import { describe, expect, it } from 'vitest';
import { MEMORY_DEFAULTS } from '../../src/content/defaults';
import { memoryModels, storageOf } from '../../src/content/modelMemory';
import { SNAPSHOT_EVERY, snapshotRows, snapshotsOverCache } from '../../src/content/snapshots';
import { bytes, integer } from '../../src/format';
import { renderedDocument, renderedPage } from '../renderedPage';

describe('what prefix caching holds, model by model', () => {
  const rows = snapshotRows();

  it('counts in the storage the memory figure opens with: caches in bf16, states in fp32', () => {
    expect(MEMORY_DEFAULTS).toMatchObject({ cache: 'bf16', state: 'fp32' });
    expect(storageOf(MEMORY_DEFAULTS.cache, MEMORY_DEFAULTS.state).convBytes).toBe(2);
  });

  it('one row for every model of the figure; snapshots only where a layer keeps a state, one per 4,096 tokens of its context', () => {
    const models = memoryModels();
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
    expect(rows.find((r) => r.id === 'qwen3.5-397b-a17b')).toMatchObject({ one: 192_061_440, count: 64 });
  });

  it('the fold says which models’ snapshots outweigh their cache, as the numbers show', () => {
    const over = snapshotsOverCache(rows).map((r) => r.name);
    expect(over.length).toBeGreaterThan(0);
    for (const r of rows) expect(over.includes(r.name)).toBe(r.held !== null && r.cache !== null && (r.one ?? 0) > 0 && r.held > r.cache);
    const { html } = renderedPage();
    const said = html.match(/data-claim="memory-snapshots-over-cache"[^>]*>([^<]+)</)?.[1] ?? '';
    for (const name of over) expect(said).toContain(name);
    expect(said).toContain('outweigh the cache itself');
  });

  it('the fold’s table gives every model a row with its snapshot, its snapshots to the context and its cache there', () => {
    const document = renderedDocument();
    const fold = document.querySelector('details#memory-snapshots')!;
    expect(fold.querySelector('summary')!.textContent).toMatch(/^What a server keeps to cache prefixes/);
    for (const r of rows) {
      const cells = [...document.querySelectorAll(`[id="memory-snapshots-${r.id}"] td`)].map((td) => td.textContent);
      expect(cells, r.id).toHaveLength(4);
      expect(cells[0], r.id).toBe(r.context === null ? 'not found' : integer(r.context));
      if (r.one === 0) expect(cells.slice(1, 3), r.id).toEqual(['none', 'none']);
      else if (r.one === null) expect(cells[1], r.id).toBe('not found');
      else expect(cells[1], r.id).toBe(bytes(r.one));
      if (r.one !== 0 && r.count !== null && r.held !== null) expect(cells[2], r.id).toBe(`${integer(r.count)}: ${bytes(r.held)}`);
    }
    // Kimi K3, by hand from its row: 256 snapshots of its one, against its cache at a million tokens.
    const k3 = rows.find((r) => r.id === 'kimi-k3')!;
    expect(k3.count).toBe(1_048_576 / 4096);
    expect(k3.held! / k3.cache!).toBeGreaterThan(3);
  });
});
