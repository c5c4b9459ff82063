import { describe, expect, it } from 'vitest';
import {
  ADAM_DEFAULTS,
  adam,
  adamState,
  cloneParams,
  evaluate,
  forward,
  GATE_INIT,
  gradients,
  initParams,
  makeTape,
  MIXERS,
  WIDTHS,
  DEFAULT_WIDTH,
  shapesOf,
  stateNumbers,
  tensor,
  tensorNames,
  trainStep,
  zerosLike,
} from '../../src/core/mqar';
import { recallFixture } from './mqarFixture';

const fixture = recallFixture({ d: 8, kv: 4, candidates: 12, keys: 16, count: 4, seed: 2 });
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const softplus = (x: number) => Math.log1p(Math.exp(x));

describe('parameters', () => {
  it('a seed gives the same model bit for bit, another seed another model', () => {
    for (const mixer of MIXERS) {
      expect(initParams(mixer, 16, 3)).toEqual(initParams(mixer, 16, 3));
      expect(tensor(initParams(mixer, 16, 4), 'Wq')).not.toEqual(tensor(initParams(mixer, 16, 3), 'Wq'));
    }
  });

  it('every tensor has its stated shape; the gains start at 1 and the gates at GATE_INIT', () => {
    for (const mixer of MIXERS) {
      const p = initParams(mixer, 8, 1);
      for (const { name, rows, cols } of shapesOf(mixer, 8)) expect(tensor(p, name)).toHaveLength(rows * cols);
      for (const name of tensorNames(p).filter((n) => n.startsWith('g'))) {
        const g = tensor(p, name);
        expect(Array.from(g)).toEqual(new Array(g.length).fill(1));
      }
    }
    expect(sigmoid(GATE_INIT.bBeta)).toBe(GATE_INIT.beta);
    expect(() => tensor(initParams('attention', 8, 1), 'wBeta')).toThrow(/no tensor wBeta/);
  });

  it('every head reads the whole 2d-wide token: its q, k, v maps and gate weights take 2d inputs, W_o and the residual stream d', () => {
    const d = 8;
    for (const mixer of MIXERS) {
      const shape = Object.fromEntries(shapesOf(mixer, d).map((s) => [s.name, [s.rows, s.cols]]));
      for (const n of ['Wq', 'Wk', 'Wv'] as const) expect(shape[n], `${mixer}.${n}`).toEqual([d, 2 * d]);
      expect(shape.Wo).toEqual([d, d]);
      expect(shape.Win).toEqual([d, 2 * d]);
      expect(shape.gIn).toEqual([1, 2 * d]);
      if (mixer === 'hybrid') for (const n of ['aWq', 'aWk', 'aWv'] as const) expect(shape[n]).toEqual([d, 2 * d]);
      if (shape.wBeta) expect(shape.wBeta).toEqual([1, 2 * d]);
    }
    expect(Object.fromEntries(shapesOf('perChannel', d).map((s) => [s.name, [s.rows, s.cols]])).wAlpha).toEqual([d, 2 * d]);
  });

  it('α starts as fla starts it: softplus(b_α) = dt log-uniform on [0.001, 0.1], so α at the median input lies in [e^−0.1, e^−0.001]', () => {
    const logs: number[] = [];
    for (let seed = 1; seed <= 40; seed++) {
      for (const mixer of ['gated', 'perChannel'] as const) {
        const p = initParams(mixer, 16, seed);
        expect(Array.from(tensor(p, 'A'))).toEqual(new Array(mixer === 'gated' ? 1 : 16).fill(0));
        for (const b of tensor(p, 'bAlpha')) {
          const dt = softplus(b);
          const alpha = Math.exp(-dt);
          expect(alpha).toBeGreaterThanOrEqual(Math.exp(-0.1));
          expect(alpha).toBeLessThanOrEqual(Math.exp(-0.001));
          logs.push(Math.log(dt));
        }
      }
    }
    // log dt uniform on [ln 0.001, ln 0.1]: mean ln 0.01, variance (ln 100)²/12; each quarter of the range a quarter of the draws.
    const n = logs.length;
    const mean = logs.reduce((a, b) => a + b, 0) / n;
    const width = Math.log(100);
    expect(Math.abs(mean - Math.log(0.01))).toBeLessThan((4 * width) / Math.sqrt(12 * n));
    for (let q = 0; q < 4; q++) {
      const lo = Math.log(0.001) + (q * width) / 4;
      const share = logs.filter((x) => x >= lo && x < lo + width / 4).length / n;
      expect(Math.abs(share - 0.25)).toBeLessThan(4 * Math.sqrt((0.25 * 0.75) / n));
    }
    // Per channel, not one value copied: a perChannel head's sixteen gates start apart.
    expect(new Set(tensor(initParams('perChannel', 16, 1), 'bAlpha')).size).toBe(16);
  });

  it('counts the numbers each memory keeps: d² for a state or a window of d/2 tokens, 2dT for a cache', () => {
    expect(WIDTHS).toContain(DEFAULT_WIDTH);
    for (const d of WIDTHS) {
      expect(MIXERS.map((m) => stateNumbers(m, d, 32))).toEqual([64 * d, d * d, d * d, d * d, d * d, d * d, d * d, d * d + 64 * d, d * d + 64 * d]);
    }
  });
});

