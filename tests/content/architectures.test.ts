import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { architectures, k3Facts, parseArchitectures, scaleRatio } from '../../src/content/architectures';
import { DataError } from '../../src/content/validate';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));

/** GPT-2 small from its published hyper-parameters (openai/gpt-2 src/model.py), embeddings tied. */
function gpt2SmallParams(): number {
  const vocab = 50257;
  const ctx = 1024;
  const d = 768;
  const layers = 12;
  const layerNorm = 2 * d;
  const attention = d * 3 * d + 3 * d + d * d + d;
  const mlp = d * 4 * d + 4 * d + 4 * d * d + d;
  const block = 2 * layerNorm + attention + mlp;
  return vocab * d + ctx * d + layers * block + layerNorm;
}

describe('data/architectures.json', () => {
  it('passes its schema and every figure has an https source', () => {
    expect(architectures.models.length).toBeGreaterThanOrEqual(2);
    for (const m of architectures.models) {
      for (const [key, value] of Object.entries(m)) {
        if (value && typeof value === 'object' && 'status' in value) {
          const fig = value as { status: string; source?: string };
          if (fig.status !== 'not published') expect(fig.source, `${m.id}.${key}`).toMatch(/^https:\/\//);
        }
      }
    }
  });

  it("holds GPT-2 small's exact parameter count, recomputed from its hyper-parameters", () => {
    const gpt2 = architectures.models.find((m) => m.id === 'gpt-2-small');
    expect(gpt2?.totalParams.value).toBe(gpt2SmallParams());
  });

  it('gives the ratio the essay states: about 22,500, and 22,580 only with a rounded 124M', () => {
    const r = scaleRatio();
    expect(r.exact).toBeGreaterThan(22_450);
    expect(r.exact).toBeLessThan(22_550);
    expect(Math.round(r.exact / 100) * 100).toBe(22_500);
    expect(Math.floor(r.headline)).toBe(22_580);
    expect(r.activeShare).toBeCloseTo(104 / 2800, 10);
  });

  it("respects the corrected K3 layer mix: 69 KDA + 24 MLA = 93 layers, not 3:1 exactly", () => {
    const k3 = k3Facts();
    expect(k3.linearLayers + k3.fullAttentionLayers).toBe(k3.layers);
    expect(k3.linearLayers / k3.fullAttentionLayers).toBeCloseTo(2.875, 10);
  });
});

describe('a malformed data file', () => {
  it('fails naming the file, the entry and the field', () => {
    const run = () => parseArchitectures(fixture('architectures.bad-source.json'), 'data/architectures.json');
    expect(run).toThrow(DataError);
    expect(run).toThrow(/data\/architectures\.json: entry models\[1\] "kimi-k3", field totalParams\.source/);
  });

  it('rejects active parameters above the total, naming the field', () => {
    expect(() => parseArchitectures(fixture('architectures.bad-active.json'), 'fixture.json')).toThrow(
      /fixture\.json: entry models\[0\] "gpt-2-small", field activeParams\.value: active parameters exceed total/,
    );
  });

  it('rejects a missing figure instead of inferring it', () => {
    const data = structuredClone(fixture('architectures.bad-source.json')) as { models: Record<string, unknown>[] };
    delete data.models[0]!.layers;
    expect(() => parseArchitectures(data, 'x.json')).toThrow(/entry models\[0\] "gpt-2-small", field layers/);
  });

  it('accepts "not published" as an explicit value', () => {
    const data = structuredClone(architectures) as unknown as { models: Record<string, unknown>[] };
    data.models[1]!.expertsShared = { value: 'not published', status: 'not published' };
    expect(() => parseArchitectures(data)).not.toThrow();
  });
});
