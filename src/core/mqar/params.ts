/**
 * The one-layer associative-recall model's parameters (research/mqar-browser.md §1): which
 * tensors each mixer owns, their shapes, a seeded initialisation, and how many numbers each
 * memory keeps. Every tensor is a row-major Float64Array; a gradient has the same shape.
 */
import { randomLcg } from 'd3-random';
import { exp, log, normalFrom } from './elementary';
import { requirePositiveInteger } from '../checks';
import { windowPairs } from '../lab';

export type Mixer = 'attention' | 'window' | 'linear' | 'delta' | 'gated' | 'perChannel' | 'gdn2' | 'hybrid' | 'stack';
export const MIXERS: readonly Mixer[] = Object.freeze(['attention', 'window', 'linear', 'delta', 'gated', 'perChannel', 'gdn2', 'hybrid', 'stack']);

/** The model widths d the trainer is meant for (one head, d_k = d_v = d), and the default. */
export const WIDTHS: readonly number[] = Object.freeze([8, 16, 32]);
export const DEFAULT_WIDTH = 16;

/**
 * How wide the input a head reads is: the whole 2d-wide token [key ‖ value], normed. Zoology's
 * model first projects the token to the model width d (Linear(2d → d)) and computes q, k, v and
 * the gates from that; at d = 16 the key and the value would then share 16 numbers, a ceiling of
 * about three recalled pairs at every load whatever the memory (research/trainer-audit-2026-12-06.md).
 * Reading the token whole costs each head's q, k and v maps d × 2d instead of d × d.
 */
export const headInput = (d: number) => 2 * d;

/**
 * How wide the input of the stack's second layer is: what the first layer left in the residual
 * stream (d) beside the whole token (2d), as every head here reads the whole token.
 */
export const stackInput = (d: number) => 3 * d;

/**
 * Tensors by name, with e = headInput(d) = 2d. Shared by every mixer: Win (d × 2d, the token into
 * the residual stream), gIn (the heads' input RMSNorm gain, e), gOut (the final RMSNorm gain, d),
 * Wout (d × d). The mixer's head: Wq, Wk, Wv (d × e), Wo (d × d). The recurrent heads add gMix
 * (their output RMSNorm's gain, d); the delta heads add wBeta (e) and bBeta (1); gated adds
 * wAlpha (e), bAlpha (1) and A (1), perChannel wAlpha (d × e), bAlpha (d) and A (d); gdn2 has
 * perChannel's decay and, in place of β, wErase, wWrite (d × e) and bErase, bWrite (d). The hybrid's
 * attention head has aWq, aWk, aWv (d × e) and aWo (d × d) beside its delta head. The stack has
 * the delta head's tensors, then its attention layer's norm gain gMid (3d) and aWq, aWk, aWv (d × 3d)
 * and aWo (d × d); its layer reads stackInput(d) = 3d numbers.
 */
export type TensorName =
  | 'Win'
  | 'gIn'
  | 'gOut'
  | 'Wout'
  | 'Wq'
  | 'Wk'
  | 'Wv'
  | 'Wo'
  | 'gMix'
  | 'wBeta'
  | 'bBeta'
  | 'wAlpha'
  | 'bAlpha'
  | 'A'
  | 'wErase'
  | 'bErase'
  | 'wWrite'
  | 'bWrite'
  | 'aWq'
  | 'aWk'
  | 'aWv'
  | 'aWo'
  | 'gMid'
  | 'cq'
  | 'ck'
  | 'cv';

export type Tensors = Partial<Record<TensorName, Float64Array>>;

/** A model's parameters, or a gradient shaped like them. */
export interface Params {
  readonly mixer: Mixer;
  readonly d: number;
  /** Whether the recurrent head carries the short convolution (cq, ck, cv); absent means not. */
  readonly conv?: boolean;
  readonly tensors: Tensors;
}

/** The short convolution's width: each of q, k and v at a token mixes that token's and the 3 before, channel by channel. */
export const CONV_WIDTH = 4;

/** The memories with a recurrent head, which may carry the short convolution on its q, k and v. */
export const hasRecurrentHead = (m: Mixer) => m !== 'attention' && m !== 'window';

/**
 * How a tensor starts: a weight matrix N(0, 1/cols), a gain of ones, a constant, or (α's bias)
 * softplus⁻¹(dt) with dt log-uniform on GATE_INIT's range, one draw per entry.
 */
type Init = { kind: 'weight' } | { kind: 'fill'; value: number } | { kind: 'dtBias' } | { kind: 'uniform'; bound: number };

