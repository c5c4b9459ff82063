/**
 * Adam (Kingma & Ba), with optional decoupled weight decay as AdamW, and one training step:
 * gradients of a batch, then an Adam update of every tensor in place.
 */
import { type BatchResult, gradients, type Sequence } from './model';
import { type Params, tensor, tensorNames, zerosLike } from './params';

export interface AdamOptions {
  beta1: number;
  beta2: number;
  eps: number;
  /** Decoupled weight decay (AdamW): p ← p − lr · weightDecay · p before the Adam step. */
  weightDecay: number;
}

export const ADAM_DEFAULTS: Readonly<AdamOptions> = Object.freeze({ beta1: 0.9, beta2: 0.999, eps: 1e-8, weightDecay: 0 });

/**
 * Adam's running moments for one model, the steps taken, and β₁ and β₂ to the power of the
 * steps, kept as running products: a product is rounded the same way in every engine, where `**`
 * is not bound to one result.
 */
export interface AdamState {
  readonly m: Params;
  readonly v: Params;
  step: number;
  beta1Power: number;
  beta2Power: number;
}

export function adamState(p: Params): AdamState {
  return { m: zerosLike(p), v: zerosLike(p), step: 0, beta1Power: 1, beta2Power: 1 };
}

/** One Adam step of `p` in place along `grad`, with bias-corrected moments. */
export function adam(p: Params, grad: Params, state: AdamState, lr: number, options: Partial<AdamOptions> = {}): void {
  const { beta1, beta2, eps, weightDecay } = { ...ADAM_DEFAULTS, ...options };
  state.step += 1;
  state.beta1Power *= beta1;
  state.beta2Power *= beta2;
  const c1 = 1 - state.beta1Power;
  const c2 = 1 - state.beta2Power;
  for (const name of tensorNames(p)) {
    const w = tensor(p, name);
    const g = tensor(grad, name);
    const m = tensor(state.m, name);
    const v = tensor(state.v, name);
    for (let i = 0; i < w.length; i++) {
      const gi = g[i]!;
      m[i] = beta1 * m[i]! + (1 - beta1) * gi;
      v[i] = beta2 * v[i]! + (1 - beta2) * gi * gi;
      if (weightDecay !== 0) w[i]! -= lr * weightDecay * w[i]!;
      w[i]! -= (lr * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + eps);
    }
  }
}

export interface TrainOptions extends Partial<AdamOptions> {
  /** Called with the batch's gradient before the update; may change it in place (tests use it to break one). */
  onGradient?: (grad: Params) => void;
}

/**
 * One training step: the batch's loss, accuracy and gradient at the current parameters, then an
 * Adam update of `p` in place. Returns the loss and accuracy measured before the update.
 */
export function trainStep(p: Params, state: AdamState, batch: readonly Sequence[], values: Float64Array, lr: number, options: TrainOptions = {}): BatchResult {
  const { loss, accuracy, grad } = gradients(p, batch, values);
  options.onGradient?.(grad);
  adam(p, grad, state, lr, options);
  return { loss, accuracy };
}
