/**
 * Claim tests for the lab's sentences: each is recomputed here from the stored runs' raw sums
 * (which tests/content/lab.test.ts holds to a live run), with checkpoints, means and standard
 * errors worked out here rather than by the content module, and fails when a sentence stops
 * being true.
 */
import { describe, expect, it } from 'vitest';
import afterKda from '../../data/afterKda.json';
import memory from '../../data/memory.json';
import references from '../../data/references.json';
import { renderedDocument } from '../renderedPage';
import runs from '../../src/content/labRuns.json';

const document = renderedDocument();
const claim = (name: string) => (document.querySelector(`[data-claim="${name}"]`)?.textContent ?? '').replace(/\s+/g, ' ').trim();
const SIZES = [4, 8, 16, 32, 64, 128];
type Sums = number[][];
const run = (d: number) => (runs.runs as Record<string, { streams: number; sums: Record<string, Sums> }>)[String(d)]!;
/** n = d/4, d/2, … 4d, rounded to whole pairs, each once. */
const loads = (d: number) => [...new Set(Array.from({ length: 16 }, (_, i) => Math.max(1, Math.round(((i + 1) * d) / 4))))];
const mean = (d: number, m: string, k: 0 | 3) => run(d).sums[m]!.map((r) => r[k]! / run(d).streams);
const se = (d: number, m: string, k: 0 | 3) => {
  const s = run(d).streams;
  return run(d).sums[m]!.map((r) => Math.sqrt(Math.max(0, (r[k + 1]! - (r[k]! * r[k]!) / s) / (s - 1)) / s));
};
/** "3d/4", "d", "5d/4" as the page writes n for size d. */
const asLoad = (n: number, d: number) => {
  const q = Math.round((4 * n) / d);
  const g = q % 4 === 0 ? 4 : q % 2 === 0 ? 2 : 1;
  const [num, den] = [q / g, 4 / g];
  return `${num === 1 ? '' : num}d${den === 1 ? '' : `/${den}`}`;
};
/** A size's row of the lab's table, cell by cell: d, half-error point, additive's lead, gated and plain counts. */
const row = (d: number) =>
  [...(document.querySelector(`[data-claim="lab-size-${d}"]`)?.children ?? [])].map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim());
