/**
 * A cell of the recall grid runs from its settings alone: the same settings give the same
 * numbers, bit for bit, and its validation and test sequences are drawn apart from its training.
 */
import { describe, expect, it } from 'vitest';
import { type CellSpec, climbFor, loadAt, partSeed, rateAt, runCell, warmupFor } from '../../src/core/mqar/run';
import { halfCosine } from '../../src/core/mqar/elementary';

const SMALL: CellSpec = {
  mixer: 'delta',
  stream: 'plain',
  kv: 2,
  d: 8,
  candidates: 16,
  keys: 32,
  steps: 20,
  batchSize: 4,
  lr: 0.01,
  warmup: 5,
  decay: 'cosine',
  climb: 0,
  conv: false,
  seed: 7,
  evalSize: 8,
  every: 5,
};

describe('a cell of the recall grid', () => {
  it('is reproduced bit for bit by running it again', () => {
    const a = runCell(SMALL);
    const b = runCell(SMALL);
    expect(b).toEqual(a);
    expect(a.curve.map((p) => p.step)).toEqual([5, 10, 15, 20]);
    expect(a.diverged).toBeNull();
  });

  it('changes with its seed, and hears each point of its curve as it is made', () => {
    const heard: number[] = [];
    const a = runCell(SMALL, (p) => heard.push(p.step));
    expect(heard).toEqual([5, 10, 15, 20]);
    expect(runCell({ ...SMALL, seed: 8 }).curve).not.toEqual(a.curve);
  });

  it('draws its parts from separate seeds, none of them the cell’s own', () => {
    const parts = (['embeddings', 'params', 'train', 'validation', 'test'] as const).map((p) => partSeed(SMALL.seed, p));
    expect(new Set(parts).size).toBe(parts.length);
    expect(parts).not.toContain(SMALL.seed);
  });

  it('refuses a candidate set too small for its stream', () => {
    expect(() => runCell({ ...SMALL, stream: 'switch', kv: 12, candidates: 16 })).toThrow(/^candidates: switch at kv = 12 needs 24/);
  });

  it('warms its rate up linearly, then lets it fall to 0 along half a cosine: lr at the end of the warm-up, lr/2 half way down, 0 at the last step', () => {
    const spec = { lr: 0.02, warmup: warmupFor(1000), decay: 'cosine' as const, steps: 1000 };
    expect(spec.warmup).toBe(100);
    expect(rateAt(spec, 1)).toBeCloseTo(0.0002, 15);
    expect(rateAt(spec, 50)).toBeCloseTo(0.01, 15);
    expect(rateAt(spec, 100)).toBe(0.02);
    expect(rateAt(spec, 550)).toBeCloseTo(0.01, 15);
    expect(rateAt(spec, 1000)).toBeCloseTo(0, 15);
    expect(rateAt({ ...spec, decay: 'none' }, 700)).toBe(0.02);
    // Half a cosine, by + − × ÷ alone, within a few ulps of the engine's.
    for (let i = 0; i <= 64; i++) expect(halfCosine(i / 64)).toBeCloseTo(0.5 * (1 + Math.cos((Math.PI * i) / 64)), 15);
    expect(() => halfCosine(1.5)).toThrow(RangeError);
  });

  it('climbs its load from 4, doubling, an equal share of the climb at each, with as many queries a step as at its own load', () => {
    const spec = { kv: 32, climb: climbFor(1000), batchSize: 8 };
    expect(spec.climb).toBe(500);
    const seen = new Map<number, number>();
    for (let step = 1; step <= 1000; step++) {
      const at = loadAt(spec, step);
      expect(at.kv * at.batchSize).toBe(256);
      seen.set(at.kv, (seen.get(at.kv) ?? 0) + 1);
      if (step > 500) expect(at.kv).toBe(32);
    }
    expect([...seen.keys()]).toEqual([4, 8, 16, 32]);
    for (const kv of [4, 8, 16]) expect(Math.abs(seen.get(kv)! - 500 / 3)).toBeLessThanOrEqual(1);
    // A run at the smallest load has nothing to climb from.
    expect(loadAt({ kv: 4, climb: 500, batchSize: 64 }, 1)).toEqual({ kv: 4, batchSize: 64 });
    expect(() => runCell({ ...SMALL, climb: 21 })).toThrow(/^climb: 21/);
  });
});
