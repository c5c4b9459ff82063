import { describe, expect, it } from 'vitest';
import { FORGET_DEFAULTS, RANDOM_KEYS, STREAM_GATES } from '../../src/content/defaults';
import { forgetCodec as codecFor, initialState, reducer, MAX_PAIRS } from '../../src/widgets/Forget/state';

const forgetCodec = codecFor(STREAM_GATES);
import { readQuery, writeQuery } from '../../src/widgets/urlState';
import { readout } from '../../src/widgets/Forget/describe';
import { PHASES_LENGTH } from '../../src/core';

const DEFAULTS = initialState(FORGET_DEFAULTS);
const RANDOM = initialState(RANDOM_KEYS);
const fromQuery = (search: string) => readQuery(forgetCodec, search, FORGET_DEFAULTS);

describe('forget state', () => {
  it('keeps n within the stream: 1..128 on random keys, 1..20 on the phases stream', () => {
    expect(PHASES_LENGTH).toBe(20);
    expect(reducer(RANDOM, { type: 'setN', n: 1e9 }).n).toBe(MAX_PAIRS);
    expect(reducer(DEFAULTS, { type: 'setN', n: 1e9 }).n).toBe(PHASES_LENGTH);
    expect(reducer(DEFAULTS, { type: 'setN', n: -3 }).n).toBe(1);
    expect(reducer({ ...DEFAULTS, n: 1 }, { type: 'step', by: -1 }).n).toBe(1);
  });

  it('stops playing at the last pair and restarts from one', () => {
    const end = reducer({ ...DEFAULTS, n: PHASES_LENGTH - 1, playing: true }, { type: 'tick' });
    expect(end).toMatchObject({ n: PHASES_LENGTH, playing: false });
    expect(reducer(end, { type: 'togglePlay' })).toMatchObject({ n: 1, playing: true });
  });

  it('a stream opens with its own gates, and n stays within it', () => {
    const random = reducer({ ...DEFAULTS, alpha: 0.4 }, { type: 'setStream', stream: 'capacity', gates: STREAM_GATES.capacity });
    expect(random).toMatchObject({ stream: 'capacity', n: 17, ...STREAM_GATES.capacity });
    const back = reducer({ ...random, n: 100 }, { type: 'setStream', stream: 'phases', gates: STREAM_GATES.phases });
    expect(back).toMatchObject({ stream: 'phases', n: PHASES_LENGTH, alpha: 0, fast: 0, slow: 1 });
  });

  it('parses what it writes, and keeps other figures’ parameters', () => {
    const s = {
      ...DEFAULTS,
      n: 77,
      stream: 'lifetimes' as const,
      seed: 123456,
      beta: 0.35,
      alpha: 0.6,
      slow: 0.9,
      fast: 0.25,
      metric: 'cosine' as const,
      draw: 'change' as const,
    };
    const { playing: _, ...settings } = s;
    const q = writeQuery(forgetCodec, '?step=3&C=64', settings, FORGET_DEFAULTS);
    expect(fromQuery(q)).toEqual({ n: 77, stream: 'lifetimes', seed: 123456, beta: 0.35, alpha: 0.6, slow: 0.9, fast: 0.25, metric: 'cosine', draw: 'change' });
    expect(new URLSearchParams(q).get('step')).toBe('3');
    expect(new URLSearchParams(q).get('C')).toBe('64');
  });

  it('writes a gate only where it differs from its stream’s own', () => {
    const { playing: _, ...random } = reducer(DEFAULTS, { type: 'setStream', stream: 'capacity', gates: STREAM_GATES.capacity });
    expect(writeQuery(forgetCodec, '', random, FORGET_DEFAULTS)).toBe('?stream=capacity');
    expect(fromQuery('?stream=capacity')).toEqual({ ...FORGET_DEFAULTS, stream: 'capacity', ...STREAM_GATES.capacity });
  });

  it('ignores unknown values and clamps numbers', () => {
    expect(fromQuery('?n=abc&stream=x&metric=y&draw=z&seed=&beta=Infinity')).toEqual(FORGET_DEFAULTS);
    expect(fromQuery('?n=3.6&beta=2&fast=-1&seed=99999999999')).toEqual({ ...FORGET_DEFAULTS, n: 4, beta: 1, fast: 0, seed: 2 ** 32 - 1 });
    expect(fromQuery('?n=500')).toEqual({ ...FORGET_DEFAULTS, n: PHASES_LENGTH });
    expect(fromQuery('?beta=0.333&alpha=-4')).toEqual({ ...FORGET_DEFAULTS, beta: 0.33, alpha: 0 });
  });

  it('reads out each rule’s number in the stated order', () => {
    const values = { additive: 1.37, delta: 0.92, gatedDelta: 0.93, perChannelGated: 0.96 };
    expect(readout(16, 'error', values)).toBe('16 pairs written. Read error: additive 1.37, delta 0.92, gated delta 0.93, per-channel gated 0.96.');
    expect(readout(1, 'cosine', values)).toBe('1 pair written. Cosine similarity: additive 1.37, delta 0.92, gated delta 0.93, per-channel gated 0.96.');
  });
});
