import { describe, expect, it } from 'vitest';
import {
  firstAtOrAbove,
  forgetFacts,
  forgetView,
  groupView,
  meanErrors,
  meanPhases,
  meanRecall,
  phasesView,
  RANDOM_KEYS,
  FORGET_DEFAULTS,
} from '../../src/content/forget';
import { gatedAccuracyAt, labAtScale } from '../../src/content/lab';
import { GATE_INIT } from '../../src/core/mqar/params';
import { renderedPage } from '../renderedPage';
import { D, makeStream, pairError, PHASES_SWITCH, stateAt, trace, channelGates } from '../../src/core';

const d = RANDOM_KEYS;
const view = forgetView(d.stream, d.seed, d.n);
const late = forgetView(d.stream, d.seed, 128);
const mid = forgetView(d.stream, d.seed, 64);
const lifetimes = forgetView('lifetimes', d.seed, 24);
const groups = groupView('lifetimes', d.seed, 24);
const orthogonal = forgetView('orthogonal', d.seed, D);
const orthogonalPast = forgetView('orthogonal', d.seed, D + 1);
const atWidth = forgetView(d.stream, d.seed, D);
const facts = forgetFacts();

/** Each sentence of the forget prose, checked against what the core computes for its seed. */
describe('the forget prose holds for the stated stream', () => {
  it('at the opening view the additive memory reads worse than silence and delta does not', () => {
    expect(view.error.additive).toBeGreaterThan(1);
    expect(view.error.delta).toBeLessThan(1);
    expect(view.n).toBe(2 * 8);
  });

  it('"the additive and delta rules store eight exactly only when the keys are orthogonal": orthogonal keys read back exactly at eight pairs, not at nine', () => {
    expect(orthogonal.error.additive).toBeLessThan(1e-12);
    expect(orthogonal.error.delta).toBeLessThan(1e-12);
    // "the gated rules miss only by what their decay has already faded": under a scalar decay α the
    // pair written j writes ago reads α^j of its value, an error of 1 − α^j (worked by hand).
    const alpha = d.alpha;
    let expected = 0;
    for (let j = 0; j < D; j++) expected += 1 - alpha ** j;
    expect(orthogonal.error.gatedDelta).toBeCloseTo(expected / D, 12);
    expect(orthogonal.error.perChannelGated).toBeGreaterThan(0.01);
    // "Pair nine has to reuse a channel, and from there on no rule reads every pair back exactly."
    for (const r of ['additive', 'delta', 'gatedDelta', 'perChannelGated'] as const) expect(orthogonalPast.error[r], r).toBeGreaterThan(0.01);
    expect(facts.orthogonalPast.n).toBe(D + 1);
  });

  it('"Random keys are never quite orthogonal, so on the figure’s own stream the rules crowd before the memory is full"', () => {
    expect(atWidth.error.additive).toBeGreaterThan(0.5);
    expect(atWidth.error.delta).toBeGreaterThan(0.5);
    expect(facts.meanAtWidth.additive).toBeGreaterThan(0.5);
    expect(facts.meanAtWidth.delta).toBeGreaterThan(0.5);
    // math.md §5.1–5.2's Monte-Carlo means at n = 8: 0.89 additive, 0.64 delta.
    expect(facts.meanAtWidth.additive).toBeCloseTo(0.89, 1);
    expect(facts.meanAtWidth.delta).toBeCloseTo(0.64, 1);
  });

  it('"Plain delta overwrites it … an error that heads toward √2, worse than answering zero": long-overwritten pairs read junk of error near √2', () => {
    expect(late.error.delta).toBeGreaterThan(1);
    // The oldest 32 of 128 pairs, averaged over 200 streams.
    const gates = { beta: 1, alpha: d.alpha, channelAlpha: channelGates(d.slow, d.fast) };
    let sum = 0;
    let count = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const s = makeStream({ kind: 'capacity', seed, length: 128 });
      const S = stateAt(trace({ stream: s, gates, n: 128 }), 'delta', 128);
      for (let i = 0; i < 32; i++, count++) sum += pairError(S, s.keys[i]!, s.values[i]!);
    }
    expect(Math.abs(sum / count - Math.SQRT2)).toBeLessThan(0.1);
  });

  it('"Only the gated rules let old pairs fade toward silence, which is why they end lower"', () => {
    expect(late.error.gatedDelta).toBeLessThan(late.error.delta);
    expect(late.error.perChannelGated).toBeLessThan(late.error.delta);
  });

  it('late in the stream additive keeps climbing while the delta rules stay bounded below √2', () => {
    expect(late.error.additive).toBeGreaterThan(mid.error.additive);
    for (const r of ['delta', 'gatedDelta', 'perChannelGated'] as const) {
      expect(late.error[r]).toBeLessThan(Math.SQRT2);
      expect(late.error[r]).toBeLessThan(late.error.additive / 2);
    }
  });

  it('on the capacity stream per-channel decay costs a little against plain delta', () => {
    expect(view.error.perChannelGated).toBeGreaterThan(view.error.delta);
  });

  it('"per-channel decay comes out ahead overall" on the lifetimes stream', () => {
    expect(lifetimes.error.perChannelGated).toBeLessThan(lifetimes.error.delta);
    expect(lifetimes.error.perChannelGated).toBeLessThan(lifetimes.error.gatedDelta);
  });

  it('"The slow facts read back at 0.00 under plain delta and per-channel decay alike … A single decay fades every row and loses them"', () => {
    expect(groups.delta.slow).toBeLessThan(1e-12);
    expect(groups.perChannelGated.slow).toBeLessThan(1e-12);
    expect(groups.gatedDelta.slow!).toBeGreaterThan(0.5);
  });

  it('"the old, overwritten fast pairs fade toward silence instead of reading back junk, while the latest four read back worse than under plain delta"', () => {
    expect(groups.perChannelGated.oldFast!).toBeLessThan(groups.delta.oldFast!);
    expect(groups.delta.oldFast!).toBeGreaterThan(1);
    expect(groups.perChannelGated.recentFast!).toBeGreaterThan(groups.delta.recentFast!);
  });

  it('cosine crowns the additive rule on the stated stream', () => {
    expect(view.cosine.additive).toBeGreaterThan(view.cosine.delta);
    expect(view.cosine.additive).toBeGreaterThan(view.cosine.gatedDelta);
  });

  it('"On random keys, at twice as many pairs as channels, both rank additive first and read error ranks it last": over the stated streams', () => {
    expect(view.n).toBe(2 * D);
    const { error, cosine, accuracy } = facts.recallAtView;
    for (const r of ['delta', 'gatedDelta', 'perChannelGated'] as const) {
      expect(cosine.additive, r).toBeGreaterThan(cosine[r]);
      expect(accuracy.additive, r).toBeGreaterThan(accuracy[r]);
      expect(error.additive, r).toBeGreaterThan(error[r]);
    }
    // Read error ranks them the other way: the disagreement the section is about.
    expect(view.error.additive).toBeGreaterThan(view.error.delta);
    // The review's independent port: 46% against 37% over 200 streams at n = 16.
    const two = meanRecall(200, 16);
    expect(two.accuracy.additive).toBeCloseTo(0.46, 1);
    expect(two.accuracy.delta).toBeCloseTo(0.37, 1);
  });

  it('"In the lab, with heads 128 wide and twice as many pairs as channels, additive writes pick the right value for more reads than delta, and delta than gated delta"', () => {
    const lab = labAtScale();
    expect(lab.d).toBe(128);
    expect(lab.n).toBe(256);
    expect(lab.accuracy.additive).toBeGreaterThan(lab.accuracy.delta);
    expect(lab.accuracy.delta).toBeGreaterThan(lab.accuracy.gatedDelta);
  });

  it('"At 0.99, near where trained gates start, gated delta recalls 38%": the lab’s own run of the one rule, the same as the stored run at the lab’s decay', () => {
    const lab = labAtScale();
    // At the lab's own decay, the one-rule run is the stored run's number: the same pairs, seeds and reads.
    expect(gatedAccuracyAt(lab.alpha)).toBe(lab.accuracy.gatedDelta);
    expect(lab.slow.alpha).toBe(0.99);
    expect(lab.slow.gatedDelta).toBeGreaterThan(lab.accuracy.gatedDelta + 0.2);
    // Still below plain delta: a slower decay forgets less, and at 0.99 still forgets.
    expect(lab.slow.gatedDelta).toBeLessThan(lab.accuracy.delta);
    // The review's independent simulation: 38%.
    expect(Math.round(lab.slow.gatedDelta * 100)).toBe(38);
    // Trained gates start near it: dt's median of the log-uniform [0.001, 0.1] gives α = exp(−0.01) ≈ 0.99.
    expect(Math.exp(-Math.sqrt(0.001 * 0.1))).toBeCloseTo(lab.slow.alpha, 2);
  });

  it('over many streams the additive mean error first reaches 1.00 between 9 and 12 pairs', () => {
    const means = meanErrors(500, 32);
    const n = firstAtOrAbove(means.additive)!;
    expect(n).toBeGreaterThanOrEqual(9);
    expect(n).toBeLessThanOrEqual(12);
    expect(firstAtOrAbove(means.delta)).toBeGreaterThan(n);
  });

  it('prints exactly these numbers on the page', () => {
    const { html } = renderedPage();
    const claim = (id: string) => html.match(new RegExp(`data-claim="${id}">([^<]+)<`))?.[1];
    expect(claim('forget-additive-late')).toBe(late.error.additive.toFixed(2));
    expect(claim('forget-lifetimes-pc')).toBe(lifetimes.error.perChannelGated.toFixed(2));
    expect(claim('forget-lifetimes-slow')).toBe(groups.delta.slow!.toFixed(2));
    expect(claim('forget-lifetimes-old')).toBe(groups.perChannelGated.oldFast!.toFixed(2));
    expect(claim('forget-lifetimes-recent')).toBe(groups.perChannelGated.recentFast!.toFixed(2));
    expect(claim('forget-orthogonal-exact')).toBe('0.00');
    expect(claim('forget-width-additive')).toBe(atWidth.error.additive.toFixed(2));
    expect(claim('forget-width-delta')).toBe(atWidth.error.delta.toFixed(2));
    expect(claim('forget-delta-late')).toBe(late.error.delta.toFixed(2));
    expect(claim('forget-lab-additive')).toBe(`${Math.round(labAtScale().accuracy.additive * 100)}%`);
    expect(claim('forget-lab-slow-decay')).toBe('0.99');
    // "where the recall trainer's gates start": its gates draw dt log-uniform on [dtMin, dtMax] with
    // the factor at e^A = 1, so the median gate starts at e^−√(dtMin·dtMax).
    expect(Math.exp(-Math.exp(GATE_INIT.A) * Math.sqrt(GATE_INIT.dtMin * GATE_INIT.dtMax)).toFixed(2)).toBe(claim('forget-lab-slow-decay'));
    expect(html).toContain('where the recall trainer’s gates start');
    // The readings fold's numbers on random keys name the pairs and seed they were read at.
    const text = html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    expect(text).toMatch(/can even cost a little \(\d\.\d\d against \d\.\d\d at \d+ pairs, seed \d+\)/);
  });

  it('says on the main path, outside any fold, that the delta write is a gradient step and what the lab finds at real width', () => {
    const { html } = renderedPage();
    const folded = (at: number) => (html.slice(0, at).match(/<details/g) ?? []).length - (html.slice(0, at).match(/<\/details>/g) ?? []).length;
    const gradient = html.indexOf('The delta write is one step of online gradient descent on');
    const lab = html.indexOf('data-claim="forget-lab-additive"');
    expect(gradient).toBeGreaterThan(0);
    expect(lab).toBeGreaterThan(0);
    expect(folded(gradient)).toBe(0);
    expect(folded(lab)).toBe(0);
    // The check can fail: the first fold's inside is folded.
    expect(folded(html.indexOf('<details') + 10)).toBe(1);
  });
});

