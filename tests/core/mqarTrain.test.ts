import { describe, expect, it } from 'vitest';
import { adamState, evaluate, initParams, type Mixer, type Params, type TensorName, tensor, trainStep } from '../../src/core/mqar';
import { recallFixture } from './mqarFixture';

// Plain recall at d = 8: two pairs a sequence, keys from a pool of 32, values among 16 candidates.
const CANDIDATES = 16;
const CHANCE = Math.log(CANDIDATES);
const data = recallFixture({ d: 8, kv: 2, candidates: CANDIDATES, keys: 32, count: 320, seed: 1 });
const train = data.sequences.slice(0, 256);
const heldOut = data.sequences.slice(256);
const STEPS = 300;
const BATCH = 16;
const LR = 1e-2;

function negate(x: Float64Array): void {
  for (let i = 0; i < x.length; i++) x[i] = -x[i]!;
}

/** Trains `mixer` for STEPS steps from seed 7, optionally with one tensor's gradient negated; held-out loss and accuracy before and after. */
function run(mixer: Mixer, flip?: TensorName) {
  const p = initParams(mixer, 8, 7);
  const state = adamState(p);
  const before = evaluate(p, heldOut, data.values);
  const onGradient = flip === undefined ? undefined : (grad: Params) => negate(tensor(grad, flip));
  for (let s = 0; s < STEPS; s++) {
    const from = (s * BATCH) % train.length;
    trainStep(p, state, train.slice(from, from + BATCH), data.values, LR, { onGradient });
  }
  return { before, after: evaluate(p, heldOut, data.values) };
}

describe('training on a tiny recall problem', () => {
  const learnt = { delta: run('delta'), attention: run('attention') };

  for (const mixer of ['delta', 'attention'] as const) {
    it(`${mixer} brings the held-out loss from chance to well below it in ${STEPS} steps, and recalls most pairs`, () => {
      const { before, after } = learnt[mixer];
      expect(before.loss).toBeGreaterThan(0.95 * CHANCE);
      expect(after.loss).toBeLessThan(0.35 * CHANCE);
      expect(after.accuracy).toBeGreaterThan(0.75);
    });

    it(`${mixer}: negating the gradient of W_v (the values it stores) leaves it near chance, and negating W_out's leaves it far above the true run`, () => {
      expect(run(mixer, 'Wv').after.loss).toBeGreaterThan(0.8 * CHANCE);
      expect(run(mixer, 'Wout').after.loss).toBeGreaterThan(2.5 * learnt[mixer].after.loss);
    });
  }

  it('is reproducible bit for bit', () => {
    expect(run('delta').after).toEqual(learnt.delta.after);
  });
});
