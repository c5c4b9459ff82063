/**
 * The state demo's words follow what it draws: for every stream and metric, and every step of
 * the phases stream, the look-for line quotes the numbers the figure computes and speaks of the
 * metric shown; the caption names its stream and metric within the page's limits.
 */
import { describe, expect, it } from 'vitest';
import { STREAM_GATES } from '../../src/content/defaults';
import {
  errorAt,
  makeStream,
  PHASES_LENGTH,
  PHASES_SWITCH,
  phaseScores,
  RULES,
  stateAt,
  STREAM_KINDS,
  trace,
  type Rule,
  type StreamKind,
  D,
  zeroState,
} from '../../src/core';
import { caption, lookForLine, scaleNote, stageOf, writeLine } from '../../src/widgets/Forget/describe';
import { emptyMemorySeries, frameAt, gatesOf } from '../../src/widgets/Forget/frame';
import { defaultText } from '../../src/widgets/Forget/text';
import { FORGET_DEFAULTS } from '../../src/content/defaults';
import { lastPair, METRICS } from '../../src/widgets/Forget/state';

/** The gated rules' facts set beside plain delta's, which has no gate: what the gates did is the difference. */
const factsLine = (group: (r: Rule, id: string) => string) =>
  `Facts read ${group('gatedDelta', 'facts')} gated and ${group('perChannelGated', 'facts')} per channel, against ${group('delta', 'facts')} under plain delta`;

/** Each rule's read error over the pairs the cosine scores, from the core: on the phases stream the groups with a value; elsewhere every pair. */
function errorsOverScoredPairs(t: ReturnType<typeof trace>, stream: ReturnType<typeof makeStream>, n: number): Record<Rule, number> {
  return Object.fromEntries(
    RULES.map((r) => {
      if (!stream.phase) return [r, errorAt(t, r, n)];
      const e = phaseScores(stateAt(t, r, n), stream, n).error;
      const valued = [e.facts, e.once, e.rewritten].filter((x): x is number => x !== null);
      return [r, valued.reduce((a, b) => a + b, 0) / valued.length];
    }),
  ) as Record<Rule, number>;
}

const f2 = (x: number | null | undefined) => (x === null || x === undefined ? '–' : x.toFixed(2));
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const sentences = (s: string) => s.split(/(?<=[.!?])\s+(?=[A-Z])/);

function setting(kind: StreamKind) {
  const length = lastPair(kind);
  const stream = makeStream({ kind, seed: 1, length });
  const g = STREAM_GATES[kind];
  const gates = gatesOf(g);
  const t = trace({ stream, gates, n: length });
  return { stream, g, gates, t, length };
}

