/**
 * The memory figure's data: every model's layers from data/memory.json, checked against the
 * figures published for them elsewhere (research/memory.md §3.2, §3.3), and the build stopping
 * on a corrupted file with the file, the model and the field named.
 */
import { describe, expect, it } from 'vitest';
import raw from '../../data/memory.json';
import { architectures, parseArchitectures } from '../../src/content/architectures';
import { k3MemoryFacts, MEMORY_FILE, parseMemory } from '../../src/content/k3Memory';
import { memoryCsv, memoryTable, missingText } from '../../src/content/memoryFigure';
import { memoryModels, missingNotes, storageOf, TABLE_CONTEXTS } from '../../src/content/modelMemory';
import type { Architectures } from '../../src/content/schema';
import { renderedDocument } from '../renderedPage';
import { DataError } from '../../src/content/validate';
import { sequenceMemory, stackSummary } from '../../src/core';

const models = memoryModels();
const bf16 = storageOf('bf16', 'fp32');
const byId = (id: string) => {
  const m = models.find((x) => x.id === id);
  if (!m?.stack) throw new Error(`${id} is not drawn`);
  return m.stack;
};
const perToken = (id: string) => stackSummary(byId(id), bf16).growingPerToken;
/** What grows per token without the indexers' keys: the gallery's convention (research/memory.md §3.2). */
const latentsOnly = (id: string) =>
  stackSummary(
    byId(id)
      .filter((g) => g.kind !== 'indexer')
      .map((g) => (g.kind === 'compressed' ? { ...g, indexDim: 0 } : g)),
    bf16,
  ).growingPerToken;
const KiB = 1024;

