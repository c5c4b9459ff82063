/**
 * The phases stream holds what it claims (facts on their own channels, rewrites reuse keys, the
 * gates fire once, at the new context), its questions are the ones stated, the per-token gates
 * of the trace match a write-by-write recurrence, and a write taken apart adds up to the write.
 */
import { describe, expect, it } from 'vitest';
import {
  channelGates,
  D,
  makeStream,
  nearestShare,
  PHASES,
  PHASES_LENGTH,
  phaseScores,
  queriesAt,
  read,
  readCosine,
  readError,
  RULES,
  SLOW_CHANNELS,
  stateAt,
  trace,
  write,
  writeParts,
  zeroState,
} from '../../src/core';

const norm = (x: ArrayLike<number>) => Math.hypot(...Array.from(x));
const stream = makeStream({ kind: 'phases', seed: 1, length: PHASES_LENGTH });
const gates = { beta: 1, alpha: 0, channelAlpha: channelGates(1, 0) };
const OPEN = { beta: 1, alpha: 1, channelAlpha: channelGates(1, 1) };

describe('the phases stream', () => {
  it('is four facts, then a context of 8 keys and 4 rewrites, then one of 3 keys and 1 rewrite: 20 pairs', () => {
    expect(PHASES.contexts).toEqual([
      { fresh: 8, rewrites: 4 },
      { fresh: 3, rewrites: 1 },
    ]);
    expect(PHASES_LENGTH).toBe(20);
    expect(stream.keys).toHaveLength(20);
    expect(stream.phase!.context).toEqual([-1, -1, -1, -1, ...Array(12).fill(0), ...Array(4).fill(1)]);
  });

  it('writes the facts one-hot on channels 1–4 and every context key on channels 5–8 alone, all unit length', () => {
    for (let i = 0; i < SLOW_CHANNELS; i++) expect(Array.from(stream.keys[i]!)).toEqual(Array.from({ length: D }, (_, c) => (c === i ? 1 : 0)));
    for (const k of stream.keys.slice(SLOW_CHANNELS)) {
      expect(Array.from(k.subarray(0, SLOW_CHANNELS))).toEqual([0, 0, 0, 0]);
      expect(Math.abs(norm(k) - 1)).toBeLessThan(1e-12);
    }
    for (const v of stream.values) expect(Math.abs(norm(v) - 1)).toBeLessThan(1e-12);
    expect(stream.slow).toEqual([true, true, true, true, ...Array(16).fill(false)]);
  });

  it('rewrites reuse the context’s first keys, each with a new value', () => {
    const { keyOf } = stream.phase!;
    // Context 0: pairs 4..11 fresh, 12..15 rewrite pairs 4..7; context 1: 16..18 fresh, 19 rewrites 16.
    expect(keyOf).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 4, 5, 6, 7, 16, 17, 18, 16]);
    for (let i = 0; i < PHASES_LENGTH; i++) {
      const j = keyOf[i]!;
      expect(Array.from(stream.keys[i]!)).toEqual(Array.from(stream.keys[j]!));
      if (j !== i) expect(Array.from(stream.values[i]!)).not.toEqual(Array.from(stream.values[j]!));
    }
    // Fresh keys are distinct.
    const fresh = keyOf.map((j, i) => (j === i ? i : -1)).filter((i) => i >= 0);
    for (const a of fresh) for (const b of fresh) if (a < b) expect(Array.from(stream.keys[a]!)).not.toEqual(Array.from(stream.keys[b]!));
  });

  it('fires the gates once, at the new context’s first pair', () => {
    expect(stream.gateAt!.map((x, i) => (x ? i : -1)).filter((i) => i >= 0)).toEqual([16]);
  });

  it('is a prefix of itself, a function of its seed, and refuses more pairs than it has', () => {
    expect(makeStream({ kind: 'phases', seed: 1, length: 9 }).keys).toEqual(stream.keys.slice(0, 9));
    expect(makeStream({ kind: 'phases', seed: 1, length: PHASES_LENGTH })).toEqual(stream);
    expect(makeStream({ kind: 'phases', seed: 2, length: PHASES_LENGTH }).values[0]).not.toEqual(stream.values[0]);
    expect(() => makeStream({ kind: 'phases', seed: 1, length: PHASES_LENGTH + 1 })).toThrow(RangeError);
  });
});

