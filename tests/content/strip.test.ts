/**
 * The layer strips of the shipping table: each model's cells per read, recomputed here from the
 * raw data file, their runs and bands, the words a screen reader hears, and the look-for line,
 * held to the data so that it fails when the data changes.
 */
import { describe, expect, it } from 'vitest';
import raw from '../../data/architectures.json';
import { architectures, parseArchitectures } from '../../src/content/architectures';
import { shippingFacts } from '../../src/content/shipping/section';
import { keptNote, layerStrip, STRIP_ORDER, stripKey, stripLookFor } from '../../src/content/shipping/strip';
import type { Architectures } from '../../src/content/schema';
import { renderedDocument } from '../renderedPage';

type RawModel = {
  id: string;
  name: string;
  featured: boolean;
  reference: boolean;
  layers: { value: unknown };
  layerReads: string[][];
  layerReadCounts?: { value: unknown }[];
};
const models = raw.models as unknown as RawModel[];
const table = models.filter((m) => m.featured || m.reference);
const byId = (id: string) => architectures.models.find((m) => m.id === id)!;

/** Cells per read, straight from the raw file: each group's count added to every read it lists. */
function cellsPerRead(m: RawModel): Record<string, number> {
  const out: Record<string, number> = {};
  m.layerReads.forEach((g, i) => {
    const n = m.layerReadCounts?.[i]?.value;
    for (const read of g) if (typeof n === 'number') out[read] = (out[read] ?? 0) + n;
  });
  return out;
}

/** The same, measured on the drawn strip: each band's run length added to its read. */
function drawnPerRead(id: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const run of layerStrip(byId(id)).runs) for (const read of run.reads) out[read] = (out[read] ?? 0) + run.count;
  return out;
}

describe('the strips draw what the data counts', () => {
  it('has, for every model in the table, as many cells of each read as the data gives, and one cell per layer', () => {
    expect(table).toHaveLength(9);
    for (const m of table) {
      expect(drawnPerRead(m.id), m.id).toEqual(cellsPerRead(m));
      const strip = layerStrip(byId(m.id));
      expect(strip.cells, m.id).toBe(m.layers.value);
      const last = strip.runs[strip.runs.length - 1]!;
      expect(last.at + last.count, m.id).toBe(m.layers.value);
    }
  });

  it('groups the cells by read, every token first, runs touching; a layer that reads several things is one run in bands', () => {
    expect(layerStrip(byId('kimi-k3')).runs).toEqual([
      { at: 0, count: 24, reads: ['every token'] },
      { at: 24, count: 69, reads: ['a fixed-size state'] },
    ]);
    expect(layerStrip(byId('deepseek-v4-pro')).runs).toEqual([
      { at: 0, count: 30, reads: ['selected tokens', 'compressed entries', 'a sliding window'] },
      { at: 30, count: 31, reads: ['compressed entries', 'a sliding window'] },
    ]);
    expect(layerStrip(byId('nemotron-3-ultra')).runs).toEqual([
      { at: 0, count: 12, reads: ['every token'] },
      { at: 12, count: 48, reads: ['a fixed-size state'] },
      { at: 60, count: 48, reads: ['nothing'] },
    ]);
    for (const m of table) {
      const runs = layerStrip(byId(m.id)).runs;
      const ranks = runs.map((r) => STRIP_ORDER.indexOf(r.reads[0]!));
      expect(ranks, m.id).toEqual([...ranks].sort((a, b) => a - b));
      for (const r of runs) expect(r.reads, m.id).toEqual([...r.reads].sort((a, b) => STRIP_ORDER.indexOf(a) - STRIP_ORDER.indexOf(b)));
    }
  });

  it('says the counts per read in words', () => {
    expect(layerStrip(byId('kimi-k3')).label).toBe('93 layers: 24 read every token, 69 a fixed-size state');
    expect(layerStrip(byId('nemotron-3-ultra')).label).toBe('108 layers: 12 read every token, 48 a fixed-size state, 48 nothing');
    expect(layerStrip(byId('deepseek-v4-pro')).label).toBe(
      '61 layers: 30 read selected tokens, compressed entries and a sliding window; 31 compressed entries and a sliding window',
    );
    expect(layerStrip(byId('gpt-2-small')).label).toBe('12 layers: 12 read every token');
    // Sparse attention over a cache kept whole: the words say it reads some and stores all.
    expect(layerStrip(byId('glm-5.2')).label).toBe('78 layers: 78 read selected tokens; those layers keep every token, and an indexer picks the ones read');
    expect(layerStrip(byId('qwen3.8-flash-next')).label).toBe(
      '48 layers: 12 read selected tokens, 36 a fixed-size state; those layers keep every token, and an indexer picks the ones read',
    );
  });

  it('draws every strip to one scale, the deepest model’s, and names in the legend only the reads drawn', () => {
    const { figure } = shippingFacts();
    expect(figure.stripKey.width).toBe(Math.max(...table.map((m) => m.layers.value as number)));
    expect(figure.stripKey.width).toBe(108);
    const drawn = new Set(table.flatMap((m) => m.layerReads.flat()));
    expect(figure.stripKey.reads).toEqual(STRIP_ORDER.filter((r) => drawn.has(r)));
    expect(figure.stripKey.reads).toContain('nothing');
    expect(figure.stripKey.reads).not.toContain('unknown');
  });

  it('draws the layers of a group whose count is not published as unknown, and never guesses its share', () => {
    const data = structuredClone(architectures);
    const m = data.models.find((x) => x.id === 'minimax-m3')!;
    m.layerReadCounts![1] = { value: 'not published', status: 'not published', note: 'Altered for the test.' };
    const strip = layerStrip(parseArchitectures(data).models.find((x) => x.id === 'minimax-m3')!);
    expect(strip.runs).toEqual([
      { at: 0, count: 3, reads: ['every token'] },
      { at: 3, count: 57, reads: ['unknown'] },
    ]);
    expect(strip.label).toBe('60 layers: 3 read every token, the other 57 read selected tokens, in counts not published');
    expect(stripKey([{ name: 'MiniMax-M3', strip }]).reads).toEqual(['every token', 'unknown']);
  });
});