describe('every model’s bytes a token agree with the figures published for it', () => {
  it.each([
    ['kimi-k2.6', 68.6],
    ['mistral-large-3', 68.6],
    ['kimi-k3', 27],
    ['kimi-linear-48b-a3b', 7.9],
    ['glm-5.2', 87.75],
    ['qwen3.5-397b-a17b', 30],
    ['minimax-m3', 120],
    ['nemotron-3-ultra', 12],
    ['deepseek-v4-flash', 5.4],
    ['deepseek-v4-pro', 7.7],
  ])('%s: %s KiB a token of latents and K/V, as the gallery counts them', (id, kib) => {
    expect(Math.abs(latentsOnly(id) / KiB - kib)).toBeLessThan(0.06);
  });

  it('gpt-oss-120b: 36,864 B a token logical, half of what vLLM allocates', () => {
    expect(perToken('gpt-oss-120b')).toBe(36_864);
  });

  it('indexer keys come on top: 21 GLM-5.2 layers of 128 fp8 values and a 4-byte scale even beside bf16, one key per compressed entry in V4', () => {
    expect(perToken('glm-5.2') - latentsOnly('glm-5.2')).toBe(21 * (128 + 4));
    expect(perToken('deepseek-v4-flash') - latentsOnly('deepseek-v4-flash')).toBe((21 * 128 * 2) / 4);
  });

  it('Kimi K3’s panel and the figure compute the same bytes', () => {
    const k3 = k3MemoryFacts();
    const m = sequenceMemory(byId('kimi-k3'), bf16, k3.atContext.context);
    expect(m.growing).toBe(k3.atContext.cache);
    expect(m.fixed).toBe(k3.atContext.state);
    expect(stackSummary(byId('kimi-k3'), bf16).crossover).toBe(k3.crossover);
  });

  it('a size that is not found is said, not drawn; one that is not published is left out and said', () => {
    const mimo = models.find((m) => m.id === 'mimo-v2.5-pro')!;
    expect(mimo.stack).toBeNull();
    expect(missingText(mimo)).toBe('Not drawn: KV heads not found.');
    const ultra = models.find((m) => m.id === 'nemotron-3-ultra')!;
    expect(ultra.stack).not.toBeNull();
    expect(missingText(ultra)).toMatch(/convolution width not published/);
  });

  it('every model of data/architectures.json is here, each with its sources', () => {
    expect(models.map((m) => m.id)).toEqual(architectures.models.map((m) => m.id));
    for (const m of models) {
      expect(m.sources.length, m.id).toBeGreaterThan(0);
      for (const s of m.sources) expect(s).toMatch(/^https:\/\//);
    }
  });
});

describe('engine notes compare like with like', () => {
  const m = (id: string) => models.find((x) => x.id === id)!;
  it('each measurement is set against the figure at its own cache type, named with its engine and version', () => {
    const flash = m('deepseek-v4-flash').engine!;
    // V4-Flash in fp8: 2 window layers keep only rings; 21 layers add (584 + 132) B every 4 tokens, 20 add 584 B every 128.
    const fp8PerToken = (21 * (584 + 132)) / 4 + (20 * 584) / 128;
    expect(fp8PerToken).toBe(3850.25);
    expect(flash.measurements.map((x) => x.figure)).toEqual([fp8PerToken, fp8PerToken]);
    expect(flash.text).toContain(
      `omlx (PR #2626) measured 15,570 bytes a token in fp8: ${(15_570 / fp8PerToken).toFixed(2)} times the 3,850 counted here in fp8.`,
    );
    expect(flash.brief).toContain('Measured 4.0× this in fp8.');
    const glm = m('glm-5.2').engine!;
    // GLM-5.2 in fp8: 78 sparse MLA layers of 656 B and 21 indexer keys of 132 B.
    expect(glm.measurements[0]!.figure).toBe(78 * 656 + 21 * 132);
    expect(glm.text).toContain('vLLM, local-inference-lab fork (PR #82) measured 54,728 bytes');
  });

  it('says "not measured" where nothing was, and the log figure for gpt-oss-120b is every layer at every token', () => {
    expect(m('deepseek-v4-pro').engine!.brief).toMatch(/^Not measured/);
    expect(m('gpt-oss-120b').engine!.brief).toMatch(/not measured\.$/);
    const oss = byId('gpt-oss-120b');
    const everyLayer = oss.reduce((a, g) => a + (g.kind === 'sliding' || g.kind === 'full' ? g.count * g.kvHeads * 2 * g.headDim * 2 : 0), 0);
    expect(m('gpt-oss-120b').engine!.text).toContain(`${everyLayer.toLocaleString('en-US')} bytes a token, every layer at every token`);
    expect(m('gpt-oss-120b').engine!.text).not.toMatch(/allocates twice/);
  });
});

describe('the downloads', () => {
  const rows = memoryTable() as (ReturnType<typeof memoryTable>[number] & Record<string, unknown>)[];
  it('hold every model at every storage type, with totals at 4K to 1M, crossover and status', () => {
    expect(rows).toHaveLength(4 * models.length);
    const k3 = rows.find((r) => r.model === 'kimi-k3' && r.cache === 'bf16' && r.state === 'fp32')!;
    expect(k3.totalBytesAt1048576).toBe(sequenceMemory(byId('kimi-k3'), bf16, 1_048_576).total);
    expect(k3.crossoverTokens).toBe(stackSummary(byId('kimi-k3'), bf16).crossover);
    // Past a model's context there is no total.
    const oss = rows.find((r) => r.model === 'gpt-oss-120b')!;
    expect(oss.totalBytesAt131072).not.toBeNull();
    expect(oss.totalBytesAt262144).toBeNull();
    expect(rows.find((r) => r.model === 'mimo-v2.5-pro')!.status).toBe('not found');
    // Dense MLA in fp8 is half of bf16: 61 layers × 576 B; GLM-5.2's sparse MLA keeps vLLM's fp8_ds_mla, 78 × 656 B, and 21 indexer keys of 132 B.
    const fp8 = (id: string) => rows.find((r) => r.model === id && r.cache === 'fp8')!;
    expect(fp8('kimi-k2.6').growingBytesPerToken).toBe(61 * 576);
    expect(fp8('mistral-large-3').growingBytesPerToken).toBe(35_136);
    expect(fp8('kimi-k3').growingBytesPerToken).toBe(24 * 576);
    expect(fp8('kimi-linear-48b-a3b').growingBytesPerToken).toBe(7 * 576);
    expect(fp8('glm-5.2').growingBytesPerToken).toBe(78 * 656 + 21 * 132);
  });

  it('carry every size’s source and status, and each model’s status is the weakest of its sizes’', () => {
    const row = (id: string) => rows.find((r) => r.model === id && r.cache === 'bf16' && r.state === 'fp32')!;
    for (const m of models) {
      const r = row(m.id);
      expect(r.sources.length, m.id).toBeGreaterThan(0);
      for (const url of r.sources.split(' ')) expect(url, m.id).toMatch(/^https:\/\//);
      // Every size in the data file is in the row, with its status and source.
      for (const x of m.sizes) expect(r.sizes, `${m.id} ${x.field}`).toContain(`${x.field} = ${String(x.value)} (${x.status}, ${x.source})`);
    }
    // Mistral Large 3's latent is derived from a per-token figure, so the model is "derived"; Nemotron's convolution width is not published.
    expect(row('mistral-large-3').status).toBe('derived');
    expect(row('mistral-large-3').sizes).toContain('layers.0.latent = 512 (derived, ');
    expect(row('nemotron-3-ultra').status).toBe('not published');
    expect(row('mimo-v2.5-pro').status).toBe('not found');
    expect(row('minimax-m3').status).toBe('secondary');
    expect(row('gpt-2-small').status).toBe('official');
  });

  it('as CSV: a header and one line per row, with the columns the figure’s table has and what prefix caching holds', () => {
    // Qwen3.5-397B-A17B at the figure's storage: one snapshot of 192,061,440 B (worked by hand in tests/core/sequenceMemory.test.ts), 64 to its context.
    const q = rows.find((r) => r.model === 'qwen3.5-397b-a17b' && r.cache === 'bf16' && r.state === 'fp32')!;
    expect(q.snapshotBytes).toBe(192_061_440);
    // The upper bound's column is named with the spacing it assumes: 262,144 / 4,096 = 64 snapshots.
    expect(q.snapshotsEvery4096ToContextBytes).toBe(64 * 192_061_440);
    const lines = memoryCsv(rows).trimEnd().split('\r\n');
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines[0]).toBe(
      [
        'model',
        'name',
        'cache',
        'state',
        'layerKinds',
        'contextTokens',
        'growingBytesPerToken',
        'fixedBytes',
        ...TABLE_CONTEXTS.map((t) => `totalBytesAt${t}`),
        'crossoverTokens',
        'snapshotBytes',
        'snapshotsEvery4096ToContextBytes',
        'status',
        'sources',
        'sizes',
      ].join(','),
    );
  });
});

describe('a corrupted data file stops the build, naming file, model and field', () => {
  type Raw = typeof raw;
  const clone = () => structuredClone(raw) as Raw & { models: Record<string, unknown>[] };
  const at = (d: ReturnType<typeof clone>, id: string) =>
    d.models.find((m) => m.id === id) as unknown as { layers: Record<string, { value: unknown; source?: string }>[] };

  it('a negative size', () => {
    const d = clone();
    at(d, 'gpt-oss-120b').layers[1]!.kvHeads!.value = -8;
    expect(() => parseMemory(d)).toThrow(DataError);
    expect(() => parseMemory(d)).toThrow(new RegExp(`${MEMORY_FILE}: entry models\\[6\\] "gpt-oss-120b", field layers\\.1\\.kvHeads`));
  });

  it('a source that is not https', () => {
    const d = clone();
    at(d, 'glm-5.2').layers[0]!.latent!.source = 'http://example.org';
    expect(() => parseMemory(d)).toThrow(/entry models\[4\] "glm-5.2", field layers\.0\.latent\.source: must be an https URL/);
  });

  it('layer counts that do not add up to the architectures file’s', () => {
    const d = clone();
    at(d, 'qwen3.5-397b-a17b').layers[0]!.count!.value = 16;
    expect(() => memoryModels(parseMemory(d))).toThrow(
      /data\/memory\.json: entry models\[10\] "qwen3.5-397b-a17b", field layers: its groups hold 61 layers, but data\/architectures\.json gives 60/,
    );
  });

  it('a model missing, or one the architectures file does not know', () => {
    const d = clone();
    d.models = d.models.filter((m) => m.id !== 'kimi-k2.6');
    expect(() => memoryModels(parseMemory(d))).toThrow(/data\/memory\.json: field models: no entry for "kimi-k2.6"/);
    const e = clone();
    (e.models[0] as { id: string }).id = 'gpt-5';
    expect(() => memoryModels(parseMemory(e))).toThrow(/entry models\[0\] "gpt-5", field id: no model with this id/);
  });

  it('a layer kind the model does not know', () => {
    const d = clone();
    (at(d, 'kimi-k2.6').layers[0] as unknown as { kind: string }).kind = 'hyper';
    expect(() => parseMemory(d)).toThrow(/entry models\[3\] "kimi-k2.6", field layers\.0\.kind/);
  });

  it('the architectures file changing under it', () => {
    const a = structuredClone(architectures);
    const glm = a.models.find((m) => m.id === 'glm-5.2')!;
    (glm.layers as { value: number }).value = 79;
    // Its own read counts follow, so the architectures file stays valid and only the memory file disagrees.
    glm.layerReadCounts![0]!.value = 79;
    expect(() => memoryModels(undefined, parseArchitectures(a))).toThrow(/"glm-5.2", field layers: its groups hold 78 layers/);
  });
});

describe('each model’s notes under the table say each thing once', () => {
  it('a note the data repeats for several missing sizes is printed once, in the data’s order', () => {
    const missing = ['a', 'b', 'a', '', 'b', 'c'].map((note, i) => ({ field: `layers.0.f${i}`, status: 'not found', note }));
    expect(missingNotes({ missing })).toEqual(['a', 'b', 'c']);
    expect(missingNotes({ missing: [] })).toEqual([]);
  });

  it('no note on the page says the same sentence twice: Qwen3.8-Flash-Next’s five missing sizes give one note', () => {
    const items = [...renderedDocument().querySelectorAll('ul.memory-notes li')];
    expect(items.length).toBe(models.length);
    for (const li of items) {
      const sentences = (li.textContent ?? '').split(/(?<=\.)\s+/).filter((x) => x.trim() !== '');
      expect(new Set(sentences).size, li.textContent ?? '').toBe(sentences.length);
    }
    const flash = items.find((li) => li.textContent?.startsWith('Qwen3.8-Flash-Next:'))!;
    const said = flash.textContent!.match(/were not in the notes read\./g) ?? [];
    expect(said).toHaveLength(1);
    expect(flash.textContent).toContain('The Gated DeltaNet layers’ head counts, head widths and convolution width were not in the notes read.');
    expect(flash.textContent).not.toContain('Not in the notes read.');
  });
});

/** Every note a model's figures carry, with where it sits. */
function notesOf(value: unknown, at = ''): { at: string; note: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => notesOf(v, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === 'note' && typeof v === 'string' ? [{ at, note: v }] : notesOf(v, at ? `${at}.${k}` : k)));
}