describe('the questions the phases stream asks', () => {
  const groupsAt = (n: number) => queriesAt(stream, n).map((q) => `${q.pair}:${q.group}`);

  it('asks each key at its latest write: facts always; this context’s keys by their value; the last context’s keys for nothing', () => {
    expect(groupsAt(3)).toEqual(['0:facts', '1:facts', '2:facts']);
    expect(groupsAt(16)).toEqual([
      '0:facts',
      '1:facts',
      '2:facts',
      '3:facts',
      '8:once',
      '9:once',
      '10:once',
      '11:once',
      '12:rewritten',
      '13:rewritten',
      '14:rewritten',
      '15:rewritten',
    ]);
    const at17 = queriesAt(stream, 17);
    expect(at17.filter((q) => q.group === 'stale').map((q) => q.pair)).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
    expect(at17.filter((q) => q.group === 'stale').every((q) => q.empty)).toBe(true);
    expect(groupsAt(20).filter((x) => !x.endsWith('stale'))).toEqual(['0:facts', '1:facts', '2:facts', '3:facts', '17:once', '18:once', '19:rewritten']);
  });

  it('scores by hand: the empty state misses every value by 1.00 and answers nothing right where nothing is asked', () => {
    const s = phaseScores(zeroState(), stream, 17);
    expect(s.error).toEqual({ facts: 1, once: 1, rewritten: null, stale: 0 });
    // Cosine is 0 for a silent read, and has no answer for a key that should read nothing.
    expect(s.cosine).toEqual({ facts: 0, once: 0, rewritten: null, stale: null });
  });

  it('scores by hand: a state holding the facts and one stale value reads them back as stated', () => {
    // Rows 0..3 hold the facts' values; row 4 holds 2·e₀, so a stale key k reads 2 k₄ e₀.
    const S = zeroState();
    for (let r = 0; r < SLOW_CHANNELS; r++) for (let c = 0; c < D; c++) S[r * D + c] = stream.values[r]![c]!;
    S[4 * D] = 2;
    const s = phaseScores(S, stream, 17);
    expect(s.error.facts).toBeCloseTo(0, 12);
    let stale = 0;
    for (const i of [8, 9, 10, 11, 12, 13, 14, 15]) stale += Math.abs(2 * stream.keys[i]![4]!) / norm(stream.values[i]!);
    expect(s.error.stale).toBeCloseTo(stale / 8, 12);
  });
});

describe('the number over the questions is the read error’s equation: the mean over the kinds of question of each kind’s mean', () => {
  it('equals readError within each group (an old key scored against silence), then the plain mean of the groups, for every memory and every n', () => {
    const t = trace({ stream, gates, n: PHASES_LENGTH });
    for (let n = 1; n <= PHASES_LENGTH; n++) {
      const queries = queriesAt(stream, n);
      for (const r of RULES) {
        const S = stateAt(t, r, n);
        const means: number[] = [];
        const cosines: number[] = [];
        for (const group of ['facts', 'once', 'rewritten', 'stale'] as const) {
          const asked = queries.filter((q) => q.group === group);
          if (asked.length === 0) continue;
          const keys = asked.map((q) => stream.keys[q.pair]!);
          const values = asked.map((q) => stream.values[q.pair]!);
          if (group === 'stale') {
            // Silence is the answer: the error is the read's own length against the old value's.
            means.push(keys.reduce((sum, k, i) => sum + norm(read(S, k)) / norm(values[i]!), 0) / keys.length);
          } else {
            means.push(readError(S, keys, values));
            cosines.push(readCosine(S, keys, values));
          }
        }
        const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
        const got = phaseScores(S, stream, n).all;
        expect(got.error).toBeCloseTo(mean(means), 12);
        expect(got.cosine).toBeCloseTo(mean(cosines), 12);
      }
    }
  });

  it('at the opening pair the four rules’ numbers differ pairwise by at least 0.1, each step’s gain and cost in the one number', () => {
    const t = trace({ stream, gates, n: PHASES_LENGTH });
    const open = SLOW_CHANNELS + PHASES.contexts[0]!.fresh + PHASES.contexts[0]!.rewrites + 1;
    const value = RULES.map((r) => phaseScores(stateAt(t, r, open), stream, open).all.error);
    for (let a = 0; a < RULES.length; a++) for (let b = a + 1; b < RULES.length; b++) expect(Math.abs(value[a]! - value[b]!)).toBeGreaterThanOrEqual(0.1);
    // The order the ladder argues: per-channel below delta (old keys fade, facts stay) below gated delta (facts lost) below additive.
    const [additive, delta, gatedDelta, perChannel] = value as [number, number, number, number];
    expect(perChannel).toBeLessThan(delta);
    expect(delta).toBeLessThan(gatedDelta);
    expect(gatedDelta).toBeLessThan(additive);
  });
});