describe('the legend’s note on sparse layers that keep every token', () => {
  const CLAUSE = 'keep every token, and an indexer picks the ones read';
  /** By hand from the raw file: the table's models with a group of layers that reads selected tokens and nothing else. */
  const keepers = (ms: RawModel[]) => ms.filter((m) => m.layerReads.some((g) => g.length === 1 && g[0] === 'selected tokens')).map((m) => m.name);

  it('names the models whose strips say it to a screen reader, in the same words', () => {
    expect(keepers(table)).toEqual(['GLM-5.2', 'MiniMax-M3']);
    const { figure } = shippingFacts();
    expect(figure.stripKey.kept).toBe(`In GLM-5.2 and MiniMax-M3, the layers that read only selected tokens ${CLAUSE}.`);
    for (const m of table) expect(layerStrip(byId(m.id)).label.endsWith(`; those layers ${CLAUSE}`), m.id).toBe(keepers([m]).length > 0);
  });

  it('is in the prerendered figure, under the legend, in plain sight', () => {
    const note = renderedDocument().querySelector('#shipping-figure .lr-key .lr-kept');
    expect(note?.textContent).toBe(shippingFacts().figure.stripKey.kept);
    expect(note!.closest('.visually-hidden, [aria-hidden="true"], details')).toBeNull();
    expect(note!.textContent!.split(/\s+/).length).toBeLessThanOrEqual(40);
  });

  it('changes with the data, and says nothing when no layer reads selected tokens alone', () => {
    const rows = (fn: (d: Architectures) => void) => {
      const data = structuredClone(architectures);
      fn(data);
      return parseArchitectures(data)
        .models.filter((m) => m.featured || m.reference)
        .map((m) => ({ name: m.name, strip: layerStrip(m) }));
    };
    const glmReadsAll = (d: Architectures) => {
      const glm = d.models.find((m) => m.id === 'glm-5.2')!;
      glm.layerReads = [['every token']];
      glm.layerReadCounts = [{ value: 78, status: 'derived', source: 'https://example.org/altered' }];
    };
    expect(keptNote(rows(glmReadsAll))).toBe(`In MiniMax-M3, the layers that read only selected tokens ${CLAUSE}.`);
    expect(
      keptNote(
        rows((d) => {
          glmReadsAll(d);
          const mm = d.models.find((m) => m.id === 'minimax-m3')!;
          mm.layerReads = [['every token'], ['a sliding window']];
        }),
      ),
    ).toBeNull();
  });
});

