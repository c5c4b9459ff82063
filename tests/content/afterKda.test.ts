/** The fold after the ladder's last rung: every rule dated by its paper, its update printed with how much was read, bad rows named. */
import { describe, expect, it } from 'vitest';
import raw from '../../data/afterKda.json';
import { afterKdaCounts, KDA_MONTH, monthWords, parseAfterKda } from '../../src/content/afterKda';
import { referenceAt } from '../../src/content/references';
import { equations } from '../../src/essay/equations';

const rules = parseAfterKda(raw, equations);
const byId = (id: string) => rules.find((r) => r.id === id)!;

describe('the rules beside and after KDA', () => {
  it('come latest first, by the month of their paper and then its arXiv number', () => {
    // By hand from the arXiv numbers: 2606.26560, 2605.22791, 2605.08587, the pull request of
    // February 2026, 2506.05233, 2506.04761, 2506.02475, 2503.14456, 2502.10297.
    expect(rules.map((r) => r.name)).toEqual([
      'Erase-then-Delta',
      'Gated DeltaNet-2',
      'Kaczmarz linear attention',
      'Gated Oja rule',
      'MesaNet',
      'Log-linear attention',
      'Comba',
      'RWKV-7 (generalised delta rule)',
      'DeltaProduct',
    ]);
    expect(rules.map((r) => r.date)).toEqual(['2026-06', '2026-05', '2026-05', '2026-02', '2025-06', '2025-06', '2025-06', '2025-03', '2025-02']);
    expect(monthWords('2025-06')).toBe('June 2025');
  });

  it('date KDA by its paper, October 2025: four rules came after it and five before', () => {
    expect(KDA_MONTH).toBe('2025-10');
    expect(afterKdaCounts(rules)).toEqual({ after: 4, before: 5 });
  });

  it('cite a paper among the references for each rule, with an arXiv id wherever the rule has a paper', () => {
    for (const r of rules) {
      const ref = referenceAt(r.paper);
      expect(ref, r.id).toBeDefined();
      if (r.id === 'gated-oja') expect(ref!.kind).toBe('code');
      else expect(ref!.arxiv, r.id).toMatch(/^\d{4}\.\d{4,5}$/);
    }
  });

  it('print every update, and say how much of it was read: code at a named commit, an abstract, or structure only', () => {
    expect(Object.fromEntries(rules.map((r) => [r.id, r.read]))).toEqual({
      'erase-then-delta': 'structure',
      'gated-deltanet-2': 'code',
      kaczmarz: 'abstract',
      'gated-oja': 'code',
      mesanet: 'code',
      'log-linear': 'code',
      comba: 'code',
      'rwkv-7': 'code',
      deltaproduct: 'code',
    });
    for (const r of rules.filter((r) => r.read === 'code')) {
      expect(r.readAt, r.id).toMatch(/^https:\/\/github\.com\/fla-org\/flash-linear-attention\/blob\/bc3b101dcb713ddc5bd8924b66754eb68b5ccf89\/fla\/ops\//);
      expect(r.readAt, r.id).toContain(r.code!);
      expect(r.readNote, r.id).toContain('bc3b101');
    }
    expect(byId('erase-then-delta').readNote).toMatch(/where the decay sits was not read/);
  });

  it('write each update as its source has it, in rows: the checks a reader of fla would make', () => {
    const tex = (id: string) => equations[byId(id).update as keyof typeof equations];
    // Gated DeltaNet-2: erase gate on the key side, write gate on the value side, after a per-channel decay.
    expect(tex('gated-deltanet-2')).toContain(String.raw`(b_t \odot \kc{k}_t)`);
    expect(tex('gated-deltanet-2')).toContain(String.raw`(w_t \odot \vc{v}_t)`);
    expect(tex('gated-deltanet-2')).toContain(String.raw`\operatorname{Diag}(\ac{\alpha}_t)`);
    // Comba and RWKV-7 read the state before its decay: the decay is added to the erase, not multiplied by it.
    expect(tex('comba')).toContain(String.raw`\big(\ac{\alpha}_t I - \bc{\beta}_t`);
    expect(tex('rwkv-7')).toContain(String.raw`\big(\operatorname{Diag}(\ac{\alpha}_t) - (a_t \odot \hat{\kappa}_t)`);
    // DeltaProduct decays once, before its first step; the Oja rule erases along the value; MesaNet solves at the read.
    expect(tex('deltaproduct')).toContain(String.raw`\Sc{S}_{t,0} &= \ac{\alpha}_t\,\Sc{S}_{t-1}`);
    expect(tex('gated-oja')).toContain(String.raw`\vc{v}_t^{\top}\vc{v}_t`);
    expect(tex('mesanet')).toContain(String.raw`\operatorname{Diag}(\lambda)\big)^{-1}`);
    expect(tex('kaczmarz')).toContain(String.raw`\frac{\eta_t}{\lVert \kc{k}_t \rVert^{2} + \varepsilon}`);
    expect(tex('log-linear')).toContain(String.raw`\prod_{r=s+1}^{t}\ac{\alpha}_r`);
  });

  it('say what each keeps and costs, and that log-linear adds no eviction while its base rule still forgets', () => {
    expect(byId('mesanet').keeps).toMatch(/twice/);
    expect(byId('mesanet').keeps).toContain('30 conjugate-gradient steps');
    expect(byId('deltaproduct').keeps).toMatch(/n delta writes \(two in fla['’]s layer\)/);
    expect(byId('log-linear').keeps).toContain('⌈log₂ T⌉ + 1');
    expect(byId('log-linear').evicts).toMatch(/^Adds no eviction of its own/);
    expect(byId('log-linear').evicts).toMatch(/still forgets/);
    expect(JSON.stringify(raw)).not.toMatch(/Evicts nothing/);
  });

  it('stops the build naming file, row and field for a paper not among the references, a month not its arXiv number’s, an update not in the registry, or a bad code path', () => {
    const altered = (f: (r: Record<string, unknown>) => void) => {
      const copy = structuredClone(raw) as { rules: Record<string, unknown>[] };
      f(copy.rules.find((r) => r.id === 'deltaproduct')!);
      return () => parseAfterKda(copy, equations);
    };
    const row = String.raw`entry rules\[8\] "deltaproduct"`;
    expect(
      altered((r) => {
        r.paper = 'https://arxiv.org/abs/9912.00001';
      }),
    ).toThrow(new RegExp(`data/afterKda\\.json: ${row}, field paper: .* is not in data/references\\.json`));
    expect(
      altered((r) => {
        r.date = '2025-10';
      }),
    ).toThrow(new RegExp(`${row}, field date: 2025-10 is not the month of arXiv 2502\\.10297 \\(2025-02\\)`));
    expect(
      altered((r) => {
        r.update = 'noSuchEquation';
      }),
    ).toThrow(new RegExp(`${row}, field update: "noSuchEquation" is not in the equation registry`));
    expect(
      altered((r) => {
        r.code = '../etc';
      }),
    ).toThrow(/field code: a path in flash-linear-attention/);
  });
});