/**
 * The opening stream shows each step of the ladder as a visible difference in the group it
 * targets: a read-error gap of at least GAP (a third of "as wrong as answering zero") at the
 * opening view and at the slider's end, for the stated seed and on average over many seeds.
 */
const GAP = 0.3;
const open = phasesView(PHASES_SWITCH);
const end = phasesView(20);

describe('the phases stream shows each step of the ladder', () => {
  it('opens at the new context’s first pair, the seventeenth, and ends at the twentieth', () => {
    expect(FORGET_DEFAULTS.stream).toBe('phases');
    expect(PHASES_SWITCH).toBe(17);
    expect(FORGET_DEFAULTS.n).toBe(PHASES_SWITCH);
    expect(facts.phases.open).toEqual(open);
    expect(facts.phases.end).toEqual(end);
  });

  for (const [where, v] of [
    ['the opening view', open],
    ['the slider’s end', end],
  ] as const) {
    it(`${where}: additive → delta, on this context's pairs (and at the end on its rewritten keys)`, () => {
      expect(v.groups.additive.once! - v.groups.delta.once!).toBeGreaterThanOrEqual(GAP);
      if (v === end) expect(v.groups.additive.rewritten! - v.groups.delta.rewritten!).toBeGreaterThanOrEqual(GAP);
    });

    it(`${where}: delta → gated delta costs the facts`, () => {
      expect(v.groups.gatedDelta.facts! - v.groups.delta.facts!).toBeGreaterThanOrEqual(GAP);
      expect(v.groups.delta.facts!).toBeLessThan(1e-12);
    });

    it(`${where}: gated → per-channel keeps the facts`, () => {
      expect(v.groups.gatedDelta.facts! - v.groups.perChannelGated.facts!).toBeGreaterThanOrEqual(GAP);
    });
  }

  it('"The delta rule reads the new pair back exactly, where additive reads it through the old context’s pile … the per-channel gate clears the context rows alone and keeps the facts"', () => {
    expect(open.groups.delta.once!).toBeLessThan(1e-12);
    expect(open.groups.additive.once!).toBeGreaterThan(1);
    expect(open.groups.perChannelGated.facts!).toBeLessThan(1e-12);
  });

  it('"The new context writes the same rows, so the old keys read its values even in a cleared memory": the gated memory’s old context comes back more by the end', () => {
    expect(end.groups.gatedDelta.stale!).toBeGreaterThan(open.groups.gatedDelta.stale! + 0.1);
    const o = meanPhases(200, PHASES_SWITCH);
    const e = meanPhases(200, 20);
    expect(e.gatedDelta.stale!).toBeGreaterThan(o.gatedDelta.stale! + 0.1);
    // Plain delta's comes back about as much throughout: the gain shrinks from the gated side.
    expect(Math.abs(e.delta.stale! - o.delta.stale!)).toBeLessThan(0.1);
  });

  it('delta → gated delta gains on the old context at the opening view, and less by the end: as the prose says', () => {
    expect(open.groups.delta.stale! - open.groups.gatedDelta.stale!).toBeGreaterThanOrEqual(GAP);
    const gainEnd = end.groups.delta.stale! - end.groups.gatedDelta.stale!;
    expect(gainEnd).toBeGreaterThan(0);
    expect(gainEnd).toBeLessThan(open.groups.delta.stale! - open.groups.gatedDelta.stale!);
    // The per-channel gate clears the context rows as the scalar one does, so it gains the same there.
    expect(open.groups.perChannelGated.stale).toBeCloseTo(open.groups.gatedDelta.stale!, 12);
  });

  it('holds on average over 200 seeds, not just the stated one', () => {
    const o = meanPhases(200, 17);
    const e = meanPhases(200, 20);
    expect(o.additive.once! - o.delta.once!).toBeGreaterThanOrEqual(GAP);
    expect(e.additive.rewritten! - e.delta.rewritten!).toBeGreaterThanOrEqual(GAP);
    for (const m of [o, e]) {
      expect(m.gatedDelta.facts! - m.delta.facts!).toBeGreaterThanOrEqual(GAP);
      expect(m.gatedDelta.facts! - m.perChannelGated.facts!).toBeGreaterThanOrEqual(GAP);
    }
    expect(o.delta.stale! - o.gatedDelta.stale!).toBeGreaterThanOrEqual(GAP);
    expect(e.delta.stale! - e.gatedDelta.stale!).toBeLessThan(o.delta.stale! - o.gatedDelta.stale!);
  });

  it('prints these numbers on the page', () => {
    const { html } = renderedPage();
    const claim = (id: string) => html.match(new RegExp(`data-claim="${id}">([^<]+)<`))?.[1];
    expect(claim('forget-open-facts')).toBe(open.groups.gatedDelta.facts!.toFixed(2));
    expect(open.groups.gatedDelta.facts).toBe(1);
  });
});
