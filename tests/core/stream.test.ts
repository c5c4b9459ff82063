import { describe, expect, it } from 'vitest';
import { D, MAX_SEED, SLOW_FACTS, makeStream, type StreamKind } from '../../src/core';

const norm = (x: Float64Array): number => Math.sqrt(x.reduce((sum, xi) => sum + xi * xi, 0));

describe('makeStream', () => {
  it.each<StreamKind>(['capacity', 'lifetimes'])('%s: same seed, same stream; another seed, another', (kind) => {
    const a = makeStream({ kind, seed: 42, length: 20 });
    expect(makeStream({ kind, seed: 42, length: 20 })).toEqual(a);
    expect(makeStream({ kind, seed: 43, length: 20 }).values).not.toEqual(a.values);
  });

  it.each<StreamKind>(['capacity', 'lifetimes'])('%s: a prefix of a longer stream is the shorter stream', (kind) => {
    const long = makeStream({ kind, seed: 9, length: 50 });
    for (const length of [0, 1, 3, 4, 5, 17]) {
      const short = makeStream({ kind, seed: 9, length });
      expect(short).toEqual({
        keys: long.keys.slice(0, length),
        values: long.values.slice(0, length),
        slow: long.slow.slice(0, length),
      });
    }
  });

  it('capacity: unit keys and values on all channels, none slow', () => {
    const { keys, values, slow } = makeStream({ kind: 'capacity', seed: 1, length: 64 });
    expect(keys).toHaveLength(64);
    for (const x of [...keys, ...values]) {
      expect(x).toHaveLength(D);
      expect(Math.abs(norm(x) - 1)).toBeLessThan(1e-12);
      expect(x.every((xi) => xi !== 0)).toBe(true);
    }
    expect(slow.every((s) => !s)).toBe(true);
  });

  it('lifetimes: four one-hot slow facts on channels 0..3, then fast keys on channels 4..7', () => {
    const { keys, values, slow } = makeStream({ kind: 'lifetimes', seed: 1, length: 24 });
    expect(SLOW_FACTS).toBe(4);
    expect(slow).toEqual([true, true, true, true, ...new Array<boolean>(20).fill(false)]);
    for (let i = 0; i < 4; i++) {
      expect(Array.from(keys[i]!)).toEqual(Array.from({ length: D }, (_, c) => (c === i ? 1 : 0)));
    }
    for (const k of keys.slice(4)) {
      expect(Array.from(k.subarray(0, 4))).toEqual([0, 0, 0, 0]);
      expect(k.subarray(4).every((x) => x !== 0)).toBe(true);
      expect(Math.abs(norm(k) - 1)).toBeLessThan(1e-12);
    }
    for (const v of values) {
      expect(Math.abs(norm(v) - 1)).toBeLessThan(1e-12);
      expect(v.every((x) => x !== 0)).toBe(true);
    }
  });

  it('does not correlate consecutive seeds: the first key of seeds 1..500 averages to zero', () => {
    // Each component of a random unit vector in 8 dimensions has mean 0 and variance 1/8, so a
    // mean over 500 seeds has standard deviation 1/√4000 ≈ 0.016; 0.08 is five of those. An LCG's
    // first output is nearly linear in small seeds and would fail this.
    const mean = new Float64Array(D);
    for (let seed = 1; seed <= 500; seed++) {
      const k = makeStream({ kind: 'capacity', seed, length: 1 }).keys[0]!;
      k.forEach((x, c) => {
        mean[c]! += x / 500;
      });
    }
    for (const m of mean) expect(Math.abs(m)).toBeLessThan(0.08);
  });

  it('accepts integer seeds in [0, 2^32) and rejects the rest', () => {
    expect(() => makeStream({ kind: 'capacity', seed: 0, length: 2 })).not.toThrow();
    expect(() => makeStream({ kind: 'capacity', seed: MAX_SEED, length: 2 })).not.toThrow();
    expect(makeStream({ kind: 'capacity', seed: MAX_SEED, length: 2 })).not.toEqual(makeStream({ kind: 'capacity', seed: MAX_SEED - 1, length: 2 }));
    for (const seed of [-1, 0.5, 2 ** 32, Number.NaN]) {
      expect(() => makeStream({ kind: 'capacity', seed, length: 2 })).toThrow(RangeError);
    }
    expect(() => makeStream({ kind: 'capacity', seed: 1, length: -1 })).toThrow(RangeError);
    expect(() => makeStream({ kind: 'capacity', seed: 1, length: 1.5 })).toThrow(RangeError);
  });

  it('orthogonal: eight mutually orthogonal unit keys, repeating every eight pairs, random unit values', () => {
    const s = makeStream({ kind: 'orthogonal', seed: 3, length: 3 * D });
    for (let i = 0; i < s.keys.length; i++) {
      for (let j = 0; j < s.keys.length; j++) {
        const dot = s.keys[i]!.reduce((acc, x, c) => acc + x * s.keys[j]![c]!, 0);
        expect(dot, `${i}·${j}`).toBe(i % D === j % D ? 1 : 0);
      }
      expect(Math.abs(norm(s.values[i]!) - 1)).toBeLessThan(1e-12);
    }
    expect(s.slow.every((x) => !x)).toBe(true);
    // A different seed changes the values, never the keys.
    const t = makeStream({ kind: 'orthogonal', seed: 4, length: 3 * D });
    expect(t.keys).toEqual(s.keys);
    expect(t.values).not.toEqual(s.values);
  });
});