describe('per-token gates', () => {
  it('the trace equals a write-by-write recurrence with the gates where they fire and open elsewhere', () => {
    const t = trace({ stream, gates, n: PHASES_LENGTH });
    for (const r of RULES) {
      let S = zeroState();
      for (let i = 0; i < PHASES_LENGTH; i++) {
        S = write(r, S, stream.keys[i]!, stream.values[i]!, stream.gateAt![i] ? gates : OPEN);
        const got = stateAt(t, r, i + 1);
        for (let j = 0; j < D * D; j++) expect(Math.abs(got[j]! - S[j]!)).toBeLessThan(1e-12);
      }
    }
  });

  it('at the switch α = 0 leaves gated delta only the new write, and the per-channel gate keeps rows 1–4 exactly', () => {
    const t = trace({ stream, gates, n: PHASES_LENGTH });
    const gated = stateAt(t, 'gatedDelta', 17);
    const k = stream.keys[16]!;
    const v = stream.values[16]!;
    for (let r = 0; r < D; r++) for (let c = 0; c < D; c++) expect(gated[r * D + c]).toBeCloseTo(k[r]! * v[c]!, 12);
    const before = stateAt(t, 'perChannelGated', 16);
    const after = stateAt(t, 'perChannelGated', 17);
    for (let j = 0; j < SLOW_CHANNELS * D; j++) expect(after[j]).toBe(before[j]);
  });
});

describe('a write taken apart', () => {
  it('decays, reads and writes a row that add up to the write, for every rule and gates', () => {
    const some = { beta: 0.7, alpha: 0.6, channelAlpha: channelGates(0.9, 0.3) };
    const S = stateAt(trace({ stream, gates: some, n: 12 }), 'delta', 12);
    const k = stream.keys[12]!;
    const v = stream.values[12]!;
    for (const r of RULES) {
      const parts = writeParts(r, S, k, v, some);
      const whole = write(r, S, k, v, some);
      for (let i = 0; i < D; i++) for (let c = 0; c < D; c++) expect(parts.decayed[i * D + c]! + k[i]! * parts.row[c]!).toBeCloseTo(whole[i * D + c]!, 12);
      if (r === 'additive') {
        expect(parts.read).toBeNull();
        expect(Array.from(parts.row)).toEqual(Array.from(v));
      } else {
        // The correction is β(v − k M S), by hand from the decayed state.
        for (let c = 0; c < D; c++) {
          let read = 0;
          for (let i = 0; i < D; i++) read += k[i]! * parts.decayed[i * D + c]!;
          expect(parts.read![c]).toBeCloseTo(read, 12);
          expect(parts.row[c]).toBeCloseTo(0.7 * (v[c]! - read), 12);
        }
      }
    }
  });
});

describe('nearest-value accuracy', () => {
  it('counts a read right when it lies closer to its own value than to any other, and a tie as wrong', () => {
    const keys = [0, 1, 2].map((i) => Float64Array.from({ length: D }, (_, c) => (c === i ? 1 : 0)));
    const values = [3, 4, 5].map((i) => Float64Array.from({ length: D }, (_, c) => (c === i ? 1 : 0)));
    const S = zeroState();
    S[0 * D + 3] = 1;
    S[1 * D + 4] = 1;
    // Key 2 reads halfway between values 0 and 2: a tie, counted against it; then nearer its own.
    S[2 * D + 3] = 0.5;
    S[2 * D + 5] = 0.5;
    expect(nearestShare(S, keys, values)).toBeCloseTo(2 / 3, 12);
    S[2 * D + 5] = 0.6;
    expect(nearestShare(S, keys, values)).toBe(1);
    expect(nearestShare(zeroState(), keys, values)).toBe(0);
  });
});
