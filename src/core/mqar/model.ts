/**
 * The one-layer recall model, after Zoology's ContinuousInputModel: x_t = W_in · input_t (2d → d,
 * the residual stream); h = RMSNorm(input_t), the whole 2d-wide token; o = mixer(h); y = x + o;
 * z = RMSNorm(y); out = W_out z; logits over the candidate values = out · valuesᵀ; loss = mean
 * cross-entropy over the queried positions.
 * One departure: Zoology's mixer reads RMSNorm(x), the token squeezed to d numbers, so the key and
 * the value share d numbers; here each head reads the token whole (./params.ts, headInput), which
 * costs its q, k and v maps (and its gates' weights) 2d inputs instead of d.
 * Simplifications, each stated: RMSNorm with a gain instead of LayerNorm (both norms; no bias);
 * no bias in any projection (Zoology's Linear layers have one); no dropout; no short convolution;
 * one head of width d; the final norm and W_out run only at the queried positions, the only ones
 * the loss reads. The forward pass and the hand-written backward of the whole model.
 * The stack adds a second layer after the delta layer: y ← y + attention(RMSNorm([y ‖ token])),
 * one softmax head over the whole causal context, before the final norm.
 */
import { requirePositiveInteger } from '../checks';
import { type MixerBuffers, mixerBackward, mixerBuffers, mixerForward } from './mixers';
import { linear, linearBackward, rmsRow, rmsRowBackward } from './ops';
import { headInput, type Mixer, type Params, tensor, zerosLike } from './params';
import { type StackBuffers, stackBackward, stackBuffers, stackForward } from './stack';
import { exp, log } from './elementary';

/**
 * One recall sequence: T tokens of 2d inputs ([key ‖ value] for a write, [key ‖ 0] for a query),
 * the positions queried (ascending) and, per query, the index of its value among the candidates.
 */
export interface Sequence {
  T: number;
  inputs: Float64Array;
  queries: Int32Array;
  labels: Int32Array;
}

/** What the forward pass keeps for the backward, in buffers sized for up to `capacity` tokens. */
export interface Tape {
  readonly mixer: Mixer;
  readonly d: number;
  readonly capacity: number;
  readonly candidates: number;
  readonly x: Float64Array;
  readonly nIn: Float64Array;
  readonly rIn: Float64Array;
  readonly h: Float64Array;
  readonly o: Float64Array;
  readonly y: Float64Array;
  /** Per query (row j for queries[j]): the final norm's n and r, z, out and the softmax over candidates. */
  readonly nOut: Float64Array;
  readonly rOut: Float64Array;
  readonly z: Float64Array;
  readonly out: Float64Array;
  readonly probs: Float64Array;
  readonly buffers: MixerBuffers;
  /** The stack's attention layer, or null: its input [y₁ ‖ token] (T × 3d), that input normed, and its head. */
  readonly stack: StackBuffers | null;
  readonly dy: Float64Array;
  readonly dh: Float64Array;
  /** ∂L/∂input, which nothing reads: the inputs are data. */
  readonly dIn: Float64Array;
  readonly dOut: Float64Array;
  /** The last sequence run: its summed cross-entropy, mean loss, correct answers and accuracy. */
  lossSum: number;
  loss: number;
  correct: number;
  accuracy: number;
}

/** Buffers for `mixer` at width d over sequences of up to `capacity` tokens, scored against `candidates` values. */
export function makeTape(mixer: Mixer, d: number, capacity: number, candidates: number): Tape {
  requirePositiveInteger('capacity', capacity);
  requirePositiveInteger('candidates', candidates);
  const f = (n: number) => new Float64Array(n);
  const n = capacity * d;
  const wide = capacity * headInput(d);
  return {
    mixer,
    d,
    capacity,
    candidates,
    x: f(n),
    nIn: f(wide),
    rIn: f(capacity),
    h: f(wide),
    o: f(n),
    y: f(n),
    nOut: f(n),
    rOut: f(capacity),
    z: f(n),
    out: f(n),
    probs: f(capacity * candidates),
    buffers: mixerBuffers(mixer, d, capacity),
    stack: mixer === 'stack' ? stackBuffers(d, capacity) : null,
    dy: f(n),
    dh: f(wide),
    dIn: f(wide),
    dOut: f(d),
    lossSum: 0,
    loss: 0,
    correct: 0,
    accuracy: 0,
  };
}

