/**
 * A cell of the recall grid runs from its settings alone: the same settings give the same
 * numbers, bit for bit, and its validation and test sequences are drawn apart from its training.
 */
import { describe, expect, it } from 'vitest';
import { type CellSpec, partSeed, runCell } from '../../src/core/mqar/run';

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
});
