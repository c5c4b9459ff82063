/**
 * The stack's second layer (./model.ts runs it after the delta layer): one softmax head over the
 * whole causal context that reads RMSNorm([y ‖ token]), what the delta layer left in the residual
 * stream beside the whole token, and adds its output to the stream. Forward and backward.
 */
import { type AttentionBuffers, attentionBuffers, attentionHeadBackward, attentionHeadForward, HYBRID_ATTENTION_HEAD } from './attentionHead';
import { rmsRow, rmsRowBackward } from './ops';
import { type Params, stackInput, tensor } from './params';

/** What the stack's second layer keeps for the backward. */
export interface StackBuffers {
  readonly cat: Float64Array;
  readonly n: Float64Array;
  readonly r: Float64Array;
  readonly h: Float64Array;
  readonly head: AttentionBuffers;
  readonly dh: Float64Array;
  readonly dcat: Float64Array;
}

export function stackBuffers(d: number, T: number): StackBuffers {
  const w = T * stackInput(d);
  const f = (n: number) => new Float64Array(n);
  return { cat: f(w), n: f(w), r: f(T), h: f(w), head: attentionBuffers(d, T), dh: f(w), dcat: f(w) };
}

/**
 * The stack's second layer, in place on y: y += attention(RMSNorm([y ‖ token])) over the whole
 * causal context. It reads what the delta layer left in the stream beside the whole token, as
 * every head here reads the whole token.
 */
export function stackForward(p: Params, inputs: Float64Array, T: number, y: Float64Array, b: StackBuffers): void {
  const d = p.d;
  const w = stackInput(d);
  const gMid = tensor(p, 'gMid');
  for (let t = 0; t < T; t++) {
    for (let i = 0; i < d; i++) b.cat[t * w + i] = y[t * d + i]!;
    for (let i = 0; i < 2 * d; i++) b.cat[t * w + d + i] = inputs[t * 2 * d + i]!;
    rmsRow(b.cat, t * w, w, gMid, b.n, b.r, t, b.h, t * w);
  }
  attentionHeadForward(p, HYBRID_ATTENTION_HEAD, b.h, T, Number.POSITIVE_INFINITY, b.head, w);
  for (let i = 0; i < T * d; i++) y[i]! += b.head.out[i]!;
}

/** Given ∂L/∂y after the second layer in dy, adds its parameters' gradients and turns dy into ∂L/∂y before it. */
export function stackBackward(p: Params, T: number, dy: Float64Array, b: StackBuffers, grad: Params): void {
  const d = p.d;
  const w = stackInput(d);
  b.dh.fill(0, 0, T * w);
  b.dcat.fill(0, 0, T * w);
  attentionHeadBackward(p, HYBRID_ATTENTION_HEAD, b.h, T, Number.POSITIVE_INFINITY, b.head, dy, grad, b.dh, w);
  const gMid = tensor(p, 'gMid');
  const dgMid = tensor(grad, 'gMid');
  for (let t = 0; t < T; t++) {
    rmsRowBackward(b.dh, t * w, w, gMid, b.n, b.r, t, dgMid, b.dcat, t * w);
    for (let i = 0; i < d; i++) dy[t * d + i]! += b.dcat[t * w + i]!;
  }
}
