/**
 * The state demo's words follow what it draws: for every stream and metric, and every step of
 * the phases stream, the look-for line quotes the numbers the figure computes and speaks of the
 * metric shown; the caption names its stream and metric within the page's limits.
 */
import { describe, expect, it } from 'vitest';
import { STREAM_GATES } from '../../src/content/defaults';
import { makeStream, PHASES_LENGTH, RULES, STREAM_KINDS, trace, type Rule, type StreamKind } from '../../src/core';
import { caption, lookForLine, stageOf, writeLine } from '../../src/widgets/Forget/describe';
import { frameAt, gatesOf } from '../../src/widgets/Forget/frame';
import { lastPair, METRICS } from '../../src/widgets/Forget/state';

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
          const other = frameAt(t, stream, kind, metric === 'error' ? 'cosine' : 'error', gates, n).values;
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
            expect(line).toContain(`read error is ${f2(other.additive)}`);
            continue;
          }
          expect(line).not.toMatch(/cosine/i);
          if (kind === 'phases') {
            const stage = stageOf(stream, n);
            const expected = {
              fact: [group('additive', 'facts'), group('delta', 'facts')],
              fresh: [group('additive', 'once'), group('delta', 'once')],
              rewrite: [group('additive', 'rewritten'), group('delta', 'rewritten')],
              switch: [group('gatedDelta', 'facts'), group('perChannelGated', 'facts'), group('delta', 'stale'), group('gatedDelta', 'stale')],
              after: [group('delta', 'stale'), group('gatedDelta', 'stale'), group('gatedDelta', 'facts'), group('perChannelGated', 'facts')],
            }[stage];
            for (const x of expected) expect(line, `${stage} at ${n}`).toContain(x);
          } else if (kind === 'lifetimes') {
            expect(line).toContain(group('gatedDelta', 'slow'));
            expect(line).toContain(group('perChannelGated', 'slow'));
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
        expect(c.includes('built to show each policy')).toBe(kind === 'phases');
      });
    }
  }
});
