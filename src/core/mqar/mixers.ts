/**
 * The seven mixers as one block from the normed input h (T × headInput(d), the whole token) to
 * the mixer output o (T × d), forward and backward. attention: one softmax head over the whole causal context. window: the same
 * head over the last windowPairs(d) = d/2 tokens, which hold d² numbers like a state. linear,
 * delta, gated, perChannel, gdn2: one recurrent head (./recurrentHead.ts). hybrid: a delta head and a
 * softmax head side by side on the same h, their outputs summed.
 *
 * The hybrid at one layer: a delta head and a softmax head in parallel on the same input, their
 * outputs summed (each through its own W_o, the same as one W_o over the two outputs side by side),
 * as Hymba and Falcon-H1 run attention and state-space heads side by side within a layer; Kimi
 * Linear and Qwen3-Next interleave whole layers instead, which one layer cannot show.
 * Each head keeps the full width d rather than d/2: a half-width delta head would hold a quarter
 * of the state, and the comparison with the d² memories would no longer be about the same state.
 * The hybrid is charged for both memories instead (stateNumbers: d² + 2dT).
 */
import { windowPairs } from '../lab';
import type { Mixer, Params } from './params';
import { type AttentionBuffers, attentionBuffers, attentionHeadBackward, attentionHeadForward, HEAD, HYBRID_ATTENTION_HEAD } from './attentionHead';
import { type RecurrentBuffers, recurrentBackward, recurrentBuffers, recurrentForward } from './recurrentHead';
import type { Recurrence } from './recurrence';

export interface MixerBuffers {
  readonly attention: AttentionBuffers | null;
  readonly recurrent: RecurrentBuffers | null;
}

const recurrenceOf = (mixer: Mixer): Recurrence | null =>
  mixer === 'linear' || mixer === 'delta' || mixer === 'gated' || mixer === 'perChannel' || mixer === 'gdn2'
    ? mixer
    : mixer === 'hybrid' || mixer === 'stack'
      ? 'delta'
      : null;

const hasAttention = (mixer: Mixer) => mixer === 'attention' || mixer === 'window' || mixer === 'hybrid';

/** The attention head's window: the whole context, or windowPairs(d) tokens for `window`. */
const windowOf = (mixer: Mixer, d: number) => (mixer === 'window' ? windowPairs(d) : Number.POSITIVE_INFINITY);

/** Buffers for `mixer` at width d over sequences of up to T tokens. */
export function mixerBuffers(mixer: Mixer, d: number, T: number): MixerBuffers {
  const kind = recurrenceOf(mixer);
  return {
    attention: hasAttention(mixer) ? attentionBuffers(d, T) : null,
    recurrent: kind === null ? null : recurrentBuffers(kind, d, T),
  };
}

/** o = mixer(h) for T tokens (h and O are T × d). */
export function mixerForward(p: Params, h: Float64Array, T: number, b: MixerBuffers, O: Float64Array): void {
  const n = T * p.d;
  O.fill(0, 0, n);
  if (b.recurrent !== null) {
    recurrentForward(p, h, T, b.recurrent);
    for (let i = 0; i < n; i++) O[i]! += b.recurrent.out[i]!;
  }
  if (b.attention !== null) {
    attentionHeadForward(p, p.mixer === 'hybrid' ? HYBRID_ATTENTION_HEAD : HEAD, h, T, windowOf(p.mixer, p.d), b.attention);
    for (let i = 0; i < n; i++) O[i]! += b.attention.out[i]!;
  }
}

/** Accumulates the mixer's parameter gradients into `grad`, and ∂L/∂h into dH (T × headInput(d)), from ∂L/∂o (T × d). */
export function mixerBackward(p: Params, h: Float64Array, T: number, b: MixerBuffers, dO: Float64Array, grad: Params, dH: Float64Array): void {
  if (b.recurrent !== null) recurrentBackward(p, h, T, b.recurrent, dO, grad, dH);
  if (b.attention !== null) {
    attentionHeadBackward(p, p.mixer === 'hybrid' ? HYBRID_ATTENTION_HEAD : HEAD, h, T, windowOf(p.mixer, p.d), b.attention, dO, grad, dH);
  }
}
