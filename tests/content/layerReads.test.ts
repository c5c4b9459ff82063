import { describe, expect, it } from 'vitest';
import { architectures, parseArchitectures } from '../../src/content/architectures';
import { DataError } from '../../src/content/validate';
import memory from '../../data/memory.json';
import { fixture, fixtureText } from '../fixtures/load';
import { importBuiltWithArchitectures } from '../fixtures/buildWith';

type Figure = { value: number | string; status: string; source?: string; note?: string };
type RawModel = Record<string, unknown> & { id: string; layerReads: string[][]; layerReadCounts?: Figure[] };

/** A fresh, unparsed copy of the data with `fn` applied to the named models, parsed as the build parses it. */
function mutate(fn: (models: Record<string, RawModel>) => void) {
  const data = structuredClone(architectures) as unknown as { models: RawModel[] };
  fn(Object.fromEntries(data.models.map((m) => [m.id, m])));
  return () => parseArchitectures(data, 'data/architectures.json');
}
const at = (id: string) => architectures.models.findIndex((m) => m.id === id);

describe('data/architectures.json: layers by what they read', () => {
  it('gives every model whose layers are described one sourced count per read group, adding up to its layers', () => {
    for (const m of architectures.models) {
      if (!m.layerReads.length) continue;
      const counts = m.layerReadCounts ?? [];
      expect(counts, m.id).toHaveLength(m.layerReads.length);
      for (const c of counts) expect(c.source, m.id).toMatch(/^https:\/\//);
      const sum = counts.reduce((s, c) => s + (typeof c.value === 'number' ? c.value : 0), 0);
      expect(sum, m.id).toBe(m.layers.value);
    }
  });

  it('holds the counts its sources give, model by model', () => {
    const byGroup = (id: string) => {
      const m = architectures.models[at(id)]!;
      return m.layerReads.map((g, i) => [g.join(' + '), m.layerReadCounts![i]!.value]);
    };
    expect(byGroup('kimi-k3')).toEqual([
      ['a fixed-size state', 69],
      ['every token', 24],
    ]);
    expect(byGroup('deepseek-v4-pro')).toEqual([
      ['a sliding window + selected tokens + compressed entries', 30],
      ['a sliding window + compressed entries', 31],
    ]);
    expect(byGroup('nemotron-3-ultra')).toEqual([
      ['a fixed-size state', 48],
      ['every token', 12],
      ['nothing', 48],
    ]);
    expect(byGroup('deepseek-v4-flash')).toEqual([
      ['a sliding window + selected tokens + compressed entries', 21],
      ['a sliding window + compressed entries', 20],
      ['a sliding window', 2],
    ]);
    expect(byGroup('gpt-2-small')).toEqual([['every token', 12]]);
  });

  it('agrees with the layer groups of data/memory.json, an indexer being a cache beside other layers and not a layer', () => {
    for (const mm of memory.models) {
      const m = architectures.models[at(mm.id)]!;
      const groups = mm.layers.filter((g) => g.kind !== 'indexer').map((g) => g.count.value);
      const ffn = (mm as { feedForwardOnly?: { value: number } }).feedForwardOnly;
      const fromMemory = [...groups, ...(ffn ? [ffn.value] : [])].sort((a, b) => a - b);
      const counts = m.layerReadCounts!.map((c) => c.value as number).sort((a, b) => a - b);
      expect(counts, mm.id).toEqual(fromMemory);
    }
    // Kimi K3's layers live in architectures.json itself: its linear and full-attention counts.
    const k3 = architectures.models[at('kimi-k3')]!;
    expect(k3.layerReadCounts!.map((c) => c.value)).toEqual([k3.linearLayers!.value, k3.fullAttentionLayers!.value]);
  });
});

describe('a malformed layerReadCounts', () => {
  const nemotron = `entry models\\[${at('nemotron-3-ultra')}\\] "nemotron-3-ultra"`;

  it('fails when the counts do not add up to the layers, naming the file, the model and the field', () => {
    const run = () => parseArchitectures(fixture('architectures.bad-counts.json'), 'data/architectures.json');
    expect(run).toThrow(DataError);
    expect(run).toThrow(new RegExp(`data/architectures\\.json: ${nemotron}, field layerReadCounts: the read groups' counts add up to 60, not the 108 layers`));
  });

  it('fails without a count for each read group, or with one too many', () => {
    expect(mutate((m) => delete m['glm-5.2']!.layerReadCounts)).toThrow(/"glm-5\.2", field layerReadCounts: required: one count per read group/);
    expect(mutate((m) => m['gpt-oss-120b']!.layerReadCounts!.push({ value: 1, status: 'config', source: 'https://example.org/' }))).toThrow(
      /"gpt-oss-120b", field layerReadCounts: 3 counts for 2 read groups/,
    );
  });

  it('fails on a count that is not a positive whole number, naming the group', () => {
    expect(mutate((m) => (m['kimi-k3']!.layerReadCounts![1]!.value = 23.5))).toThrow(
      /"kimi-k3", field layerReadCounts\.1: give a whole, positive number of layers/,
    );
    expect(mutate((m) => (m['kimi-k3']!.layerReadCounts![0]!.value = 0))).toThrow(/"kimi-k3", field layerReadCounts\.0\.value: Too small/);
    expect(mutate((m) => (m['kimi-k3']!.layerReadCounts![0]!.source = 'http://example.org/'))).toThrow(/"kimi-k3", field layerReadCounts\.0/);
  });

  it('fails on "nothing" read beside something else, and on two groups that read the same', () => {
    expect(mutate((m) => (m['nemotron-3-ultra']!.layerReads[2] = ['nothing', 'every token']))).toThrow(
      new RegExp(`${nemotron}, field layerReads\\.2: a layer that reads "nothing" reads nothing else`),
    );
    expect(mutate((m) => (m['gpt-oss-120b']!.layerReads[0] = ['every token']))).toThrow(
      /"gpt-oss-120b", field layerReads\.1: two read groups list the same reads/,
    );
  });

  it('fails when a group disagrees with the linear or full-attention count', () => {
    expect(
      mutate((m) => {
        const k3 = m['kimi-k3']!;
        k3.layerReadCounts![0]!.value = 68;
        k3.layerReadCounts![1]!.value = 25;
      }),
    ).toThrow(/"kimi-k3", field linearLayers\.value: 69 here, but 68 in the layerReadCounts group that reads a fixed-size state/);
  });

  it('accepts a count the sources do not give, said as such, and refuses published counts that leave it no layer', () => {
    const unpublished = { value: 'not published', status: 'not published', note: 'The report gives no split.' } as const;
    expect(mutate((m) => (m['minimax-m3']!.layerReadCounts![1] = { ...unpublished }))).not.toThrow();
    expect(
      mutate((m) => {
        m['minimax-m3']!.layerReadCounts![0]!.value = 60;
        m['minimax-m3']!.layerReadCounts![1] = { ...unpublished };
      }),
    ).toThrow(/"minimax-m3", field layerReadCounts: the published counts already add up to 60 of the 60 layers/);
  });
});

describe('the build', () => {
  it('stops on counts that do not add up, with the same message: file, model and field', async () => {
    await expect(importBuiltWithArchitectures(fixtureText('architectures.bad-counts.json'))).rejects.toThrow(
      /data\/architectures\.json: entry models\[8\] "nemotron-3-ultra", field layerReadCounts: the read groups' counts add up to 60, not the 108 layers/,
    );
  }, 60_000);
});
