import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attentionErrorAt, attentionErrors, attentionNumbers, attentionRead, D, makeStream, STATE_NUMBERS, WINDOW_PAIRS } from '../../src/core';

const capacity = (seed: number, length = 128) => makeStream({ kind: 'capacity', seed, length });
const hard = { s: 1, window: null, hard: true } as const;
const dist = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.hypot(...Array.from(a, (x, i) => x - b[i]!));

describe('the attention read', () => {
  it('a hard read over distinct keys returns each pair’s own value: error exactly 0 at every n', () => {
    for (const seed of [1, 2, 3, 42]) {
      const errors = attentionErrors(capacity(seed), 128, hard);
      expect(Math.max(...errors)).toBe(0);
    }
  });

  it('the softmax read tends to the hard read as s grows, on any stream', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 2, max: 48 }), (seed, n) => {
        const stream = capacity(seed, n);
        const at = (s: number) => attentionErrorAt(stream, n, { s, window: null, hard: false });
        // Distinct random keys differ in their best match by a margin, so a large enough s is as good as hard.
        expect(at(1e6)).toBeLessThan(1e-9);
        expect(at(256)).toBeLessThanOrEqual(at(16) + 1e-12);
        expect(at(16)).toBeLessThanOrEqual(at(1) + 1e-12);
      }),
      { numRuns: 200 },
    );
  });

  it('at s → 0 every read is the plain mean of the values kept, by hand', () => {
    const stream = capacity(5, 3);
    const mean = Array.from({ length: D }, (_, c) => (stream.values[0]![c]! + stream.values[1]![c]! + stream.values[2]![c]!) / 3);
    const got = attentionRead(stream, 0, 3, stream.keys[1]!, { s: 1e-12, window: null, hard: false });
    expect(dist(got, mean)).toBeLessThan(1e-9);
  });

  it('the running softmax of the whole cache equals reading every pair afresh', () => {
    const stream = capacity(7, 40);
    const running = attentionErrors(stream, 40, { s: 3, window: null, hard: false });
    for (const n of [1, 2, 5, 17, 40]) expect(running[n - 1]).toBeCloseTo(attentionErrorAt(stream, n, { s: 3, window: null, hard: false }), 12);
  });

  it('the whole cache equals reading every pair afresh at the sharpest s, and where a key so long that weights against one shift would vanish', () => {
    const stream = capacity(11, 64);
    const sharp = attentionErrors(stream, 64, { s: 64, window: null, hard: false });
    for (const n of [1, 2, 9, 33, 64]) expect(sharp[n - 1]).toBeCloseTo(attentionErrorAt(stream, n, { s: 64, window: null, hard: false }), 12);
    // The first key 4 long: its own logit is 1,024 at s = 64, every other read's largest 64, whose
    // weights against a shift of 1,024 would all vanish (e^−960 is 0 in float64).
    const long = { ...stream, keys: stream.keys.map((k, i) => (i === 0 ? k.map((x) => 4 * x) : k)) };
    const errors = attentionErrors(long, 64, { s: 64, window: null, hard: false });
    for (let n = 1; n <= 64; n++) {
      expect(Number.isFinite(errors[n - 1]), `n = ${n}`).toBe(true);
      expect(errors[n - 1]).toBeCloseTo(attentionErrorAt(long, n, { s: 64, window: null, hard: false }), 12);
    }
  });

  it('a window equals the whole cache while it holds every pair, n ≤ 4', () => {
    const stream = capacity(9, 16);
    const cache = attentionErrors(stream, 16, { s: 8, window: null, hard: false });
    const window = attentionErrors(stream, 16, { s: 8, window: WINDOW_PAIRS, hard: false });
    for (let n = 1; n <= WINDOW_PAIRS; n++) expect(window[n - 1]).toBeCloseTo(cache[n - 1]!, 12);
    expect(window[WINDOW_PAIRS]).not.toBeCloseTo(cache[WINDOW_PAIRS]!, 3);
  });

  it('after that it reads the kept pairs exactly and an evicted pair as one of the kept values', () => {
    const stream = capacity(11, 20);
    const n = 20;
    const spec = { s: 1, window: WINDOW_PAIRS, hard: true } as const;
    for (let i = 0; i < n; i++) {
      const got = attentionRead(stream, n - WINDOW_PAIRS, n, stream.keys[i]!, spec);
      if (i >= n - WINDOW_PAIRS) expect(dist(got, stream.values[i]!)).toBe(0);
      else {
        expect(dist(got, stream.values[i]!)).toBeGreaterThan(0.1);
        const kept = stream.values.slice(n - WINDOW_PAIRS, n);
        expect(kept.some((v) => dist(got, v) === 0)).toBe(true);
      }
    }
  });

  it('counts what each memory holds: the state a fixed D², the cache a key and a value per pair, the window at most D²', () => {
    expect(STATE_NUMBERS).toBe(64);
    expect(WINDOW_PAIRS).toBe(4);
    expect(attentionNumbers(1, null)).toBe(16);
    expect(attentionNumbers(128, null)).toBe(2048);
    expect(attentionNumbers(3, WINDOW_PAIRS)).toBe(48);
    expect(attentionNumbers(128, WINDOW_PAIRS)).toBe(STATE_NUMBERS);
  });

  it('refuses a sharpness, window or length it cannot use, naming it', () => {
    const stream = capacity(1, 8);
    expect(() => attentionErrors(stream, 8, { s: 0, window: null, hard: false })).toThrow(/sharpness s/);
    expect(() => attentionErrors(stream, 8, { s: Number.NaN, window: null, hard: false })).toThrow(/sharpness s/);
    expect(() => attentionErrors(stream, 8, { s: 1, window: 0, hard: false })).toThrow(/window/);
    expect(() => attentionErrors(stream, 9, { s: 1, window: null, hard: false })).toThrow(/length/);
    expect(() => attentionErrorAt(stream, 0, { s: 1, window: null, hard: false })).toThrow(/n must be/);
  });
});
