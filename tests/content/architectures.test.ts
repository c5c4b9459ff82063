import { describe, expect, it } from 'vitest';
import { architectures, k3Facts, parseArchitectures, scaleRatio } from '../../src/content/architectures';
import { DataError } from '../../src/content/validate';
import { fixture } from '../fixtures/load';

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
          if (fig.status !== 'not published' && fig.status !== 'not found') expect(fig.source, `${m.id}.${key}`).toMatch(/^https:\/\//);
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

  it('respects the corrected K3 layer mix: 69 KDA + 24 MLA = 93 layers, not 3:1 exactly', () => {
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

describe('the architectures of the shipping table', () => {
  const byId = (id: string) => {
    const m = architectures.models.find((x) => x.id === id);
    if (!m) throw new Error(`no ${id}`);
    return m;
  };

  it('holds the eight of the issue, GPT-2 small as the only reference, and the seven other models checked, two of them shipped since the table was made', () => {
    const featured = architectures.models.filter((m) => m.featured).map((m) => m.name);
    expect(featured.sort()).toEqual(
      ['Kimi K3', 'Qwen3.8-2.4T-A95B', 'DeepSeek-V4-Pro', 'Kimi K2.6', 'GLM-5.2', 'MiniMax-M3', 'gpt-oss-120b', 'Nemotron 3 Ultra'].sort(),
    );
    expect(architectures.models.filter((m) => m.reference).map((m) => m.id)).toEqual(['gpt-2-small']);
    const others = architectures.models.filter((m) => !m.featured && !m.reference).map((m) => m.name);
    expect(others.sort()).toEqual([
      'DeepSeek-V4-Flash',
      'Kimi Linear 48B-A3B',
      'MiMo-V2.5-Pro',
      'Mistral Large 3',
      'Qwen3.5-397B-A17B',
      'Qwen3.8-27B',
      'Qwen3.8-Flash-Next',
    ]);
  });

  // Active shares as the research notes computed them (architectures.md §3.1, §3.2), to two decimals.
  const published: Record<string, number> = {
    'kimi-k3': 3.71,
    'qwen3.8-2.4t-a95b': 3.96,
    'deepseek-v4-pro': 3.06,
    'kimi-k2.6': 3.2,
    'glm-5.2': 5.38,
    'minimax-m3': 5.37,
    'gpt-oss-120b': 4.37,
    'nemotron-3-ultra': 10.0,
    'mimo-v2.5-pro': 4.12,
    'deepseek-v4-flash': 4.58,
    'qwen3.5-397b-a17b': 4.28,
    'mistral-large-3': 6.07,
    'kimi-linear-48b-a3b': 6.25,
  };
  for (const [id, percent] of Object.entries(published)) {
    it(`${id} fires ${percent}% of its parameters per token`, () => {
      const m = byId(id);
      expect(Math.round((m.activeParams.value / m.totalParams.value) * 10000) / 100).toBe(percent);
    });
  }

  it('says in words what the layer counts say for K3, and keeps the depth summary every 12 layers', () => {
    const k3 = byId('kimi-k3');
    const k = k3Facts();
    expect(k3.attention.value).toContain(`${k.linearLayers} Kimi Delta Attention layers`);
    expect(k3.attention.value).toContain(`${k.fullAttentionLayers} gated MLA layers`);
    expect(k.depthSummaryEvery).toBe(12);
  });

  it('never infers: a model in the table whose licence our sources did not settle says "not found", with a note saying what was read', () => {
    const licence = byId('qwen3.8-2.4t-a95b').licence;
    expect(licence.status).toBe('not found');
    expect(licence.value).toBe('not found');
    expect(licence.note).toMatch(/sources|card/);
    for (const m of architectures.models.filter((x) => x.licence.status === 'not found')) expect(m.licence.note, m.id).toMatch(/sources|card|read/);
    // A licence read from someone else's account of the card says so: secondary, with a note.
    for (const id of ['minimax-m3', 'nemotron-3-ultra', 'kimi-linear-48b-a3b']) {
      expect(byId(id).licence.status, id).toBe('secondary');
      expect(byId(id).licence.note, id).toBeTruthy();
    }
  });

  it('says what we know with the right word: none, inherited, approximate, and config copies instead of "not published"', () => {
    // gpt-oss-120b has no shared experts: a count of zero, not a missing figure.
    expect(byId('gpt-oss-120b').expertsShared).toMatchObject({ value: 0, status: 'none' });
    // GLM-5.2's counts and licence are given for GLM-5.2 itself by secondary sources; its day of release is not.
    for (const f of ['totalParams', 'activeParams', 'licence'] as const) {
      expect(byId('glm-5.2')[f].status, f).toBe('secondary');
      expect(byId('glm-5.2')[f].note, f).toMatch(/GLM-5\.2 itself/);
    }
    expect(byId('glm-5.2').released).toMatchObject({ value: '2026-06', status: 'approximate' });
    expect(byId('minimax-m3').released.status).toBe('approximate');
    // Kimi Linear's experts and context come from copies of its config.
    const kl = byId('kimi-linear-48b-a3b');
    for (const f of ['expertsRouted', 'expertsActive', 'expertsShared', 'contextTokens'] as const) {
      expect(kl[f]?.status, f).toBe('config');
      expect(kl[f]?.note, f).toMatch(/copies of the released config/);
    }
    expect([kl.expertsRouted?.value, kl.expertsActive?.value, kl.expertsShared?.value, kl.contextTokens.value]).toEqual([256, 8, 1, 1_048_576]);
    // Its nominal 3:1 is 20 + 7 of 27 layers in the released config.
    expect([kl.linearLayers?.value, kl.fullAttentionLayers?.value, kl.layers.value]).toEqual([20, 7, 27]);
  });

  it('refuses "none" with a count other than zero, and "not found" without a note saying what was read', () => {
    const data = structuredClone(architectures) as unknown as { models: Record<string, unknown>[] };
    const at = data.models.findIndex((m) => m.id === 'gpt-oss-120b');
    data.models[at]!.expertsShared = { value: 2, status: 'none', source: 'https://example.org/' };
    expect(() => parseArchitectures(data)).toThrow(new RegExp(`entry models\\[${at}\\] "gpt-oss-120b", field expertsShared`));
    const again = structuredClone(architectures) as unknown as { models: Record<string, unknown>[] };
    again.models[at]!.licence = { value: 'not found', status: 'not found' };
    expect(() => parseArchitectures(again)).toThrow(new RegExp(`entry models\\[${at}\\] "gpt-oss-120b", field licence`));
  });

  it('gives every featured model a release date, a layer count, its experts and what its layers read', () => {
    for (const m of architectures.models.filter((x) => x.featured)) {
      // A day, or a month where the source gives only the month and says so.
      expect(m.released.value, m.id).toMatch(m.released.status === 'approximate' ? /^\d{4}-\d{2}(-\d{2})?$/ : /^\d{4}-\d{2}-\d{2}$/);
      expect(typeof m.layers.value, m.id).toBe('number');
      expect(m.moe, m.id).toBe(true);
      expect(typeof m.expertsRouted?.value, m.id).toBe('number');
      expect(m.layerReads.length, m.id).toBeGreaterThan(0);
    }
  });
});

describe('corrupted copies of the file', () => {
  const fails = (name: string) => () => parseArchitectures(fixture(`architectures.${name}.json`), 'data/architectures.json');

  it('an impossible date fails naming the model and the field', () => {
    expect(fails('bad-date')).toThrow(/data\/architectures\.json: entry models\[2\] "qwen3\.8-2\.4t-a95b", field released\.value: expected an ISO date/);
  });

  it('a missing field fails naming the model and the field', () => {
    expect(fails('missing-field')).toThrow(/entry models\[3\] "deepseek-v4-pro", field licence: required/);
  });

  it('a stored share is refused: shares are derived, never stored', () => {
    expect(fails('stored-share')).toThrow(/entry models\[8\] "nemotron-3-ultra", field \(root\): Unrecognized key: "activeShare"/);
  });

  const mutate = (fn: (models: Record<string, Record<string, unknown>>) => void) => {
    const data = structuredClone(architectures) as unknown as { models: Record<string, unknown>[] };
    const byId = Object.fromEntries(data.models.map((m) => [m.id as string, m])) as Record<string, Record<string, unknown>>;
    fn(byId);
    return () => parseArchitectures(data, 'x.json');
  };

  it('refuses more experts active than routed', () => {
    expect(mutate((m) => ((m['glm-5.2']!.expertsActive as { value: number }).value = 300))).toThrow(
      /"glm-5\.2", field expertsActive\.value: more experts active than routed/,
    );
  });

  it('refuses a mixture of experts without its expert counts, and a dense model with them', () => {
    expect(mutate((m) => delete m['minimax-m3']!.expertsShared)).toThrow(/"minimax-m3", field expertsShared: required for a mixture of experts/);
    expect(mutate((m) => (m['gpt-2-small']!.expertsRouted = { value: 8, status: 'official', source: 'https://github.com/openai/gpt-2' }))).toThrow(
      /"gpt-2-small", field expertsRouted: a dense model has no experts/,
    );
  });

  it('refuses a non-positive count and a plain-http source anywhere in the file', () => {
    expect(mutate((m) => ((m['kimi-k2.6']!.layers as { value: number }).value = 0))).toThrow(/"kimi-k2\.6", field layers/);
    expect(mutate((m) => ((m['gpt-oss-120b']!.licence as { source: string }).source = 'http://example.org'))).toThrow(/"gpt-oss-120b", field licence/);
  });

  it('accepts a month where only the month is published, and rejects a month that does not exist', () => {
    expect(mutate((m) => ((m['minimax-m3']!.released as { value: string }).value = '2026-06'))).not.toThrow();
    expect(mutate((m) => ((m['minimax-m3']!.released as { value: string }).value = '2026-13'))).toThrow(/"minimax-m3", field released/);
  });
});
