/**
 * A recurrent head of width d (linear attention, DeltaNet, Gated DeltaNet, KDA, Gated DeltaNet-2) from the normed
 * input h (T × headInput(d): the whole token) to its output, forward and backward. q = L2(W_q h), k = L2(W_k h), v = W_v h; with
 * the short convolution (p.conv), q = L2(conv_q(W_q h)), k = L2(conv_k(W_k h)), v = conv_v(W_v h), each conv causal and
 * depthwise over CONV_WIDTH tokens, as fla's ShortConvolution but without its SiLU; β = σ(w_β·h + b_β); gated: α = exp(g) with
 * g = −e^A softplus(w_α·h + b_α), one per token; perChannel: the same per key channel, W_α h + b_α;
 * gdn2: perChannel's decay, with an erase gate σ(W_b h + b_b) per key channel and a write gate
 * σ(W_w h + b_w) per value channel in place of β.
 * The state's read o = q S is unscaled (fla would scale q by d^−½) and goes through a per-head
 * RMSNorm with a gain before W_o, as in fla's and Zoology's DeltaNet and GDN layers; the norm
 * also stands in for linear attention's dropped denominator (research §3).
 */
import { CONV_WIDTH, headInput, type Params, type TensorName, tensor } from './params';
import { linear, linearBackward, l2Rows, l2RowsBackward, rmsRow, rmsRowBackward, sigmoid, softplus } from './ops';
import { type Recurrence, type RecurrenceInput, recurrenceBackward, recurrenceForward } from './recurrence';
import { exp } from './elementary';

export interface RecurrentBuffers {
  input: RecurrenceInput;
  /** W_q h, W_k h and W_v h before the short convolution, where it runs (T × d each). */
  qLin: Float64Array;
  kLin: Float64Array;
  vLin: Float64Array;
  qPre: Float64Array;
  kPre: Float64Array;
  rq: Float64Array;
  rk: Float64Array;
  zBeta: Float64Array;
  zAlpha: Float64Array;
  /** Gated DeltaNet-2's erase and write gates before their sigmoid (T × d; empty for the others). */
  zErase: Float64Array;
  zWrite: Float64Array;
  g: Float64Array;
  states: Float64Array;
  U: Float64Array;
  oRaw: Float64Array;
  nMix: Float64Array;
  rMix: Float64Array;
  m: Float64Array;
  out: Float64Array;
  dm: Float64Array;
  doRaw: Float64Array;
  /** ∂L/∂(W_v h) before the short convolution (T × d). */
  dLin: Float64Array;
  dq: Float64Array;
  dk: Float64Array;
  dv: Float64Array;
  dBeta: Float64Array;
  dAlpha: Float64Array;
  dErase: Float64Array;
  dWrite: Float64Array;
  G: Float64Array;
}

/** Buffers for sequences of up to T tokens. */
export function recurrentBuffers(kind: Recurrence, d: number, T: number): RecurrentBuffers {
  const f = (n: number) => new Float64Array(n);
  const gates = kind === 'perChannel' || kind === 'gdn2' ? T * d : T;
  const two = kind === 'gdn2' ? T * d : 0;
  return {
    input: { kind, d, T, q: f(T * d), k: f(T * d), v: f(T * d), beta: f(T), alpha: f(gates), erase: f(two), write: f(two) },
    qLin: f(T * d),
    kLin: f(T * d),
    vLin: f(T * d),
    qPre: f(T * d),
    kPre: f(T * d),
    rq: f(T),
    rk: f(T),
    zBeta: f(T),
    zAlpha: f(gates),
    zErase: f(two),
    zWrite: f(two),
    g: f(gates),
    states: f((T + 1) * d * d),
    U: f(T * d),
    oRaw: f(T * d),
    nMix: f(T * d),
    rMix: f(T),
    m: f(T * d),
    out: f(T * d),
    dm: f(T * d),
    doRaw: f(T * d),
    dLin: f(T * d),
    dq: f(T * d),
    dk: f(T * d),
    dv: f(T * d),
    dBeta: f(T),
    dAlpha: f(gates),
    dErase: f(two),
    dWrite: f(two),
    G: f(d * d),
  };
}

const dot = (w: Float64Array, w0: number, h: Float64Array, h0: number, d: number) => {
  let s = 0;
  for (let i = 0; i < d; i++) s += w[w0 + i]! * h[h0 + i]!;
  return s;
};