export interface TensorShape {
  readonly name: TensorName;
  readonly rows: number;
  readonly cols: number;
  readonly init: Init;
}

const softplusInverse = (y: number) => log(exp(y) - 1);

/**
 * The gates at initialisation, as fla's full GatedDeltaNet and KDA layers start them.
 * β = σ(w_β·h + b_β) = 0.5 where w_β·h = 0 (the median input, as w_β is drawn symmetric about
 * zero). α = exp(−e^A · softplus(w_α·h + b_α)): b_α = softplus⁻¹(dt) with dt drawn log-uniform on
 * [0.001, 0.1] per gate (one for gated, one per key channel for perChannel), as fla draws
 * dt_bias, so α starts between e^−0.1 ≈ 0.905 and e^−0.001 ≈ 0.999 at the median input.
 * A = 0 (e^A = 1) where fla draws A from U(0, 16): at one layer that would start the median gate
 * near e^−8·0.01 ≈ 0.92, which forgets a pair within about 12 tokens, before its query comes
 * (research/mqar-browser.md §3).
 */
// Pure calls, marked so: a chunk that only counts a memory's numbers leaves the maths out.
export const GATE_INIT = /* @__PURE__ */ Object.freeze({
  beta: 0.5,
  bBeta: 0,
  A: 0,
  dtMin: 0.001,
  dtMax: 0.1,
});

const weight = (name: TensorName, rows: number, cols: number): TensorShape => ({ name, rows, cols, init: { kind: 'weight' } });
const fill = (name: TensorName, rows: number, cols: number, value: number): TensorShape => ({ name, rows, cols, init: { kind: 'fill', value } });

const dtBias = (name: TensorName, rows: number, cols: number): TensorShape => ({ name, rows, cols, init: { kind: 'dtBias' } });

const head = (d: number, prefix: '' | 'a'): TensorShape[] =>
  (['Wq', 'Wk', 'Wv', 'Wo'] as const).map((n) => weight((prefix === '' ? n : `${prefix}${n}`) as TensorName, d, n === 'Wo' ? d : headInput(d)));

function deltaGates(d: number): TensorShape[] {
  return [fill('gMix', 1, d, 1), weight('wBeta', 1, headInput(d)), fill('bBeta', 1, 1, GATE_INIT.bBeta)];
}

/**
 * The tensors of `mixer` at width d, in the order they are drawn from the generator. With `conv`,
 * the recurrent head's short convolution comes last (so the other tensors draw as without it):
 * cq, ck, cv, each d × CONV_WIDTH (a channel's taps, the current token's first), drawn
 * U(−1/√CONV_WIDTH, 1/√CONV_WIDTH) as PyTorch's Conv1d draws fla's ShortConvolution.
 */
export function shapesOf(mixer: Mixer, d: number, conv = false): TensorShape[] {
  if (conv && !hasRecurrentHead(mixer)) throw new Error(`conv: ${mixer} has no recurrent head to carry the short convolution`);
  const base = baseShapes(mixer, d);
  if (!conv) return base;
  const bound = 1 / Math.sqrt(CONV_WIDTH);
  return [...base, ...(['cq', 'ck', 'cv'] as const).map((name): TensorShape => ({ name, rows: d, cols: CONV_WIDTH, init: { kind: 'uniform', bound } }))];
}

function baseShapes(mixer: Mixer, d: number): TensorShape[] {
  requirePositiveInteger('d', d);
  const e = headInput(d);
  const shared = [weight('Win', d, 2 * d), fill('gIn', 1, e, 1), fill('gOut', 1, d, 1), weight('Wout', d, d)];
  switch (mixer) {
    case 'attention':
    case 'window':
      return [...shared, ...head(d, '')];
    case 'linear':
      return [...shared, ...head(d, ''), fill('gMix', 1, d, 1)];
    case 'delta':
      return [...shared, ...head(d, ''), ...deltaGates(d)];
    case 'gated':
      return [...shared, ...head(d, ''), ...deltaGates(d), weight('wAlpha', 1, e), dtBias('bAlpha', 1, 1), fill('A', 1, 1, GATE_INIT.A)];
    case 'perChannel':
      return [...shared, ...head(d, ''), ...deltaGates(d), weight('wAlpha', d, e), dtBias('bAlpha', 1, d), fill('A', 1, d, GATE_INIT.A)];
    case 'gdn2':
      // Both gates start at σ(0) = 0.5 on every channel, where β starts: at initialisation it is KDA.
      return [
        ...shared,
        ...head(d, ''),
        fill('gMix', 1, d, 1),
        weight('wErase', d, e),
        fill('bErase', 1, d, GATE_INIT.bBeta),
        weight('wWrite', d, e),
        fill('bWrite', 1, d, GATE_INIT.bBeta),
        weight('wAlpha', d, e),
        dtBias('bAlpha', 1, d),
        fill('A', 1, d, GATE_INIT.A),
      ];
    case 'hybrid':
      return [...shared, ...head(d, ''), ...deltaGates(d), ...head(d, 'a')];
    case 'stack': {
      const s = stackInput(d);
      return [
        ...shared,
        ...head(d, ''),
        ...deltaGates(d),
        fill('gMid', 1, s, 1),
        weight('aWq', d, s),
        weight('aWk', d, s),
        weight('aWv', d, s),
        weight('aWo', d, d),
      ];
    }
  }
}