describe('the look-for line follows stream, metric and step', () => {
  const ns = (kind: StreamKind) => (kind === 'phases' ? Array.from({ length: PHASES_LENGTH }, (_, i) => i + 1) : [1, 8, 9, 16, 40, 128]);

  for (const kind of STREAM_KINDS) {
    for (const metric of METRICS) {
      it(`${kind}, ${metric}: quotes the figure's numbers and speaks of its metric, in sentences of at most 40 words`, () => {
        const { stream, g, gates, t } = setting(kind);
        for (const n of ns(kind)) {
          const frame = frameAt(t, stream, kind, metric, gates, n);
          const other = errorsOverScoredPairs(t, stream, n);
          const line = lookForLine(frame, stream, kind, metric, g, other);
          for (const s of sentences(line)) expect(words(s), s).toBeLessThanOrEqual(40);
          const group = (r: Rule, id: string) => f2(frame.groups?.values[r][id]);
          if (metric === 'cosine') {
            expect(line).toMatch(/^By cosine /);
            // The rules named first show the value the line quotes; every other rule scores below it.
            const names = { additive: 'additive', delta: 'delta', gatedDelta: 'gated delta', perChannelGated: 'per-channel gated' } as const;
            const quoted = Number(/ first after \d+ pairs? \((-?[\d.]+)\)/.exec(line)![1]);
            const named = line
              .slice('By cosine '.length, line.indexOf(' first after'))
              .replace(/ ranks?$/, '')
              .split(/, | and /);
            for (const r of RULES) {
              if (named.includes(names[r])) expect(f2(frame.values[r]), `${r} at ${n}`).toBe(quoted.toFixed(2));
              else expect(frame.values[r], `${r} at ${n}`).toBeLessThan(quoted - 0.005);
            }
            // The contrast of the two metrics is said as their rankings of additive, over the same pairs, show it.
            const place = (values: Record<Rule, number>, better: (a: number, b: number) => boolean) =>
              RULES.filter((r) => better(Number(f2(values[r])), Number(f2(values.additive)))).length;
            const byCosine = place(frame.values, (a, b) => a > b);
            const byError = place(other, (a, b) => a < b);
            const ordinal = ['first', 'second', 'third', 'fourth'];
            expect(line).toContain(`${ordinal[byCosine]} by cosine (${f2(frame.values.additive)})`);
            expect(line).toContain(`${ordinal[byError]} by read error`);
            expect(line).toContain(`(${f2(other.additive)})`);
            expect(line.includes('forgives'), `${kind} at ${n}`).toBe(byCosine < byError);
            expect(line.includes('harder'), `${kind} at ${n}`).toBe(byCosine > byError);
            expect(line.includes('alike'), `${kind} at ${n}`).toBe(byCosine === byError);
            continue;
          }
          expect(line).not.toMatch(/cosine/i);
          if (kind === 'phases') {
            const stage = stageOf(stream, n);
            const expected = {
              fact: [group('additive', 'facts'), group('delta', 'facts')],
              fresh: [group('additive', 'once'), group('delta', 'once')],
              rewrite: [group('additive', 'rewritten'), group('delta', 'rewritten')],
              switch: [factsLine(group), `Old keys read ${group('delta', 'stale')} under plain delta, ${group('gatedDelta', 'stale')} gated`],
              after: [group('delta', 'stale'), group('gatedDelta', 'stale'), factsLine(group)],
            }[stage];
            for (const x of expected) expect(line, `${stage} at ${n}`).toContain(x);
          } else if (kind === 'lifetimes') {
            // Plain delta's facts beside per-channel's, so per-channel is not credited with what delta does too.
            expect(line).toContain(
              `${group('delta', 'slow')} under plain delta, ${group('perChannelGated', 'slow')} under per-channel decay and ${group('gatedDelta', 'slow')} under one decay`,
            );
          } else {
            expect(line).toContain(f2(frame.values.additive));
            expect(line).toContain(f2(frame.values.delta));
          }
          if (kind === 'capacity') expect(line.includes('worse than answering zero')).toBe(frame.values.additive > 1);
        }
      });
    }
  }

  it('says on the phases stream what holds on every seed: a rewrite reads back better under delta than additive, and old keys come back in the gated memory once the new context writes', () => {
    const g = STREAM_GATES.phases;
    const gates = gatesOf(g);
    for (let seed = 1; seed <= 50; seed++) {
      const stream = makeStream({ kind: 'phases', seed, length: PHASES_LENGTH });
      const t = trace({ stream, gates, n: PHASES_LENGTH });
      for (let n = 1; n <= PHASES_LENGTH; n++) {
        const frame = frameAt(t, stream, 'phases', 'error', gates, n);
        const v = frame.groups!.values;
        const stage = stageOf(stream, n);
        if (stage === 'rewrite') expect(v.delta!.rewritten!, `seed ${seed}, pair ${n}`).toBeLessThan(v.additive!.rewritten!);
        if (stage === 'after') expect(v.gatedDelta!.stale!, `seed ${seed}, pair ${n}`).toBeGreaterThan(0.1);
        if (stage === 'fact') expect(v.delta!.facts!).toBeLessThan(1e-12);
      }
    }
  });

  it('the phases stream’s stages are where the stream puts them: facts, a context, its rewrites, the switch, the new context', () => {
    const { stream } = setting('phases');
    const stages = Array.from({ length: PHASES_LENGTH }, (_, i) => stageOf(stream, i + 1));
    expect(stages).toEqual([...Array(4).fill('fact'), ...Array(8).fill('fresh'), ...Array(4).fill('rewrite'), 'switch', 'after', 'after', 'after']);
  });

  it('the write line names the rows the key touches and whether the gates fired', () => {
    const { stream, gates, t } = setting('phases');
    const at = (n: number) => writeLine(frameAt(t, stream, 'phases', 'error', gates, n), stream, 'phases');
    expect(at(2)).toMatch(/^Pair 2, a fact, writes along row 2\. Each delta rule/);
    expect(at(17)).toContain('writes along rows 5–8. The gates fire first.');
    expect(at(18)).not.toContain('gates fire');
  });
});

