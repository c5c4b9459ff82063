import { describe, expect, it } from 'vitest';
import { FORGET_DEFAULTS } from '../../src/content/defaults';
import { forgetCodec, initialState, reducer, MAX_PAIRS } from '../../src/widgets/Forget/state';
import { readQuery, writeQuery } from '../../src/widgets/urlState';

const DEFAULTS = initialState(FORGET_DEFAULTS);
const fromQuery = (search: string) => readQuery(forgetCodec, search, FORGET_DEFAULTS);

import { describePicture, readout } from '../../src/widgets/Forget/describe';
import { RULES } from '../../src/core';

describe('forget state', () => {
  it('keeps n within 1..128 whatever the input', () => {
    expect(reducer(DEFAULTS, { type: 'setN', n: 1e9 }).n).toBe(MAX_PAIRS);
    expect(reducer(DEFAULTS, { type: 'setN', n: -3 }).n).toBe(1);
    expect(reducer({ ...DEFAULTS, n: 1 }, { type: 'step', by: -1 }).n).toBe(1);
  });

  it('stops playing at the last pair and restarts from one', () => {
    const end = reducer({ ...DEFAULTS, n: MAX_PAIRS - 1, playing: true }, { type: 'tick' });
    expect(end).toMatchObject({ n: MAX_PAIRS, playing: false });
    expect(reducer(end, { type: 'togglePlay' })).toMatchObject({ n: 1, playing: true });
  });

  it('parses what it writes, and keeps other figures’ parameters', () => {
    const s = { ...DEFAULTS, n: 77, stream: 'lifetimes' as const, seed: 123456, beta: 0.35, alpha: 0.6, slow: 0.9, fast: 0.25, metric: 'cosine' as const };
    const { playing: _, ...settings } = s;
    const q = writeQuery(forgetCodec, '?step=3&C=64', settings, FORGET_DEFAULTS);
    expect(fromQuery(q)).toEqual({ n: 77, stream: 'lifetimes', seed: 123456, beta: 0.35, alpha: 0.6, slow: 0.9, fast: 0.25, metric: 'cosine' });
    expect(new URLSearchParams(q).get('step')).toBe('3');
    expect(new URLSearchParams(q).get('C')).toBe('64');
  });

  it('ignores unknown values and clamps numbers', () => {
    expect(fromQuery('?n=abc&stream=x&metric=y&seed=&beta=Infinity')).toEqual(FORGET_DEFAULTS);
    expect(fromQuery('?n=3.6&beta=2&fast=-1&seed=99999999999')).toEqual({ ...FORGET_DEFAULTS, n: 4, beta: 1, fast: 0, seed: 2 ** 32 - 1 });
    expect(fromQuery('?beta=0.333&alpha=-4')).toEqual({ ...FORGET_DEFAULTS, beta: 0.33, alpha: 0 });
  });

  it('says which rules read worse than zero, and which reads best', () => {
    const values = { additive: 1.37, delta: 0.92, gatedDelta: 0.93, perChannelGated: 0.96 };
    expect(readout(16, 'error', values, RULES)).toBe('16 pairs written. Read error: additive 1.37, delta 0.92, gated delta 0.93, per-channel gated 0.96.');
    const sentence = describePicture(16, 'capacity', 1, 'error', values, RULES);
    expect(sentence).toContain('additive reads back worse than answering zero');
    expect(sentence).toContain('The lowest read error is delta, 0.92');
  });
});
