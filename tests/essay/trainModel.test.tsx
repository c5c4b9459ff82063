/**
 * What the trainer page says of its model's parameters, held to the tensors the core draws
 * (src/core/mqar/params.ts): no bias on any projection, gate biases and A only, and Gated
 * DeltaNet-2's two gates centred on β's start but drawn from weights of their own.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GATE_INIT, initParams, MIXERS, shapesOf } from '../../src/core/mqar/params';
import { TrainBody } from '../../src/essay/TrainBody';

const text = renderToStaticMarkup(<TrainBody />)
  .replace(/<[^>]+>/g, ' ')
  .replace(/&rsquo;/g, '’')
  .replace(/&beta;/g, 'β')
  .replace(/\s+/g, ' ');

describe('the trainer page on its parameters', () => {
  it('says the projections carry no bias, and every tensor that is a vector of biases is a gate’s', () => {
    expect(text).toContain('(no biases on the projections in either)');
    for (const m of MIXERS)
      for (const t of shapesOf(m, 16)) {
        // A projection is a matrix drawn as weights; a bias is a single row filled with a value.
        if (t.init.kind === 'weight') continue;
        expect(t.name, `${m}: ${t.name}`).toMatch(/^(b|A$|g)/);
      }
  });

  it('says Gated DeltaNet-2 starts close to the per-channel rule, not on it: its gates are centred on β’s start and drawn channel by channel', () => {
    expect(text).toContain('Both are centred where β is, on 0.5, but drawn channel by channel');
    expect(text).not.toContain('it begins as the per-channel rule');
    // σ(0) = 0.5: the gates' biases start where β's does, β at one half.
    expect(GATE_INIT.bBeta).toBe(0);
    expect(GATE_INIT.beta).toBe(0.5);
    // Their weights are drawn, and differ channel by channel and from each other.
    const p = initParams('gdn2', 16, 1);
    const erase = p.tensors.wErase!;
    const write = p.tensors.wWrite!;
    expect(new Set(Array.from(erase)).size).toBeGreaterThan(100);
    expect(Array.from(erase)).not.toEqual(Array.from(write));
  });
});