describe('the caption names its stream and metric', () => {
  for (const kind of STREAM_KINDS) {
    for (const metric of METRICS) {
      it(`${kind}, ${metric}: at most 45 words`, () => {
        const c = caption(kind, metric);
        expect(words(c)).toBeLessThanOrEqual(45);
        expect(c.includes('read error')).toBe(metric === 'error');
        expect(c.includes('cosine')).toBe(metric === 'cosine');
        expect(c.includes('Facts on rows 1–4, two contexts')).toBe(kind === 'phases');
        expect(caption(kind, metric, 'change')).toMatch(/^Each memory’s change at the last write/);
        expect(words(caption(kind, metric, 'change'))).toBeLessThanOrEqual(45);
      });
    }
  }
});

describe('the states where the words once parted from the picture', () => {
  const d = FORGET_DEFAULTS;
  const phases = (settings: Partial<typeof d>) => {
    const s = { ...d, ...settings };
    const stream = makeStream({ kind: 'phases', seed: s.seed, length: PHASES_LENGTH });
    const t = trace({ stream, gates: gatesOf(s), n: PHASES_LENGTH });
    const scores = (r: Rule, n: number) => phaseScores(stateAt(t, r, n), stream, n);
    return { text: defaultText(s), scores };
  };

  it('under cosine at the opening pair, cosine is not said to forgive additive where it does not rank it higher than read error does', () => {
    const { text, scores } = phases({ metric: 'cosine' });
    const n = d.n;
    const cos = (r: Rule) => Number(scores(r, n).all.cosine.toFixed(2));
    const err = (r: Rule) => {
      const e = scores(r, n).error;
      return Number((([e.facts, e.once, e.rewritten].filter((x) => x !== null) as number[]).reduce((a, b) => a + b, 0) / 2).toFixed(2));
    };
    const cosPlace = RULES.filter((r) => cos(r) > cos('additive')).length;
    const errPlace = RULES.filter((r) => err(r) < err('additive')).length;
    expect(text.lookFor.includes('forgives')).toBe(cosPlace < errPlace);
    expect(text.lookFor).not.toMatch(/additive scores [\d.]+ where its read error is/);
  });

  it('with β lowered, the facts per channel are set beside plain delta’s, so β’s effect is not put on the gates', () => {
    for (const n of [PHASES_SWITCH, PHASES_LENGTH]) {
      const { text, scores } = phases({ beta: 0.5, n });
      const facts = (r: Rule) => scores(r, n).error.facts!.toFixed(2);
      // β = 0.5 writes each fact half way: plain delta, which has no gate, misses them as much as per-channel does.
      expect(facts('delta')).toBe('0.50');
      expect(facts('perChannelGated')).toBe(facts('delta'));
      expect(text.lookFor).toContain(`${facts('perChannelGated')} per channel, against ${facts('delta')} under plain delta, which has no gate`);
      expect(text.lookFor).not.toMatch(/Facts stay as the gates left them/);
    }
  });

  it('on Last change the caption says the pictures are changes, and the scale note reports the change’s entries, not the memory’s', () => {
    const { text } = phases({ draw: 'change' });
    expect(text.caption).toMatch(/^Each memory’s change at the last write/);
    expect(text.caption).not.toContain('Four 8×8 memories');
    const stream = makeStream({ kind: 'phases', seed: d.seed, length: PHASES_LENGTH });
    const gates = gatesOf(d);
    const t = trace({ stream, gates, n: PHASES_LENGTH });
    const frame = frameAt(t, stream, 'phases', 'error', gates, d.n);
    // Independently: each rule's largest change at the last write, from the core's states.
    const largestChange = RULES.map((r) => {
      const after = stateAt(t, r, d.n);
      const before = d.n > 1 ? stateAt(t, r, d.n - 1) : zeroState();
      let m = 0;
      for (let i = 0; i < D * D; i++) m = Math.max(m, Math.abs(after[i]! - before[i]!));
      return m;
    });
    const note = scaleNote(frame.past.change, 'change');
    const top = Math.max(...largestChange);
    if (top > 1) expect(note).toContain(top.toFixed(2));
    else expect(note).toBe(`Nothing past ±1 in the last change; the largest entry is ${top.toFixed(2)}.`);
    expect(scaleNote(frame.past.memory, 'memory')).not.toBe(note);
  });

  it('on the lifetimes stream at its end, per-channel decay is not credited with the facts plain delta keeps too: its gain is on the older fast pairs, its cost on the latest', () => {
    const { stream, g, gates, t, length } = setting('lifetimes');
    const frame = frameAt(t, stream, 'lifetimes', 'error', gates, length);
    const line = lookForLine(frame, stream, 'lifetimes', 'error', g, frame.values);
    const v = frame.groups!.values;
    expect(v.delta.slow).toBeLessThan(0.005);
    expect(line).toContain(`${f2(v.delta.slow)} under plain delta`);
    expect(line).toContain(`gains on the older fast pairs (${f2(v.perChannelGated.oldFast)} against ${f2(v.delta.oldFast)})`);
    expect(line).toContain(`pays on the latest four (${f2(v.perChannelGated.recentFast)} against ${f2(v.delta.recentFast)})`);
  });
});

