/**
 * The `forget` figure's whole computation, done once per (stream, gates): every rule's state
 * after each write, and its read error and cosine over the pairs written so far. The figure
 * then indexes the result by its slider.
 */
import { D as DIM, type Gates, type Rule, checkGates, scoreRead, stepOf, writeAt } from './memory';

// A module-local copy: Vitest's module runner turns each use of an imported binding into a
// getter call, which more than doubled the time of the hot loops below.
const D = DIM;

/** A per-channel gate that keeps every row. */
const OPEN_ROWS: readonly number[] = Object.freeze(Array.from({ length: DIM }, () => 1));

/** The gates at write i (0-based) of a stream: its own where they fire (every write, when it says nothing), open (1) elsewhere. */
export function gatesAtWrite(stream: { gateAt?: readonly boolean[] }, gates: Gates, i: number): Gates {
  if (!stream.gateAt || stream.gateAt[i]) return gates;
  return { beta: gates.beta, alpha: 1, channelAlpha: OPEN_ROWS };
}

/** The pairs a trace writes, in order; a `Stream` is one. */
interface Pairs {
  keys: readonly ArrayLike<number>[];
  values: readonly ArrayLike<number>[];
  /** Where the gates fire (see Stream); absent, before every write. */
  gateAt?: readonly boolean[];
}

interface TraceInput {
  stream: Pairs;
  gates: Gates;
  /** Writes to trace: the first n pairs of the stream, 0 ≤ n ≤ its length. */
  n: number;
}

/**
 * For each rule and each count i = 1..n of writes:
 * - states[rule] holds the n states back to back, the state after i writes at entries
 *   [(i − 1)·64, i·64) (row-major, rows are key channels); `stateAt` gives a view of it;
 * - error[rule][i − 1] = (1/i) Σ_{j≤i} ‖k_j S_i − v_j‖ / ‖v_j‖;
 * - cosine[rule][i − 1] = (1/i) Σ_{j≤i} cos(k_j S_i, v_j).
 */
export interface Trace {
  n: number;
  states: Record<Rule, Float64Array>;
  error: Record<Rule, Float64Array>;
  cosine: Record<Rule, Float64Array>;
}

/** Copies pairs into one flat array (n rows of D), so the inner loops index a single buffer. */
function pack(vectors: readonly ArrayLike<number>[], n: number, name: string): Float64Array {
  const flat = new Float64Array(n * D);
  for (let i = 0; i < n; i++) {
    const x = vectors[i]!;
    if (x.length !== D) throw new RangeError(`${name}[${i}] needs ${D} entries, got ${x.length}`);
    for (let c = 0; c < D; c++) flat[i * D + c] = x[c]!;
  }
  return flat;
}

function checkCount(stream: Pairs, n: number): void {
  const available = Math.min(stream.keys.length, stream.values.length);
  if (!Number.isInteger(n) || n < 0 || n > available) {
    throw new RangeError(`n must be an integer in [0, ${available}], got ${n}`);
  }
}

interface RuleTrace {
  states: Float64Array;
  error: Float64Array;
  cosine: Float64Array;
}

// Outside these bounds the squares below could underflow or overflow; such pairs take the
// careful path of `scoreRead` instead.
const TINY_SQ = 1e-280;
const HUGE_SQ = 1e280;

/**
 * Adds Σ_j ‖k_j S − v_j‖ / ‖v_j‖ to acc[0] and Σ_j cos(k_j S, v_j) to acc[1] over pairs j < count,
 * with S the state at `at`. This is the trace's O(n²·64) hot loop, so it is spelled out for
 * D = 8 and keeps every intermediate in a local; `scoreRead` defines the same scores.
 */
