import { describe, expect, it } from 'vitest';
import { D, groupErrors, makeStream, pairGroup, RECENT_FAST, SLOW_FACTS, zeroState } from '../../src/core';

describe('read error by group of pairs', () => {
  it('puts the slow facts first, then older fast pairs, then the latest fast ones', () => {
    const slow = [true, true, true, true, false, false, false, false, false, false];
    const n = slow.length;
    const got = slow.map((_, i) => pairGroup(slow, i, n));
    expect(got.filter((g) => g === 'slow')).toHaveLength(SLOW_FACTS);
    expect(got.filter((g) => g === 'recentFast')).toHaveLength(RECENT_FAST);
    expect(got.slice(n - RECENT_FAST).every((g) => g === 'recentFast')).toBe(true);
    expect(got.filter((g) => g === 'oldFast')).toHaveLength(n - SLOW_FACTS - RECENT_FAST);
  });

  it('reads every pair as silence from an empty memory: error 1 in every group that has pairs', () => {
    const s = makeStream({ kind: 'lifetimes', seed: 1, length: 12 });
    expect(groupErrors(zeroState(), s, 12)).toEqual({ slow: 1, oldFast: 1, recentFast: 1 });
    // With six pairs only two are fast, both recent: no older fast pair yet.
    expect(groupErrors(zeroState(), s, 6)).toEqual({ slow: 1, oldFast: null, recentFast: 1 });
  });

  it('reads a memory that holds exactly the slow facts as exact on them and silent on the fast rows', () => {
    const s = makeStream({ kind: 'lifetimes', seed: 2, length: 16 });
    // S's row c is the value of the slow fact keyed on channel c; the fast rows stay zero.
    const S = zeroState();
    for (let c = 0; c < SLOW_FACTS; c++) for (let j = 0; j < D; j++) S[c * D + j] = s.values[c]![j]!;
    const g = groupErrors(S, s, 16);
    expect(g.slow).toBeLessThan(1e-12);
    expect(g.oldFast).toBeCloseTo(1, 12);
    expect(g.recentFast).toBeCloseTo(1, 12);
  });

  it('refuses a count outside the stream', () => {
    const s = makeStream({ kind: 'lifetimes', seed: 1, length: 4 });
    for (const n of [0, 5, 1.5]) expect(() => groupErrors(zeroState(), s, n)).toThrow(RangeError);
  });
});