describe('the chart’s reference on the opening stream is an empty memory’s own score', () => {
  it('is 1.00 until the new context, then two thirds (three kinds of question, one of them old keys an empty memory answers right), then three quarters once a key is rewritten there', () => {
    const { stream, t, length } = setting('phases');
    const empty = emptyMemorySeries(t, stream, 'error')!;
    expect(empty).toHaveLength(length);
    // By hand: before the switch every question has a value, and zero answers each with error 1.
    for (let n = 1; n < PHASES_SWITCH; n++) expect(empty[n - 1], `n = ${n}`).toBeCloseTo(1, 12);
    // The review's count on the opening stream: 0.67 at 17–19 and 0.75 at 20.
    expect(Array.from(empty.slice(16, 19), (v) => v.toFixed(2))).toEqual(['0.67', '0.67', '0.67']);
    expect(empty[19]!.toFixed(2)).toBe('0.75');
    // It is the core's score of a memory of zeros, read at the last pair: no copy of its arithmetic.
    expect(empty[length - 1]).toBe(phaseScores(zeroState(), stream, length).all.error);
  });

  it('is a flat line on the other streams and for the cosine', () => {
    for (const kind of STREAM_KINDS.filter((k) => k !== 'phases')) {
      const { stream, t } = setting(kind);
      expect(emptyMemorySeries(t, stream, 'error'), kind).toBeNull();
    }
    const { stream, t } = setting('phases');
    expect(emptyMemorySeries(t, stream, 'cosine')).toBeNull();
  });
});