function check(p: Params, seq: Sequence, values: Float64Array, tape: Tape): void {
  const { d } = p;
  const { T, inputs, queries, labels } = seq;
  requirePositiveInteger('T', T);
  if (tape.mixer !== p.mixer || tape.d !== d) throw new Error(`a tape for ${tape.mixer} at d = ${tape.d} cannot run ${p.mixer} at d = ${d}`);
  if (T > tape.capacity) throw new RangeError(`a sequence of ${T} tokens needs a tape of that capacity, not ${tape.capacity}`);
  if (values.length !== tape.candidates * d) throw new RangeError(`values need ${tape.candidates} × ${d} entries, got ${values.length}`);
  if (inputs.length !== T * 2 * d) throw new RangeError(`inputs need ${T} × ${2 * d} entries, got ${inputs.length}`);
  if (labels.length !== queries.length) throw new RangeError(`${queries.length} queries but ${labels.length} labels`);
  if (queries.length === 0) throw new RangeError('a sequence needs at least one query');
  queries.forEach((t, j) => {
    if (!(t >= 0 && t < T && (j === 0 || t > queries[j - 1]!))) throw new RangeError(`queries must ascend within [0, ${T}), got ${t} at ${j}`);
    const c = labels[j]!;
    if (!(c >= 0 && c < tape.candidates)) throw new RangeError(`label ${c} at ${j} is not a candidate index`);
  });
}

/**
 * The forward pass over one sequence: sets the tape's loss (mean cross-entropy over its queries)
 * and accuracy (share of queries whose largest logit is the label's; a tie goes to the first
 * candidate) and keeps what the backward needs. Runs in `tape` if given, else in a new one.
 */
export function forward(p: Params, seq: Sequence, values: Float64Array, tape?: Tape): Tape {
  const { d } = p;
  const C = values.length / d;
  const tp = tape ?? makeTape(p.mixer, d, seq.T, C);
  check(p, seq, values, tp);
  const { T, inputs, queries, labels } = seq;
  linear(tensor(p, 'Win'), d, 2 * d, inputs, T, tp.x);
  const gIn = tensor(p, 'gIn');
  const e = headInput(d);
  for (let t = 0; t < T; t++) rmsRow(inputs, t * e, e, gIn, tp.nIn, tp.rIn, t, tp.h, t * e);
  mixerForward(p, tp.h, T, tp.buffers, tp.o);
  for (let i = 0; i < T * d; i++) tp.y[i] = tp.x[i]! + tp.o[i]!;
  if (tp.stack !== null) stackForward(p, inputs, T, tp.y, tp.stack);
  const gOut = tensor(p, 'gOut');
  const Wout = tensor(p, 'Wout');
  const { y, nOut, rOut, z, out, probs } = tp;
  let lossSum = 0;
  let correct = 0;
  for (let j = 0; j < queries.length; j++) {
    const t = queries[j]!;
    const z0 = j * d;
    rmsRow(y, t * d, d, gOut, nOut, rOut, j, z, z0);
    for (let i = 0; i < d; i++) {
      let s = 0;
      for (let c = 0; c < d; c++) s += Wout[i * d + c]! * z[z0 + c]!;
      out[z0 + i] = s;
    }
    const p0 = j * C;
    let max = -Infinity;
    let best = 0;
    for (let c = 0; c < C; c++) {
      let logit = 0;
      const v0 = c * d;
      for (let i = 0; i < d; i++) logit += out[z0 + i]! * values[v0 + i]!;
      probs[p0 + c] = logit;
      if (logit > max) {
        max = logit;
        best = c;
      }
    }
    const label = labels[j]!;
    const labelLogit = probs[p0 + label]!;
    let sum = 0;
    for (let c = 0; c < C; c++) {
      const e = exp(probs[p0 + c]! - max);
      probs[p0 + c] = e;
      sum += e;
    }
    for (let c = 0; c < C; c++) probs[p0 + c]! /= sum;
    lossSum += max + log(sum) - labelLogit;
    if (best === label) correct += 1;
  }
  tp.lossSum = lossSum;
  tp.loss = lossSum / queries.length;
  tp.correct = correct;
  tp.accuracy = correct / queries.length;
  return tp;
}