/**
 * Parameters of `mixer` at width d, drawn from d3-random's LCG seeded with `seed` (its first,
 * seed-linear output skipped, as in ../stream.ts) through ./elementary.ts's normal draws, so a
 * seed gives the same model bit for bit in every engine.
 * A weight matrix of `cols` inputs is drawn N(0, 1/cols); gains start at 1; the gates as GATE_INIT.
 */
export function initParams(mixer: Mixer, d: number, seed: number, conv = false): Params {
  const uniform = randomLcg(seed);
  uniform();
  const normal = normalFrom(uniform);
  const tensors: Tensors = {};
  for (const { name, rows, cols, init } of shapesOf(mixer, d, conv)) {
    const t = new Float64Array(rows * cols);
    if (init.kind === 'fill') t.fill(init.value);
    else if (init.kind === 'uniform') for (let i = 0; i < t.length; i++) t[i] = init.bound * (2 * uniform() - 1);
    else if (init.kind === 'dtBias') {
      const [lo, hi] = [log(GATE_INIT.dtMin), log(GATE_INIT.dtMax)];
      for (let i = 0; i < t.length; i++) t[i] = softplusInverse(exp(lo + (hi - lo) * uniform()));
    } else {
      const sd = 1 / Math.sqrt(cols);
      for (let i = 0; i < t.length; i++) t[i] = sd * normal();
    }
    tensors[name] = t;
  }
  return conv ? { mixer, d, conv, tensors } : { mixer, d, tensors };
}

const like = (p: Params, tensors: Tensors): Params => (p.conv ? { mixer: p.mixer, d: p.d, conv: true, tensors } : { mixer: p.mixer, d: p.d, tensors });

/** A gradient (or an Adam moment) shaped like `p`, all zeros. */
export function zerosLike(p: Params): Params {
  const tensors: Tensors = {};
  for (const name of tensorNames(p)) tensors[name] = new Float64Array(p.tensors[name]!.length);
  return like(p, tensors);
}

/** A deep copy of `p`. */
export function cloneParams(p: Params): Params {
  const tensors: Tensors = {};
  for (const name of tensorNames(p)) tensors[name] = Float64Array.from(p.tensors[name]!);
  return like(p, tensors);
}

/** The names of the tensors `p` holds, in shapesOf order. */
export function tensorNames(p: Params): TensorName[] {
  return shapesOf(p.mixer, p.d, p.conv ?? false)
    .map((s) => s.name)
    .filter((n) => p.tensors[n] !== undefined);
}

/** The tensor `name` of `p`; throws if the mixer has none. */
export function tensor(p: Params, name: TensorName): Float64Array {
  const t = p.tensors[name];
  if (t === undefined) throw new Error(`the ${p.mixer} mixer has no tensor ${name}`);
  return t;
}

/**
 * Numbers each memory keeps at width d over T tokens: d² for a recurrent state; 2dT for
 * attention's cache (a key and a value per token); a window of windowPairs(d) = d/2 tokens holds
 * 2d · d/2 = d²; the hybrid and the stack keep both a state and a cache.
 */
export function stateNumbers(mixer: Mixer, d: number, T: number): number {
  requirePositiveInteger('d', d);
  requirePositiveInteger('T', T);
  switch (mixer) {
    case 'attention':
      return 2 * d * T;
    case 'window':
      return 2 * d * windowPairs(d);
    case 'hybrid':
    case 'stack':
      return d * d + 2 * d * T;
    default:
      return d * d;
  }
}