/** Y[t, i] = Σ_j c[i, j] X[t − j, i] over j < CONV_WIDTH and t − j ≥ 0: causal and depthwise. */
function convForward(c: Float64Array, X: Float64Array, T: number, d: number, Y: Float64Array): void {
  for (let t = 0; t < T; t++)
    for (let i = 0; i < d; i++) {
      let s = 0;
      for (let j = 0; j < CONV_WIDTH && j <= t; j++) s += c[i * CONV_WIDTH + j]! * X[(t - j) * d + i]!;
      Y[t * d + i] = s;
    }
}

/** Adds the taps' gradients into dc and ∂L/∂X into dX (zeroed here), from ∂L/∂Y. */
function convBackward(c: Float64Array, X: Float64Array, dY: Float64Array, T: number, d: number, dc: Float64Array, dX: Float64Array): void {
  dX.fill(0, 0, T * d);
  for (let t = 0; t < T; t++)
    for (let i = 0; i < d; i++) {
      const g = dY[t * d + i]!;
      for (let j = 0; j < CONV_WIDTH && j <= t; j++) {
        dc[i * CONV_WIDTH + j]! += g * X[(t - j) * d + i]!;
        dX[(t - j) * d + i]! += g * c[i * CONV_WIDTH + j]!;
      }
    }
}

const CONVS = [
  ['cq', 'qLin'],
  ['ck', 'kLin'],
  ['cv', 'vLin'],
] as const satisfies readonly (readonly [TensorName, 'qLin' | 'kLin' | 'vLin'])[];

/** The head's output for T tokens of h (T × d) into b.out. */
export function recurrentForward(p: Params, h: Float64Array, T: number, b: RecurrentBuffers): void {
  const d = p.d;
  const e = headInput(d);
  const x = b.input;
  x.T = T;
  if (p.conv) {
    linear(tensor(p, 'Wq'), d, e, h, T, b.qLin);
    linear(tensor(p, 'Wk'), d, e, h, T, b.kLin);
    linear(tensor(p, 'Wv'), d, e, h, T, b.vLin);
    convForward(tensor(p, 'cq'), b.qLin, T, d, b.qPre);
    convForward(tensor(p, 'ck'), b.kLin, T, d, b.kPre);
    convForward(tensor(p, 'cv'), b.vLin, T, d, x.v);
  } else {
    linear(tensor(p, 'Wq'), d, e, h, T, b.qPre);
    linear(tensor(p, 'Wk'), d, e, h, T, b.kPre);
    linear(tensor(p, 'Wv'), d, e, h, T, x.v);
  }
  l2Rows(b.qPre, T, d, x.q, b.rq);
  l2Rows(b.kPre, T, d, x.k, b.rk);
  if (x.kind !== 'linear' && x.kind !== 'gdn2') {
    const w = tensor(p, 'wBeta');
    const bias = tensor(p, 'bBeta')[0]!;
    for (let t = 0; t < T; t++) {
      b.zBeta[t] = dot(w, 0, h, t * e, e) + bias;
      x.beta[t] = sigmoid(b.zBeta[t]!);
    }
  }
  if (x.kind === 'gdn2') {
    // One erase gate per key channel and one write gate per value channel, each σ(W h + b).
    for (const [wName, bName, z, out] of [
      ['wErase', 'bErase', b.zErase, x.erase],
      ['wWrite', 'bWrite', b.zWrite, x.write],
    ] as const) {
      const w = tensor(p, wName);
      const bias = tensor(p, bName);
      for (let t = 0; t < T; t++) {
        for (let i = 0; i < d; i++) {
          z[t * d + i] = dot(w, i * e, h, t * e, e) + bias[i]!;
          out[t * d + i] = sigmoid(z[t * d + i]!);
        }
      }
    }
  }
  if (x.kind === 'gated' || x.kind === 'perChannel' || x.kind === 'gdn2') {
    const n = x.kind === 'gated' ? 1 : d;
    const w = tensor(p, 'wAlpha');
    const bias = tensor(p, 'bAlpha');
    const A = tensor(p, 'A');
    for (let t = 0; t < T; t++) {
      for (let i = 0; i < n; i++) {
        const z = dot(w, i * e, h, t * e, e) + bias[i]!;
        const g = -exp(A[i]!) * softplus(z);
        b.zAlpha[t * n + i] = z;
        b.g[t * n + i] = g;
        x.alpha[t * n + i] = exp(g);
      }
    }
  }
  recurrenceForward(x, b.states, b.U, b.oRaw);
  const gMix = tensor(p, 'gMix');
  for (let t = 0; t < T; t++) rmsRow(b.oRaw, t * d, d, gMix, b.nMix, b.rMix, t, b.m, t * d);
  linear(tensor(p, 'Wo'), d, d, b.m, T, b.out);
}