/**
 * The backward pass of the sequence `forward` last ran in `tape`, for a loss of `scale` × its
 * summed cross-entropy; adds every parameter's gradient into `grad`.
 */
function backward(p: Params, seq: Sequence, values: Float64Array, tape: Tape, scale: number, grad: Params): void {
  const { d } = p;
  const C = tape.candidates;
  const { T, inputs, queries, labels } = seq;
  const { dy, dh, dOut } = tape;
  dy.fill(0, 0, T * d);
  const Wout = tensor(p, 'Wout');
  const dWout = tensor(grad, 'Wout');
  const gOut = tensor(p, 'gOut');
  const dgOut = tensor(grad, 'gOut');
  const { probs, z, nOut, rOut } = tape;
  for (let j = 0; j < queries.length; j++) {
    const t = queries[j]!;
    const label = labels[j]!;
    dOut.fill(0);
    for (let c = 0; c < C; c++) {
      const dl = scale * (probs[j * C + c]! - (c === label ? 1 : 0));
      const v0 = c * d;
      for (let i = 0; i < d; i++) dOut[i]! += dl * values[v0 + i]!;
    }
    // dz = W_outᵀ dout, kept in dh's row t (free until the mixer's backward), then the final norm's backward into dy.
    const h0 = t * d;
    const z0 = j * d;
    for (let c = 0; c < d; c++) dh[h0 + c] = 0;
    for (let i = 0; i < d; i++) {
      const g = dOut[i]!;
      for (let c = 0; c < d; c++) {
        dWout[i * d + c]! += g * z[z0 + c]!;
        dh[h0 + c]! += g * Wout[i * d + c]!;
      }
    }
    rmsRowBackward(dh, h0, d, gOut, nOut, rOut, j, dgOut, dy, h0);
  }
  if (tape.stack !== null) stackBackward(p, T, dy, tape.stack, grad);
  // y = x + o: dy reaches W_in through x, and the mixer and the first norm through o.
  const e = headInput(d);
  dh.fill(0, 0, T * e);
  mixerBackward(p, tape.h, T, tape.buffers, dy, grad, dh);
  const gIn = tensor(p, 'gIn');
  const dgIn = tensor(grad, 'gIn');
  for (let t = 0; t < T; t++) rmsRowBackward(dh, t * e, e, gIn, tape.nIn, tape.rIn, t, dgIn, tape.dIn, t * e);
  linearBackward(tensor(p, 'Win'), d, 2 * d, inputs, dy, T, tensor(grad, 'Win'), null);
}

export interface BatchResult {
  /** Mean cross-entropy over every query of the batch. */
  loss: number;
  /** Share of the batch's queries answered right. */
  accuracy: number;
}

function batchTape(p: Params, batch: readonly Sequence[], values: Float64Array): Tape {
  if (batch.length === 0) throw new RangeError('a batch needs at least one sequence');
  return makeTape(p.mixer, p.d, Math.max(...batch.map((s) => s.T)), values.length / p.d);
}

/** Loss and accuracy of `p` on a batch, with the gradient of that loss for every tensor of `p`. */
export function gradients(p: Params, batch: readonly Sequence[], values: Float64Array): BatchResult & { grad: Params } {
  const tape = batchTape(p, batch, values);
  const grad = zerosLike(p);
  const total = batch.reduce((n, s) => n + s.queries.length, 0);
  let lossSum = 0;
  let correct = 0;
  for (const seq of batch) {
    forward(p, seq, values, tape);
    lossSum += tape.lossSum;
    correct += tape.correct;
    backward(p, seq, values, tape, 1 / total, grad);
  }
  return { loss: lossSum / total, accuracy: correct / total, grad };
}

/** Loss and accuracy of `p` on a batch, without gradients. */
export function evaluate(p: Params, batch: readonly Sequence[], values: Float64Array): BatchResult {
  const tape = batchTape(p, batch, values);
  let lossSum = 0;
  let correct = 0;
  let total = 0;
  for (const seq of batch) {
    forward(p, seq, values, tape);
    lossSum += tape.lossSum;
    correct += tape.correct;
    total += seq.queries.length;
  }
  return { loss: lossSum / total, accuracy: correct / total };
}
