/** The fold after the ladder's last rung: every later rule sourced, its update printed only from the registry, and bad rows named. */
import { describe, expect, it } from 'vitest';
import raw from '../../data/afterKda.json';
import { parseAfterKda } from '../../src/content/afterKda';
import { referenceAt } from '../../src/content/references';
import { equations } from '../../src/essay/equations';

describe('the rules after KDA', () => {
  const rules = parseAfterKda(raw, equations);

  it('names the six later rules the research lists, each with a paper among the references and an arXiv id', () => {
    expect(rules.map((r) => r.name)).toEqual([
      'Gated DeltaNet-2',
      'DeltaProduct',
      'RWKV-7 (generalised delta rule)',
      'Comba',
      'MesaNet',
      'Log-linear attention',
    ]);
    for (const r of rules) expect(referenceAt(r.paper)?.arxiv, r.id).toMatch(/^\d{4}\.\d{4,5}$/);
  });

  it('prints only Gated DeltaNet-2’s update, the one read from its paper: erase gate b on the key side, write gate w on the value side, after KDA’s per-channel decay', () => {
    expect(rules.filter((r) => r.equation !== null).map((r) => r.id)).toEqual(['gated-deltanet-2']);
    const tex = equations.gatedDeltaNet2;
    expect(tex).toContain(String.raw`(b_t \odot \kc{k}_t)`);
    expect(tex).toContain(String.raw`(w_t \odot \vc{v}_t)`);
    expect(tex).toContain(String.raw`\operatorname{Diag}(\ac{\alpha}_t)`);
  });

  it('stops the build naming file, row and field for a paper not among the references, an equation not in the registry, or a bad code path', () => {
    const altered = (f: (r: Record<string, unknown>) => void) => {
      const copy = structuredClone(raw) as { rules: Record<string, unknown>[] };
      f(copy.rules[1]!);
      return () => parseAfterKda(copy, equations);
    };
    expect(
      altered((r) => {
        r.paper = 'https://arxiv.org/abs/9912.00001';
      }),
    ).toThrow(/data\/afterKda\.json: entry rules\[1\] "deltaproduct", field paper: .* is not in data\/references\.json/);
    expect(
      altered((r) => {
        r.equation = 'noSuchEquation';
      }),
    ).toThrow(/entry rules\[1\] "deltaproduct", field equation: "noSuchEquation" is not in the equation registry/);
    expect(
      altered((r) => {
        r.code = '../etc';
      }),
    ).toThrow(/entry rules\[1\] "deltaproduct", field code: a path in flash-linear-attention/);
  });
});