/** Accumulates the head's parameter gradients into `grad` and ∂L/∂h into dH, given ∂L/∂out (T × d). */
export function recurrentBackward(p: Params, h: Float64Array, T: number, b: RecurrentBuffers, dOut: Float64Array, grad: Params, dH: Float64Array): void {
  const d = p.d;
  const e = headInput(d);
  const x = b.input;
  b.dm.fill(0, 0, T * d);
  linearBackward(tensor(p, 'Wo'), d, d, b.m, dOut, T, tensor(grad, 'Wo'), b.dm);
  b.doRaw.fill(0, 0, T * d);
  const gMix = tensor(p, 'gMix');
  const dgMix = tensor(grad, 'gMix');
  for (let t = 0; t < T; t++) rmsRowBackward(b.dm, t * d, d, gMix, b.nMix, b.rMix, t, dgMix, b.doRaw, t * d);
  recurrenceBackward(x, b.states, b.U, b.doRaw, b, b.G);
  if (x.kind === 'gdn2') {
    for (const [wName, bName, gate, dGate] of [
      ['wErase', 'bErase', x.erase, b.dErase],
      ['wWrite', 'bWrite', x.write, b.dWrite],
    ] as const) {
      const w = tensor(p, wName);
      const dw = tensor(grad, wName);
      const db = tensor(grad, bName);
      for (let t = 0; t < T; t++) {
        for (let i = 0; i < d; i++) {
          const s = gate[t * d + i]!;
          const dz = dGate[t * d + i]! * s * (1 - s);
          db[i]! += dz;
          for (let c = 0; c < e; c++) {
            dw[i * e + c]! += dz * h[t * e + c]!;
            dH[t * e + c]! += dz * w[i * e + c]!;
          }
        }
      }
    }
  }
  if (x.kind !== 'linear' && x.kind !== 'gdn2') {
    const w = tensor(p, 'wBeta');
    const dw = tensor(grad, 'wBeta');
    const db = tensor(grad, 'bBeta');
    for (let t = 0; t < T; t++) {
      const beta = x.beta[t]!;
      const dz = b.dBeta[t]! * beta * (1 - beta);
      db[0]! += dz;
      for (let i = 0; i < e; i++) {
        dw[i]! += dz * h[t * e + i]!;
        dH[t * e + i]! += dz * w[i]!;
      }
    }
  }
  if (x.kind === 'gated' || x.kind === 'perChannel' || x.kind === 'gdn2') {
    const n = x.kind === 'gated' ? 1 : d;
    const w = tensor(p, 'wAlpha');
    const A = tensor(p, 'A');
    const dw = tensor(grad, 'wAlpha');
    const db = tensor(grad, 'bAlpha');
    const dA = tensor(grad, 'A');
    for (let t = 0; t < T; t++) {
      for (let i = 0; i < n; i++) {
        const j = t * n + i;
        // α = e^g: dg = dα α; g = −e^A softplus(z): dA = dg g, dz = −dg e^A σ(z).
        const dg = b.dAlpha[j]! * x.alpha[j]!;
        dA[i]! += dg * b.g[j]!;
        const dz = -dg * exp(A[i]!) * sigmoid(b.zAlpha[j]!);
        db[i]! += dz;
        for (let c = 0; c < e; c++) {
          dw[i * e + c]! += dz * h[t * e + c]!;
          dH[t * e + c]! += dz * w[i * e + c]!;
        }
      }
    }
  }
  l2RowsBackward(b.dq, x.q, b.rq, T, d);
  l2RowsBackward(b.dk, x.k, b.rk, T, d);
  if (p.conv) {
    // Through each convolution to W h: dq, dk, dv become the gradients before it, kept in dm, doRaw and dLin.
    const before = { cq: b.dm, ck: b.doRaw, cv: b.dLin };
    const after = { cq: b.dq, ck: b.dk, cv: b.dv };
    for (const [c, lin] of CONVS) convBackward(tensor(p, c), b[lin], after[c], T, d, tensor(grad, c), before[c]);
    linearBackward(tensor(p, 'Wq'), d, e, h, b.dm, T, tensor(grad, 'Wq'), dH);
    linearBackward(tensor(p, 'Wk'), d, e, h, b.doRaw, T, tensor(grad, 'Wk'), dH);
    linearBackward(tensor(p, 'Wv'), d, e, h, b.dLin, T, tensor(grad, 'Wv'), dH);
    return;
  }
  linearBackward(tensor(p, 'Wq'), d, e, h, b.dq, T, tensor(grad, 'Wq'), dH);
  linearBackward(tensor(p, 'Wk'), d, e, h, b.dk, T, tensor(grad, 'Wk'), dH);
  linearBackward(tensor(p, 'Wv'), d, e, h, b.dv, T, tensor(grad, 'Wv'), dH);
}
