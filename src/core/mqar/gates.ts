/**
 * What a trained recurrent memory computed, token by token, on one sequence: its gates, the state
 * after each token, and its answer at each query. The forward pass runs once with a tape; each gate
 * is then computed again from the tape's pre-activations by the functions the forward uses
 * (./recurrentHead.ts): β = σ(z_β); α = exp(−e^A · softplus(z_α)), one for gated, one per key
 * channel for perChannel and gdn2; GDN-2's erase gate b = σ(z_b) per key channel and write gate
 * w = σ(z_w) per value channel. So they equal the gates the forward used to the last bit.
 */
import { exp } from './elementary';
import { forward } from './model';
import { sigmoid, softplus } from './ops';
import { type Params, tensor } from './params';
import { batch, embeddings, type MqarStream, type Sequence, partSeed } from './task';

/** A token's part in its sequence: a first write of its key, a later write of a key written before, the separator, or a query. */
export type TokenKind = 'write' | 'rewrite' | 'separator' | 'query';

export interface QueryAnswer {
  /** The index of the value the memory picked: the largest logit, a tie to the first candidate, as the forward scores it. */
  predicted: number;
  /** The index of the right value. */
  label: number;
  right: boolean;
  /** The softmax probability given to the right value. */
  probability: number;
}

export interface TokenTrace {
  t: number;
  kind: TokenKind;
  /** The token's key index in the embeddings (−1 for the separator). */
  key: number;
  /** β_t, or null where the rule has none (linear, gdn2). */
  beta: number | null;
  /** α_t: one entry for gated, d (one per key channel) for perChannel and gdn2; null for linear and delta. */
  alpha: Float64Array | null;
  /** GDN-2's erase gate b_t (per key channel) and write gate w_t (per value channel), d each; null for the others. */
  erase: Float64Array | null;
  write: Float64Array | null;
  /** The head's key and value at t (d each): k after its L2 norm, v as the recurrence reads them. */
  k: Float64Array;
  v: Float64Array;
  /** The state after the token, d × d row-major, rows as key channels (a read is k S). */
  state: Float64Array;
  /** The memory's answer where the token is a query, else null. */
  answer: QueryAnswer | null;
}

export interface GateTrace {
  mixer: Params['mixer'];
  d: number;
  tokens: TokenTrace[];
  /** Where keyIds is −1, or null where the sequence has no separator. */
  separator: number | null;
  /** Queries answered right, and their share. */
  correct: number;
  accuracy: number;
}

const RECURRENT = new Set<Params['mixer']>(['linear', 'delta', 'gated', 'perChannel', 'gdn2']);

/** Each token's kind, from keyIds and the queries alone. */
export function tokenKinds(seq: Pick<Sequence, 'T' | 'keyIds' | 'queries'>): TokenKind[] {
  const queried = new Set(seq.queries);
  const written = new Set<number>();
  const kinds: TokenKind[] = [];
  for (let t = 0; t < seq.T; t++) {
    const key = seq.keyIds[t]!;
    if (key === -1) kinds.push('separator');
    else if (queried.has(t)) kinds.push('query');
    else {
      kinds.push(written.has(key) ? 'rewrite' : 'write');
      written.add(key);
    }
  }
  return kinds;
}

/** The gates, states and answers of the recurrent memory `p` on `seq`, scored against `values` (candidates × d). */
export function gateTrace(p: Params, seq: Sequence, values: Float64Array): GateTrace {
  if (!RECURRENT.has(p.mixer)) throw new Error(`gateTrace: ${p.mixer} is not a recurrent memory (linear, delta, gated, perChannel, gdn2)`);
  if (seq.keyIds.length !== seq.T) throw new RangeError(`keyIds needs ${seq.T} entries, got ${seq.keyIds.length}`);
  const tape = forward(p, seq, values);
  const b = tape.buffers.recurrent!;
  const { d } = p;
  const dd = d * d;
  const C = tape.candidates;
  const { mixer } = p;
  const hasBeta = mixer === 'delta' || mixer === 'gated' || mixer === 'perChannel';
  const decays = mixer === 'gated' ? 1 : mixer === 'perChannel' || mixer === 'gdn2' ? d : 0;
  const A = decays > 0 ? tensor(p, 'A') : null;
  const kinds = tokenKinds(seq);
  const queryOf = new Map(Array.from(seq.queries, (t, j) => [t, j] as const));
  const sigmoids = (z: Float64Array, t: number) => Float64Array.from({ length: d }, (_, i) => sigmoid(z[t * d + i]!));
  let correct = 0;
  const tokens = kinds.map((kind, t): TokenTrace => {
    let alpha: Float64Array | null = null;
    if (A !== null) {
      alpha = new Float64Array(decays);
      for (let i = 0; i < decays; i++) {
        const g = -exp(A[i]!) * softplus(b.zAlpha[t * decays + i]!);
        alpha[i] = exp(g);
      }
    }
    const j = queryOf.get(t);
    let answer: QueryAnswer | null = null;
    if (j !== undefined) {
      // The logits again, summed in the forward's order, for its argmax (the tape keeps only their softmax).
      const z0 = j * d;
      let max = -Infinity;
      let predicted = 0;
      for (let c = 0; c < C; c++) {
        let logit = 0;
        for (let i = 0; i < d; i++) logit += tape.out[z0 + i]! * values[c * d + i]!;
        if (logit > max) {
          max = logit;
          predicted = c;
        }
      }
      const label = seq.labels[j]!;
      const right = predicted === label;
      if (right) correct += 1;
      answer = { predicted, label, right, probability: tape.probs[j * C + label]! };
    }
    return {
      t,
      kind,
      key: seq.keyIds[t]!,
      beta: hasBeta ? sigmoid(b.zBeta[t]!) : null,
      alpha,
      erase: mixer === 'gdn2' ? sigmoids(b.zErase, t) : null,
      write: mixer === 'gdn2' ? sigmoids(b.zWrite, t) : null,
      k: b.input.k.slice(t * d, (t + 1) * d),
      v: b.input.v.slice(t * d, (t + 1) * d),
      // states holds S_0 = 0 first, so the state after token t is S_{t+1}.
      state: b.states.slice((t + 1) * dd, (t + 2) * dd),
      answer,
    };
  });
  const separator = kinds.indexOf('separator');
  return { mixer, d, tokens, separator: separator < 0 ? null : separator, correct, accuracy: correct / seq.queries.length };
}