describe('the lab’s sentences hold for its own runs', () => {
  it('"The least-squares state reads every pair back exactly up to n = d and never past it"; "the delta rule’s half-error point … falls at n = …"', () => {
    for (const d of SIZES) {
      const err = mean(d, 'leastSquares', 0);
      for (const [i, n] of loads(d).entries()) {
        if (n <= d) expect(err[i]).toBeLessThan(1e-6);
        else expect(err[i]).toBeGreaterThan(0.1);
      }
    }
    const text = claim('lab-knee');
    expect(text).toContain('The least-squares state reads every pair back exactly up to n = d and never past it');
    // Where the mean crosses 0.5, on the line between the two checkpoints around it, as a multiple of d.
    const knees = SIZES.map((d) => {
      const e = mean(d, 'delta', 0);
      const n = loads(d);
      const i = e.findIndex((x) => x >= 0.5);
      return (n[i - 1]! + ((0.5 - e[i - 1]!) / (e[i]! - e[i - 1]!)) * (n[i]! - n[i - 1]!)) / d;
    });
    // Each size's half-error point stands in its row of the table; the sentence says only how it moves.
    for (const [i, d] of SIZES.entries()) expect(row(d)[1]).toBe(`n = ${knees[i]!.toFixed(2)}d`);
    // "on an axis of n/d it settles near n = d/2": from d = 32 on, within a tenth of d of it.
    for (const k of knees.slice(3)) expect(Math.abs(k - 0.5)).toBeLessThan(0.1);
    expect(text).toContain('moves with d counted in pairs, but on an axis of n/d it settles near n = d/2.');
  });

  it('"By read error the delta rule beats additive writes at every load from n = d on"; "by nearest-value accuracy additive writes lead by 5 points or more, with two standard errors to spare, from n = … to …"', () => {
    const text = claim('lab-winner');
    for (const d of SIZES) {
      const [add, del] = [mean(d, 'additive', 0), mean(d, 'delta', 0)];
      for (const [i, n] of loads(d).entries()) if (n >= d) expect(del[i]!).toBeLessThan(add[i]!);
    }
    expect(text).toContain('By read error the delta rule beats additive writes at every load from n = d on, at every size.');
    expect(text).toContain('The delta rule has partly overwritten old pairs.');
    let leading = 0;
    for (const d of SIZES) {
      const [a, b, sa, sb] = [mean(d, 'additive', 3), mean(d, 'delta', 3), se(d, 'additive', 3), se(d, 'delta', 3)];
      const leads = a.map((x, j) => x - b[j]! - 2 * Math.hypot(sa[j]!, sb[j]!) >= 0.05);
      const first = leads.indexOf(true);
      if (first < 0) {
        expect(row(d)[2], `d = ${d}`).toBe('at no load');
        continue;
      }
      leading++;
      let last = first;
      while (leads[last + 1]) last++;
      const n = loads(d);
      const range = last === n.length - 1 ? `${asLoad(n[first]!, d)} on` : `${asLoad(n[first]!, d)} to ${asLoad(n[last]!, d)}`;
      expect(row(d)[2], `d = ${d}`).toBe(`from n = ${range}`);
      // The stated run is the lead: each load in it leads, and the load after it does not.
      for (let j = first; j <= last; j++) expect(leads[j], `d = ${d}, n = ${n[j]}`).toBe(true);
    }
    const words = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];
    expect(text).toContain(`lead by 5 points or more, with two standard errors to spare, over a range of loads at ${words[leading]} of the six sizes.`);
  });

  it('"a single decay of α = 0.9 reads back about …; without the decay …, more than twice as many each time from d = 16 on"; "each doubling of d adds about … pairs"; the per-channel decays', () => {
    const text = claim('lab-gate');
    const recalled = (m: string) => SIZES.map((d) => mean(d, m, 3).at(-1)! * 4 * d);
    const [gated, plain] = [recalled('gatedDelta'), recalled('delta')];
    for (const [i, d] of SIZES.entries()) {
      expect(Number(row(d)[3]), `d = ${d}`).toBe(Math.round(gated[i]!));
      expect(Number(row(d)[4]), `d = ${d}`).toBe(Math.round(plain[i]!));
      expect(gated[i]!).toBeLessThan(plain[i]!);
    }
    expect(text).toContain(`α = ${runs.gates.alpha} reads back fewer pairs than the same rule without it.`);
    expect(text).toContain('Without the decay the count more than doubles with each doubling of d from d = 16 on');
    for (let i = 3; i < SIZES.length; i++) expect(plain[i]! / plain[i - 1]!).toBeGreaterThan(2);
    // "The size only stretches it": the gated count grows at every doubling, by a steady few pairs from d = 16 on.
    const steps = gated.slice(3).map((g, i) => Math.round(g) - Math.round(gated[i + 2]!));
    const perDoubling = Number(/each doubling adds about (\d+) pairs/.exec(text)![1]);
    expect(perDoubling).toBe(Math.round((Math.round(gated[5]!) - Math.round(gated[2]!)) / 3));
    for (const step of steps) expect(Math.abs(step - perDoubling)).toBeLessThanOrEqual(1);
    for (let i = 1; i < SIZES.length; i++) expect(gated[i]!).toBeGreaterThan(gated[i - 1]!);
    expect(text).toContain(`decays half the key channels by ${runs.gates.slow} and the other half by ${runs.gates.fast} at every write`);
  });

  it('"Attention over the whole cache picks the right value for at least …%"; the window "about the 64 it still holds"', () => {
    const text = claim('lab-attention');
    expect(text).toContain(`exp(${runs.gates.s}·k·kᵢ) over unit keys`);
    const least = Math.min(...SIZES.flatMap((d) => mean(d, 'cache', 3)));
    expect(text).toContain(`at least ${Math.floor(least * 100)}% of the pairs at every size and load`);
    const end = mean(128, 'window', 3).at(-1)!;
    expect(text).toContain(`picks the right value for ${Math.round(end * 100)}% of the pairs, about the 64 it still holds`);
    // 64 of 512 pairs is 12.5%: the window recalls what it holds and little else.
    expect(Math.abs(end * 512 - 64)).toBeLessThan(8);
  });

  it('Gated DeltaNet-2, "a rule that came after KDA", erases along the fast half only: its accuracy and read error at d = 128 and n = 2d beside the per-channel rule’s', () => {
    const gates = claim('lab-gdn2-gates');
    expect(gates).toBe(
      `So the lab erases along the fast half of the key channels only, at b = ${runs.gates.erase}, not at all along the slow half, and writes with w = ${runs.gates.write} on every value channel.`,
    );
    // Its paper's month is past KDA's (Kimi Linear, arXiv 2510.26692).
    const paragraph = document.querySelector('[data-claim="lab-gdn2-gates"]')!.parentElement!.textContent!.replace(/\s+/g, ' ');
    expect(paragraph).toContain('Gated DeltaNet-2, a rule that came after KDA, keeps the per-channel decay');
    const kdaArxiv = (references as unknown as { references: { id: string; arxiv?: string }[] }).references.find((r) => r.id === 'kimiteam2025b')!.arxiv!;
    const gdn2Month = afterKda.rules.find((r) => r.id === 'gated-deltanet-2')!.date;
    expect(gdn2Month > `20${kdaArxiv.slice(0, 2)}-${kdaArxiv.slice(2, 4)}`).toBe(true);
    const text = claim('lab-gdn2');
    // The slow half keeps every write only where its decay is 1; the fast half's decay is the stored one.
    expect(runs.gates.slow).toBe(1);
    expect(text).toContain(
      `What the slow half of a key reads is then never erased, and its rows never decay: there, writes pile up as additive writes do. The fast half’s rows decay by ${runs.gates.fast} at every write, and what it reads is erased.`,
    );
    const i = loads(128).indexOf(256);
    const [gdn2, kda] = [mean(128, 'gdn2', 3)[i]!, mean(128, 'perChannelGated', 3)[i]!];
    const [gdn2Error, kdaError] = [mean(128, 'gdn2', 0)[i]!, mean(128, 'perChannelGated', 0)[i]!];
    expect(text).toContain(
      `At d = 128 and n = 2d Gated DeltaNet-2 picks the right value for ${Math.round(gdn2 * 100)}% of the pairs, where the per-channel rule picks ${Math.round(kda * 100)}%, at a read error of ${gdn2Error.toFixed(2)} against ${kdaError.toFixed(2)}.`,
    );
    // The split does something: the two accuracies part by far more than their standard errors.
    const [sg, sk] = [se(128, 'gdn2', 3)[i]!, se(128, 'perChannelGated', 3)[i]!];
    expect(Math.abs(gdn2 - kda)).toBeGreaterThan(4 * Math.hypot(sg, sk));
  });

  it('"a mean over 8 streams at d = 128 up to 400 at d = 4": the streams each stored run holds', () => {
    expect(claim('lab-streams')).toBe(`${run(128).streams} streams at d = 128 up to ${run(4).streams} at d = 4`);
    for (const d of SIZES.slice(1)) expect(run(d).streams).toBeLessThanOrEqual(run(d / 2).streams);
  });

  it('one Kimi K3 KDA head is the 128×128 state the lab goes up to', () => {
    expect(claim('lab-head')).toBe(`${memory.k3.kdaHeadDim.value}×${memory.k3.kdaHeadDim.value}`);
    expect(SIZES.at(-1)).toBe(memory.k3.kdaHeadDim.value);
  });
});