describe('forward, gradients and evaluate', () => {
  it('agree on the loss; a batch’s loss is the query-weighted mean of its sequences’', () => {
    for (const mixer of MIXERS) {
      const p = initParams(mixer, 8, 5);
      const tape = makeTape(mixer, 8, 8, 12);
      const per = fixture.sequences.map((s) => forward(p, s, fixture.values, tape).loss);
      const mean = per.reduce((a, b) => a + b, 0) / per.length;
      expect(evaluate(p, fixture.sequences, fixture.values).loss).toBeCloseTo(mean, 13);
      expect(gradients(p, fixture.sequences, fixture.values).loss).toBe(evaluate(p, fixture.sequences, fixture.values).loss);
      const alone = forward(p, fixture.sequences[0]!, fixture.values);
      expect(alone.loss).toBe(per[0]);
      expect(alone.accuracy).toBeGreaterThanOrEqual(0);
    }
  });

  it('the short convolution with taps (1, 0, 0, 0) is no convolution; its other tensors draw as without it; another tap mixes in the token before', () => {
    for (const mixer of ['delta', 'gdn2', 'stack'] as const) {
      const plain = initParams(mixer, 8, 5);
      const conv = initParams(mixer, 8, 5, true);
      for (const name of tensorNames(plain)) expect(tensor(conv, name)).toEqual(tensor(plain, name));
      for (const name of ['cq', 'ck', 'cv'] as const) {
        const c = tensor(conv, name);
        for (let i = 0; i < c.length; i++) c[i] = i % 4 === 0 ? 1 : 0;
      }
      expect(evaluate(conv, fixture.sequences, fixture.values).loss).toBe(evaluate(plain, fixture.sequences, fixture.values).loss);
      tensor(conv, 'ck')[1] = 0.5;
      expect(evaluate(conv, fixture.sequences, fixture.values).loss).not.toBe(evaluate(plain, fixture.sequences, fixture.values).loss);
    }
    expect(() => initParams('attention', 8, 5, true)).toThrow(/no recurrent head/);
  });

  it('rejects a sequence that breaks the input contract', () => {
    const p = initParams('delta', 8, 5);
    const s = fixture.sequences[0]!;
    expect(() => forward(p, { ...s, inputs: s.inputs.subarray(1) }, fixture.values)).toThrow(/inputs need/);
    expect(() => forward(p, { ...s, queries: Int32Array.from([5, 4, 6, 7]) }, fixture.values)).toThrow(/ascend/);
    expect(() => forward(p, { ...s, labels: Int32Array.from([0, 1, 2, 12]) }, fixture.values)).toThrow(/candidate/);
    expect(() => forward(p, s, fixture.values, makeTape('delta', 8, 4, 12))).toThrow(/capacity/);
    expect(() => evaluate(p, [], fixture.values)).toThrow(/at least one/);
  });
});

describe('Adam', () => {
  it('moves every entry by about lr against its gradient’s sign on the first step, and by nothing where the gradient is 0', () => {
    const p = initParams('gated', 4, 1);
    const before = cloneParams(p);
    const grad = zerosLike(p);
    for (const name of tensorNames(grad)) {
      const g = tensor(grad, name);
      for (let i = 0; i < g.length; i++) g[i] = i % 3 === 0 ? 0 : (i % 2 ? 1 : -1) * 10 ** -(i % 5);
    }
    adam(p, grad, adamState(p), 0.01);
    for (const name of tensorNames(p)) {
      tensor(p, name).forEach((w, i) => {
        const g = tensor(grad, name)[i]!;
        // m̂ = g and v̂ = g² after one step: the update is lr g / (|g| + ε).
        expect(w - tensor(before, name)[i]!).toBeCloseTo((-0.01 * g) / (Math.abs(g) + 1e-8), 12);
      });
    }
    expect(ADAM_DEFAULTS).toEqual({ beta1: 0.9, beta2: 0.999, eps: 1e-8, weightDecay: 0 });
  });

  it('decoupled weight decay shrinks a weight with no gradient', () => {
    const p = initParams('delta', 4, 1);
    const w0 = tensor(p, 'Wq')[0]!;
    adam(p, zerosLike(p), adamState(p), 0.1, { weightDecay: 0.5 });
    expect(tensor(p, 'Wq')[0]).toBeCloseTo(w0 * (1 - 0.05), 14);
  });

  it('a training step reports the loss before its update, then changes the parameters', () => {
    const p = initParams('window', 8, 2);
    const loss = evaluate(p, fixture.sequences, fixture.values).loss;
    const state = adamState(p);
    expect(trainStep(p, state, fixture.sequences, fixture.values, 1e-2).loss).toBe(loss);
    expect(state.step).toBe(1);
    expect(evaluate(p, fixture.sequences, fixture.values).loss).not.toBe(loss);
  });
});
