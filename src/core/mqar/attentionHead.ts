/**
 * A softmax-attention head of width d from the normed input h (T × headInput(d)) to its output,
 * forward and backward: q, k, v = W_q h, W_k h, W_v h (no normalisation of q or k, no position signal, as
 * in Zoology's continuous model), scale 1/√d, causal, over the whole context or the last
 * `window` tokens including the current one; output W_o a. The hybrid's attention head uses
 * the same code with its own tensors (aWq, aWk, aWv, aWo).
 */
import { headInput, type Params, type TensorName, tensor } from './params';
import { linear, linearBackward } from './ops';
import { attentionBackward, attentionForward } from './attention';

export interface AttentionBuffers {
  q: Float64Array;
  k: Float64Array;
  v: Float64Array;
  P: Float64Array;
  a: Float64Array;
  out: Float64Array;
  dq: Float64Array;
  dk: Float64Array;
  dv: Float64Array;
  da: Float64Array;
  dP: Float64Array;
}

export interface HeadNames {
  q: TensorName;
  k: TensorName;
  v: TensorName;
  o: TensorName;
}

export const HEAD: HeadNames = Object.freeze({ q: 'Wq', k: 'Wk', v: 'Wv', o: 'Wo' });
/** The hybrid's attention head, and the stack's attention layer. */
export const HYBRID_ATTENTION_HEAD: HeadNames = Object.freeze({ q: 'aWq', k: 'aWk', v: 'aWv', o: 'aWo' });

/** Buffers for sequences of up to T tokens. */
export function attentionBuffers(d: number, T: number): AttentionBuffers {
  const f = (n: number) => new Float64Array(n);
  return { q: f(T * d), k: f(T * d), v: f(T * d), P: f(T * T), a: f(T * d), out: f(T * d), dq: f(T * d), dk: f(T * d), dv: f(T * d), da: f(T * d), dP: f(T) };
}

/** The head's output for T tokens of h (T × e, e = headInput(d) unless given) into b.out. */
export function attentionHeadForward(p: Params, names: HeadNames, h: Float64Array, T: number, window: number, b: AttentionBuffers, e = headInput(p.d)): void {
  const d = p.d;
  linear(tensor(p, names.q), d, e, h, T, b.q);
  linear(tensor(p, names.k), d, e, h, T, b.k);
  linear(tensor(p, names.v), d, e, h, T, b.v);
  attentionForward(b.q, b.k, b.v, T, d, window, 1 / Math.sqrt(d), b.P, b.a);
  linear(tensor(p, names.o), d, d, b.a, T, b.out);
}

/** Accumulates the head's parameter gradients into `grad` and ∂L/∂h into dH, given ∂L/∂out (T × d). */
export function attentionHeadBackward(
  p: Params,
  names: HeadNames,
  h: Float64Array,
  T: number,
  window: number,
  b: AttentionBuffers,
  dOut: Float64Array,
  grad: Params,
  dH: Float64Array,
  e = headInput(p.d),
): void {
  const d = p.d;
  b.da.fill(0, 0, T * d);
  linearBackward(tensor(p, names.o), d, d, b.a, dOut, T, tensor(grad, names.o), b.da);
  attentionBackward(b.q, b.k, b.v, T, d, window, 1 / Math.sqrt(d), b.P, b.da, b.dq, b.dk, b.dv, b.dP);
  linearBackward(tensor(p, names.q), d, e, h, b.dq, T, tensor(grad, names.q), dH);
  linearBackward(tensor(p, names.k), d, e, h, b.dk, T, tensor(grad, names.k), dH);
  linearBackward(tensor(p, names.v), d, e, h, b.dv, T, tensor(grad, names.v), dH);
}