/** The candidate values and the validation or test sequences a cell is scored on, drawn as ./run.ts's finish draws them. */
export function cellSequences(
  spec: { stream: MqarStream; kv: number; d: number; candidates: number; keys: number; seed: number; evalSize: number },
  part: 'validation' | 'test',
): { values: Float64Array; sequences: Sequence[] } {
  const e = embeddings(spec.d, spec.keys, spec.candidates, partSeed(spec.seed, 'embeddings'));
  return { values: e.values, sequences: batch(e, spec.stream, spec.kv, spec.evalSize, partSeed(spec.seed, part)) };
}

/** A gate at the separator and at the writes, each a number over the traces (see gateSummary). */
export interface GateAt {
  separator: number | null;
  writes: number;
}

export interface GateSummary {
  /** Sequences and write tokens (writes and rewrites, before and after the separator) summed over. */
  sequences: number;
  writeTokens: number;
  /** Queries answered right over all queries. */
  accuracy: number;
  beta: GateAt | null;
  /** α's mean over its channels; for per-channel rules also its min over channels. */
  alpha: GateAt | null;
  alphaMin: GateAt | null;
  erase: GateAt | null;
  write: GateAt | null;
}

const meanOf = (x: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]!;
  return s / x.length;
};
const minOf = (x: ArrayLike<number>) => {
  let m = Infinity;
  for (let i = 0; i < x.length; i++) m = Math.min(m, x[i]!);
  return m;
};

/** The middle of x once sorted, or the mean of the two middle entries where x has an even count. */
export function median(x: readonly number[]): number {
  if (x.length === 0) throw new RangeError('the median of no numbers');
  const s = Float64Array.from(x).sort();
  const h = s.length >> 1;
  return s.length % 2 === 1 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}

/**
 * For each gate, reduced over its channels per token (mean, or min): `separator` is the mean over
 * the traces of that number at the separator (null where a trace has none), `writes` the median of
 * it over every write and rewrite token of every trace, pooled.
 */
export function gateSummary(traces: readonly GateTrace[]): GateSummary {
  if (traces.length === 0) throw new RangeError('gateSummary needs at least one trace');
  const writes = traces.flatMap((tr) => tr.tokens.filter((x) => x.kind === 'write' || x.kind === 'rewrite'));
  const seps = traces.map((tr) => (tr.separator === null ? null : tr.tokens[tr.separator]!));
  const at = (gate: (x: TokenTrace) => number | null): GateAt | null => {
    if (gate(traces[0]!.tokens[0]!) === null) return null;
    const s = seps.every((x) => x !== null) ? meanOf(seps.map((x) => gate(x!)!)) : null;
    return { separator: s, writes: median(writes.map((x) => gate(x)!)) };
  };
  const vec = (f: (x: ArrayLike<number>) => number, pick: (x: TokenTrace) => Float64Array | null) => (x: TokenTrace) => {
    const v = pick(x);
    return v === null ? null : f(v);
  };
  const channels = traces[0]!.tokens[0]!.alpha?.length ?? 0;
  let correct = 0;
  let queries = 0;
  for (const tr of traces)
    for (const x of tr.tokens)
      if (x.answer !== null) {
        queries += 1;
        if (x.answer.right) correct += 1;
      }
  return {
    sequences: traces.length,
    writeTokens: writes.length,
    accuracy: correct / queries,
    beta: at((x) => x.beta),
    alpha: at(vec(meanOf, (x) => x.alpha)),
    alphaMin: channels > 1 ? at(vec(minOf, (x) => x.alpha)) : null,
    erase: at(vec(meanOf, (x) => x.erase)),
    write: at(vec(meanOf, (x) => x.write)),
  };
}
