import { describe, expect, it } from 'vitest';
import { renderedPage } from '../renderedPage';
import { architectures, k3Facts } from '../../src/content/architectures';
import {
  cacheAgainstState,
  k3LayerKinds,
  LINEAGE_FILE,
  lineage,
  lineageSteps,
  litExperts,
  mlaPositions,
  parseLineage,
  writeComparison,
} from '../../src/content/lineage';
import { DataError } from '../../src/content/validate';
import { equations } from '../../src/essay/equations';
import { typeset } from '../../src/essay/typeset';
import { dataFile } from '../fixtures/load';

type RawLineage = Record<string, unknown> & {
  steps: Record<string, unknown>[];
  k3Stack: { cycle: Record<string, unknown>; tail: Record<string, unknown> };
};
/** A fresh, unparsed copy of the file, for a test to break. */
const clone = () => dataFile(LINEAGE_FILE) as RawLineage;
const raw = clone();

describe('data/lineage.json', () => {
  it('holds the seven steps of the chain, in order, with their years', () => {
    expect(lineage.steps.map((s) => s.id)).toEqual(['kv-cache', 'linear-attention', 'delta-rule', 'chunked-delta', 'gated-deltanet', 'kda-hybrid', 'kimi-k3']);
    expect(lineage.steps.map((s) => s.year.value)).toEqual([2019, 2020, 2021, 2024, 2024, 2025, 2026]);
  });

  it('gives every step every field: wall, fix, cost, policy, a paper with authors and a year, an equation, a source', () => {
    for (const s of lineageSteps()) {
      for (const field of [s.name, s.wall, s.fix, s.cost, s.policy]) expect(field.trim().length, s.id).toBeGreaterThan(0);
      expect(s.papers.length, s.id).toBeGreaterThan(0);
      for (const p of s.papers) {
        expect(p.authors.length, p.title).toBeGreaterThan(0);
        expect(p.year.value, p.title).toBeLessThanOrEqual(s.year.value);
        expect(p.url, p.title).toMatch(/^https:\/\//);
      }
      expect(s.equations.length, s.id).toBeGreaterThan(0);
      expect(s.sources.length, s.id).toBeGreaterThan(0);
    }
  });

  it('cites the papers by the arXiv ids of the research notes (§2)', () => {
    const ids = lineage.steps.flatMap((s) => s.papers.map((p) => p.arxiv));
    expect(ids).toEqual([null, '2006.16236', '2102.11174', '2406.06484', '2412.06464', '2405.21060', '2510.26692', '2607.24653', '2603.15031', '1701.06538']);
    const gpt2 = lineage.steps[0]!.papers[0]!;
    expect(gpt2.authors).toEqual(['Radford', 'Wu', 'Child', 'Luan', 'Amodei', 'Sutskever']);
  });

  it('names equations the registry has, and every one compiles with KaTeX in strict mode', () => {
    for (const s of lineage.steps) {
      for (const eq of s.equations) {
        expect(Object.keys(equations), `${s.id} -> ${eq.id}`).toContain(eq.id);
        const html = typeset(eq.id, (equations as Record<string, string>)[eq.id]!, true);
        expect(html).toContain('class="katex-display"');
        expect(html).not.toContain('katex-error');
      }
    }
  });

  it('fills every figure the text names from data/architectures.json, leaving no braces behind', () => {
    const k3 = k3Facts();
    for (const s of lineageSteps()) {
      for (const field of [s.name, s.wall, s.fix, s.cost, s.policy]) expect(field, s.id).not.toMatch(/[{}]/);
    }
    const fix = lineageSteps().find((s) => s.id === 'kimi-k3')!.fix;
    expect(fix).toContain(`Of its ${k3.layers} layers, ${k3.linearLayers} are Kimi Delta Attention and ${k3.fullAttentionLayers} are gated MLA`);
    expect(fix).toContain(`${k3.expertsActive} of ${k3.expertsRouted} experts`);
    expect(fix).toContain(`one summary per ${k3.depthSummaryEvery} layers`);
    expect(lineageSteps()[0]!.policy).toBe('Evict nothing inside the 1,024-token window; drop everything outside it.');
    expect(lineageSteps()[5]!.name).toBe('Kimi Delta Attention and the nominally 3:1 hybrid');
    // Kimi Linear's 3:1 is nominal: the step says so, with the released config's counts.
    const kl = architectures.models.find((m) => m.id === 'kimi-linear-48b-a3b')!;
    const counts = [kl.linearLayers?.value, kl.fullAttentionLayers?.value, kl.layers.value];
    expect(lineageSteps()[5]!.fix).toContain(
      `nominally 3:1, Kimi Delta Attention (KDA) to full attention (${counts[0]} + ${counts[1]} of its ${counts[2]} layers in the released config)`,
    );
  });
});

describe("K3's layer stack", () => {
  it('is 69 KDA + 24 MLA = 93 layers, MLA at 4, 8, … 92 and 93', () => {
    const kinds = k3LayerKinds();
    expect(kinds).toHaveLength(93);
    expect(kinds.filter((k) => k === 'kda')).toHaveLength(69);
    expect(kinds.filter((k) => k === 'mla')).toHaveLength(24);
    const expected = [...Array.from({ length: 23 }, (_, i) => 4 * (i + 1)), 93];
    expect(mlaPositions(kinds)).toEqual(expected);
  });

  it('agrees with the counts in data/architectures.json', () => {
    const k3 = k3Facts();
    const kinds = k3LayerKinds();
    expect(kinds.length).toBe(k3.layers);
    expect(kinds.filter((k) => k === 'mla').length).toBe(k3.fullAttentionLayers);
  });

  it('stops the build when the stored pattern and the layer counts disagree', () => {
    const withCycle = (value: string[]) => parseLineage({ ...clone(), k3Stack: { ...raw.k3Stack, cycle: { ...raw.k3Stack.cycle, value } } });
    expect(() => k3LayerKinds(withCycle(['kda', 'kda', 'mla', 'mla']))).toThrow(
      /data\/lineage\.json: k3Stack gives 46 KDA \+ 47 MLA layers; data\/architectures\.json says 69 \+ 24/,
    );
    expect(() => k3LayerKinds(withCycle(['kda', 'kda', 'mla']))).toThrow(/a cycle of 3 and a tail of 1 cannot make the 93 layers/);
    const noTail = parseLineage({ ...clone(), k3Stack: { ...raw.k3Stack, tail: { ...raw.k3Stack.tail, value: [] } } });
    expect(() => k3LayerKinds(noTail)).toThrow(/cannot make the 93 layers/);
  });
});

describe('the numbers the diagrams draw', () => {
  it("compares GPT-2 small's cache with a state of its shape: 18,432 values a token against 589,824", () => {
    // openai/gpt-2 src/model.py: n_layer 12, n_embd 768, n_head 12, n_ctx 1024.
    const m = cacheAgainstState();
    expect(m.cachePerToken).toBe(2 * 12 * 768);
    expect(m.state).toBe(12 * 12 * 64 * 64);
    expect(m.context).toBe(1024);
    expect(m.crossing).toBe(32);
  });

  it('shows the additive state wrong at exactly the rewritten keys and the delta rule exact', () => {
    const w = writeComparison([2, 5]);
    // One-hot keys and unit values: a rewritten additive row reads old + new, off by ‖old‖ = ‖new‖
    // (error 1 at each of 2 of 8 keys); the delta rule with β = 1 replaces the row outright.
    expect(w.additiveError).toBeCloseTo(2 / 8, 12);
    expect(w.deltaError).toBeCloseTo(0, 12);
    expect(w.writes).toBe(10);
    for (let r = 0; r < 8; r++) {
      const same = w.additive.slice(r * 8, r * 8 + 8).every((x, c) => Math.abs(x - w.delta[r * 8 + c]!) < 1e-12);
      expect(same, `row ${r}`).toBe(![2, 5].includes(r));
    }
  });

  it('lights distinct experts inside the grid', () => {
    const lit = litExperts(896, 16);
    expect(new Set(lit).size).toBe(16);
    for (const i of lit) expect(i >= 0 && i < 896).toBe(true);
  });
});

describe('a malformed data/lineage.json', () => {
  it('fails naming the file, the step and the field', () => {
    const data = clone();
    (data.steps[3]!.papers as Record<string, unknown>[])[0]!.url = 'https://arxiv.org/abs/2406.00000';
    expect(() => parseLineage(data)).toThrow(DataError);
    expect(() => parseLineage(data)).toThrow(/data\/lineage\.json: entry steps\[3\] "chunked-delta", field papers\.0\.url/);
  });

  it('rejects a figure the essay does not know', () => {
    const data = clone();
    data.steps[6]!.fix = 'There are {k3.layerz} layers.';
    expect(() => parseLineage(data)).toThrow(/entry steps\[6\] "kimi-k3", field fix: unknown figure \{k3\.layerz\}/);
  });

  it('rejects a missing field and a number without its source', () => {
    const missing = clone();
    delete missing.steps[1]!.cost;
    expect(() => parseLineage(missing, 'x.json')).toThrow(/x\.json: entry steps\[1\] "linear-attention", field cost/);
    const bare = clone();
    bare.steps[0]!.year = 2019;
    expect(() => parseLineage(bare)).toThrow(/entry steps\[0\] "kv-cache", field year/);
  });

  it('rejects steps out of order', () => {
    const data = clone();
    data.steps = [data.steps[1]!, data.steps[0]!, ...data.steps.slice(2)];
    expect(() => parseLineage(data)).toThrow(/field steps: steps must be in chronological order/);
  });
});

describe('the prerendered lineage section', () => {
  const { html, islands } = renderedPage();
  const section = html.slice(html.indexOf('<section id="lineage"'), html.indexOf('</section>', html.indexOf('<section id="lineage"')));

  it('holds every step in the ladder for readers without script: a rung each, its card whole at its own anchor', () => {
    const ladder = section.slice(section.indexOf('<ol class="ladder"'));
    expect((ladder.match(/<details class="rung"/g) ?? []).length).toBe(7);
    lineageSteps().forEach((s, i) => {
      const card = ladder.slice(ladder.indexOf(`id="lineage-step-${i + 1}"`));
      expect(ladder).toContain(s.name.replace(/&/g, '&amp;'));
      expect(card.slice(0, card.indexOf('</details>'))).toContain('The wall');
    });
    // Every rung closed at first: the browser opens the one a link names, script or not.
    expect(ladder).not.toMatch(/<details[^>]* open/);
  });

  it('hands the ladder all seven steps as JSON props, each equation whole, its styles as data, the page holding it as MathML', () => {
    expect(section).toContain('data-island="lineage"');
    const file = islands.find((f) => f.path === 'islands/lineage.json');
    expect(file).toBeDefined();
    const props = JSON.parse(file!.text) as { steps: { id: string; equations: { mathml: { equationKey: string; html?: string }; html: string }[] }[] };
    expect(props.steps.map((s) => s.id)).toEqual(lineage.steps.map((s) => s.id));
    for (const s of props.steps) {
      for (const eq of s.equations) {
        // The prerendered card holds the MathML alone, which the props leave out; a card opened
        // with script gets KaTeX's markup with the props, its inline styles as data for the CSSOM to set.
        expect(section).toMatch(new RegExp(`data-equation-key="${eq.mathml.equationKey}"[^>]*><math`));
        expect(eq.mathml.html).toBeUndefined();
        expect(eq.html).toContain('class="katex-html"');
        expect(eq.html).toContain('data-style="');
        expect(eq.html).not.toMatch(/ style="/);
      }
    }
  });
});
