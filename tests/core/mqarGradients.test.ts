import { randomLcg, randomNormal } from 'd3-random';
import { describe, expect, it } from 'vitest';
import { evaluate, gradients, initParams, MIXERS, type Mixer, type Params, shapesOf, tensor, tensorNames } from '../../src/core/mqar';
import { hasRecurrentHead } from '../../src/core/mqar/params';
import { recallFixture } from './mqarFixture';

const D = 4;
const H = 1e-5;
/** Worst |finite difference − analytic| over a tensor's entries, relative to its largest analytic entry. */
const TOLERANCE = 1e-6;

const fixture = recallFixture({ d: D, kv: 3, candidates: 5, keys: 8, count: 2, seed: 11 });
const loss = (p: Params) => evaluate(p, fixture.sequences, fixture.values).loss;

/** Parameters away from their initial values (gains and gate biases off 1 and their constants), so no term sits at a special point. */
function jittered(mixer: Mixer, seed: number, conv = false): Params {
  const p = initParams(mixer, D, seed, conv);
  const uniform = randomLcg(seed + 1000);
  uniform();
  const normal = randomNormal.source(uniform)(0, 0.3);
  for (const name of tensorNames(p)) {
    const t = tensor(p, name);
    for (let i = 0; i < t.length; i++) t[i]! += normal();
  }
  return p;
}

/** The worst relative error of one tensor's gradient, over every entry, by central differences. */
function tensorError(p: Params, grad: Params, name: Parameters<typeof tensor>[1]): number {
  const w = tensor(p, name);
  const g = tensor(grad, name);
  let worst = 0;
  let scale = 0;
  for (let i = 0; i < w.length; i++) {
    const saved = w[i]!;
    w[i] = saved + H;
    const up = loss(p);
    w[i] = saved - H;
    const down = loss(p);
    w[i] = saved;
    worst = Math.max(worst, Math.abs((up - down) / (2 * H) - g[i]!));
    scale = Math.max(scale, Math.abs(g[i]!));
  }
  return worst / scale;
}

describe('the hand-written backward matches central differences in float64', () => {
  for (const mixer of MIXERS) {
    it(`${mixer}: every entry of every tensor`, () => {
      const p = jittered(mixer, 5);
      const { loss: at, grad } = gradients(p, fixture.sequences, fixture.values);
      expect(at).toBeCloseTo(loss(p), 14);
      const names = tensorNames(p);
      expect(names).toEqual(shapesOf(mixer, D).map((s) => s.name));
      const errors = Object.fromEntries(names.map((name) => [name, tensorError(p, grad, name)]));
      for (const [name, error] of Object.entries(errors)) expect(error, `${mixer}.${name}`).toBeLessThan(TOLERANCE);
    });
  }

  for (const mixer of MIXERS.filter(hasRecurrentHead)) {
    it(`${mixer} with the short convolution: every entry of every tensor, its taps included`, () => {
      const p = jittered(mixer, 6, true);
      const { loss: at, grad } = gradients(p, fixture.sequences, fixture.values);
      expect(at).toBeCloseTo(loss(p), 14);
      const names = tensorNames(p);
      expect(names.slice(-3)).toEqual(['cq', 'ck', 'cv']);
      for (const name of names) expect(tensorError(p, grad, name), `${mixer}.${name}`).toBeLessThan(TOLERANCE);
    });
  }
});