function scorePairs(
  states: Float64Array,
  at: number,
  K: Float64Array,
  V: Float64Array,
  vNorm: Float64Array,
  count: number,
  got: Float64Array,
  acc: Float64Array,
): void {
  acc.fill(0);
  for (let j = 0; j < count; j++) {
    const b = j * D;
    // v̂ = k_j S as eight independent sums, so the additions pipeline instead of chaining.
    let g0 = 0,
      g1 = 0,
      g2 = 0,
      g3 = 0,
      g4 = 0,
      g5 = 0,
      g6 = 0,
      g7 = 0;
    for (let r = 0; r < D; r++) {
      const k = K[b + r]!;
      const s = at + r * D;
      g0 += k * states[s]!;
      g1 += k * states[s + 1]!;
      g2 += k * states[s + 2]!;
      g3 += k * states[s + 3]!;
      g4 += k * states[s + 4]!;
      g5 += k * states[s + 5]!;
      g6 += k * states[s + 6]!;
      g7 += k * states[s + 7]!;
    }
    const e0 = g0 - V[b]!,
      e1 = g1 - V[b + 1]!,
      e2 = g2 - V[b + 2]!,
      e3 = g3 - V[b + 3]!;
    const e4 = g4 - V[b + 4]!,
      e5 = g5 - V[b + 5]!,
      e6 = g6 - V[b + 6]!,
      e7 = g7 - V[b + 7]!;
    const miss = e0 * e0 + e1 * e1 + (e2 * e2 + e3 * e3) + (e4 * e4 + e5 * e5 + (e6 * e6 + e7 * e7));
    const readSq = g0 * g0 + g1 * g1 + (g2 * g2 + g3 * g3) + (g4 * g4 + g5 * g5 + (g6 * g6 + g7 * g7));
    const dot = g0 * V[b]! + g1 * V[b + 1]! + (g2 * V[b + 2]! + g3 * V[b + 3]!) + (g4 * V[b + 4]! + g5 * V[b + 5]! + (g6 * V[b + 6]! + g7 * V[b + 7]!));
    const norm = vNorm[j]!;
    if (readSq > TINY_SQ && readSq < HUGE_SQ && norm * norm > TINY_SQ && norm * norm < HUGE_SQ) {
      acc[0]! += Math.sqrt(miss) / norm;
      acc[1]! += dot / (Math.sqrt(readSq) * norm);
    } else {
      for (let c = 0; c < D; c++) {
        got[c] = 0;
        for (let r = 0; r < D; r++) got[c]! += K[b + r]! * states[at + r * D + c]!;
      }
      scoreRead(got, V, b, acc);
    }
  }
}

function norms(V: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const b = j * D;
    out[j] = Math.hypot(V[b]!, V[b + 1]!, V[b + 2]!, V[b + 3]!, V[b + 4]!, V[b + 5]!, V[b + 6]!, V[b + 7]!);
  }
  return out;
}

/**
 * The recurrence S_i = step_i(S_{i−1}, k_i, v_i) from S_0 = 0, scoring all pairs j ≤ i after each
 * write; step_i decays by the gates where they fire and is an open gate (1) elsewhere.
 */
function traceRule(rule: Rule, gates: Gates, K: Float64Array, V: Float64Array, vNorm: Float64Array, n: number, gateAt?: readonly boolean[]): RuleTrace {
  const gated = stepOf(rule, gates);
  const open = stepOf(rule, { beta: gates.beta, alpha: 1, channelAlpha: OPEN_ROWS });
  const states = new Float64Array(n * D * D);
  const error = new Float64Array(n);
  const cosine = new Float64Array(n);
  const zero = new Float64Array(D * D);
  const got = new Float64Array(D);
  const acc = new Float64Array(2);
  for (let i = 0; i < n; i++) {
    const at = i * D * D;
    const step = gateAt && !gateAt[i] ? open : gated;
    if (i === 0) writeAt(step, zero, 0, K, 0, V, 0, states, at);
    else writeAt(step, states, at - D * D, K, i * D, V, i * D, states, at);
    scorePairs(states, at, K, V, vNorm, i + 1, got, acc);
    error[i] = acc[0]! / (i + 1);
    cosine[i] = acc[1]! / (i + 1);
  }
  return { states, error, cosine };
}

/** Runs every rule over the first n pairs of the stream. */
export function trace({ stream, gates, n }: TraceInput): Trace {
  checkGates(gates);
  checkCount(stream, n);
  const K = pack(stream.keys, n, 'keys');
  const V = pack(stream.values, n, 'values');
  const vNorm = norms(V, n);
  const traced = byRule((rule) => traceRule(rule, gates, K, V, vNorm, n, stream.gateAt));
  return {
    n,
    states: byRule((rule) => traced[rule].states),
    error: byRule((rule) => traced[rule].error),
    cosine: byRule((rule) => traced[rule].cosine),
  };
}

function byRule<T>(f: (rule: Rule) => T): Record<Rule, T> {
  return { additive: f('additive'), delta: f('delta'), gatedDelta: f('gatedDelta'), perChannelGated: f('perChannelGated') };
}

function checkIndex(t: Trace, i: number): void {
  if (!Number.isInteger(i) || i < 1 || i > t.n) {
    throw new RangeError(`write count must be an integer in [1, ${t.n}], got ${i}`);
  }
}

/** The state after i writes (1 ≤ i ≤ n), a view into the trace: read it, do not write to it. */
export function stateAt(t: Trace, rule: Rule, i: number): Float64Array {
  checkIndex(t, i);
  return t.states[rule].subarray((i - 1) * D * D, i * D * D);
}

/** The read error after i writes, over those i pairs. */
export function errorAt(t: Trace, rule: Rule, i: number): number {
  checkIndex(t, i);
  return t.error[rule][i - 1]!;
}

/** The mean cosine after i writes, over those i pairs. */
export function cosineAt(t: Trace, rule: Rule, i: number): number {
  checkIndex(t, i);
  return t.cosine[rule][i - 1]!;
}