/** The look-for line's claims, recomputed from the raw file: who reads every token in every layer, and who in none. */
function everyTokenClaims(models: RawModel[]) {
  const featured = models.filter((m) => m.featured);
  const isEvery = (g: string[]) => g.length === 1 && g[0] === 'every token';
  return {
    all: featured.filter((m) => m.layerReads.length > 0 && m.layerReads.every(isEvery)).map((m) => m.name),
    none: featured.filter((m) => !m.layerReads.some(isEvery)).map((m) => m.name),
  };
}

describe('the strips’ look-for line', () => {
  it('names who reads every token in every layer and who in no layer, as the data says', () => {
    expect(stripLookFor()).toBe(
      'In the strips, of the eight only Kimi K2.6 reads every token in full in every layer; in DeepSeek-V4-Pro and GLM-5.2, no layer does.',
    );
    // And the line says what the raw file says, counted here without the content layer.
    const claims = everyTokenClaims(models);
    expect(claims).toEqual({ all: ['Kimi K2.6'], none: ['DeepSeek-V4-Pro', 'GLM-5.2'] });
  });

  it('is the second look-for line of the shipping figure, as prerendered', () => {
    const lines = [...renderedDocument().querySelectorAll('#shipping-figure .look-for')].map((p) => p.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Follow the active-share bars/);
    expect(lines[1]).toBe(stripLookFor());
    expect(lines[1]!.split(/\s+/).length).toBeLessThanOrEqual(40);
    // No figure in it: a digit stands only in a model's name (GPT-2, Kimi K2.6), as tests/essay/proseNumbers.test.ts reads names.
    expect(lines[1]!.replace(/\b[A-Za-z][A-Za-z.]*-?\d[\w.-]*/g, '')).not.toMatch(/\d/);
  });

  it('changes with the data: another model reading every token everywhere, or none, or one more model with no such layer', () => {
    const altered = (fn: (data: Architectures) => void) => {
      const data = structuredClone(architectures);
      fn(data);
      return stripLookFor(parseArchitectures(data));
    };
    const model = (data: Architectures, id: string) => data.models.find((m) => m.id === id)!;
    const published = (value: number) => ({ value, status: 'derived' as const, source: 'https://example.org/altered' });
    expect(
      altered((d) => {
        const glm = model(d, 'glm-5.2');
        glm.layerReads = [['every token']];
        glm.layerReadCounts = [published(78)];
      }),
    ).toBe('In the strips, of the eight only Kimi K2.6 and GLM-5.2 read every token in full in every layer; in DeepSeek-V4-Pro, no layer does.');
    expect(
      altered((d) => {
        const k2 = model(d, 'kimi-k2.6');
        k2.layerReads = [['a sliding window'], ['every token']];
        k2.layerReadCounts = [published(30), published(31)];
      }),
    ).toBe('In the strips, none of the eight reads every token in full in every layer; in DeepSeek-V4-Pro and GLM-5.2, no layer does.');
    expect(
      altered((d) => {
        const oss = model(d, 'gpt-oss-120b');
        oss.layerReads = [['a sliding window']];
        oss.layerReadCounts = [published(36)];
      }),
    ).toBe('In the strips, of the eight only Kimi K2.6 reads every token in full in every layer; in DeepSeek-V4-Pro, GLM-5.2 and gpt-oss-120b, no layer does.');
  });
});