const LICENCE_WORDS = /licen[cs]e|apache|\bmit\b|\bgpl|\bbsd\b|openmdw/i;

/** Notes that name another model beside a licence its own row does not give. */
function licenceConflicts(data: Architectures): string[] {
  return data.models.flatMap((m) =>
    notesOf(m).flatMap(({ at, note }) =>
      data.models
        .filter((other) => other.id !== m.id && note.includes(other.name) && LICENCE_WORDS.test(note))
        .filter((other) => typeof other.licence.value !== 'string' || other.licence.status === 'not found' || !note.includes(other.licence.value))
        .map((other) => `${m.id} ${at}: “${note}” names ${other.name}, whose licence is ${other.licence.value}`),
    ),
  );
}

describe('a licence is said one way', () => {
  it('no model’s note gives another model’s licence otherwise than that model’s row', () => {
    expect(licenceConflicts(architectures)).toEqual([]);
  });

  it('the check fails where a note and a row disagree, as Qwen3.8-2.4T-A95B’s note and Qwen3.8-27B’s row once did', () => {
    const a = structuredClone(architectures);
    const big = a.models.find((m) => m.id === 'qwen3.8-2.4t-a95b')!;
    const small = a.models.find((m) => m.id === 'qwen3.8-27b')!;
    (big.licence as { note?: string }).note = 'Not confirmed from the official card; the smaller Qwen3.8-27B is Apache-2.0.';
    (small as { licence: unknown }).licence = { value: 'not found', status: 'not found', note: 'The config notes read for it do not state the licence.' };
    expect(licenceConflicts(parseArchitectures(a))).toHaveLength(1);
    (small as { licence: unknown }).licence = { value: 'MIT', status: 'secondary', source: 'https://example.org/x' };
    expect(licenceConflicts(parseArchitectures(a))).toHaveLength(1);
  });

  it('Qwen3.8-27B’s licence has its own source; the 2.4T row no longer speaks for its sibling', () => {
    const small = architectures.models.find((m) => m.id === 'qwen3.8-27b')!;
    expect(small.licence).toMatchObject({ value: 'Apache-2.0', status: 'secondary', source: 'https://docs.apiyi.com/models/qwen3-8-27b.md' });
    const big = architectures.models.find((m) => m.id === 'qwen3.8-2.4t-a95b')!;
    expect(big.licence.status).toBe('not found');
    expect(
      notesOf(big)
        .map((x) => x.note)
        .join(' '),
    ).not.toContain('Qwen3.8-27B');
  });
});

describe('Qwen3.8-Flash-Next’s active count', () => {
  it('stays at about 6B, and its note gives the one guide that reads 14B, with that guide’s source', () => {
    const flash = architectures.models.find((m) => m.id === 'qwen3.8-flash-next')!;
    expect(flash.activeParams).toMatchObject({ value: 6_000_000_000, status: 'approximate', source: 'https://github.com/sgl-project/sglang-jax/issues/1655' });
    expect(flash.activeParams.note).toContain('one guide reads 14B');
    expect(flash.activeParams.note).toContain('https://github.com/anthony-chaudhary/fak/issues/9122');
  });
});
