/**
 * The seeded write streams of the `forget` figure (math.md §5.3): `capacity` overloads the
 * memory with random keys; `orthogonal` gives each pair a key channel of its own, in turn, so
 * the ninth pair must reuse the first one's (math.md §5.1–5.2: orthogonal keys are the only
 * way eight channels hold eight pairs exactly); `lifetimes` writes a few slow facts, then many
 * fast ones elsewhere; `phases` is built to show each rule win where it should and pay where it
 * must (./phases.ts): facts that fit, a context that overloads and rewrites its keys, then a new
 * context, at whose first pair the gated rules' gates fire.
 */
import { randomLcg, randomNormal } from 'd3-random';
import { D, SLOW_CHANNELS } from './memory';

export type StreamKind = 'phases' | 'capacity' | 'orthogonal' | 'lifetimes';

export const STREAM_KINDS: readonly StreamKind[] = Object.freeze(['phases', 'capacity', 'orthogonal', 'lifetimes']);

/**
 * The phases stream, in order: the slow facts (one-hot keys on channels 0..3); context 0, whose
 * `fresh` pairs have random keys on the fast channels 4..7 and whose first `rewrites` keys are
 * then written again with new values; then context 1 the same way. The gates fire at context 1's
 * first pair, as a gate computed from each token would at a change of context.
 */
export const PHASES: Readonly<{ contexts: readonly Readonly<{ fresh: number; rewrites: number }>[] }> = Object.freeze({
  contexts: Object.freeze([Object.freeze({ fresh: 8, rewrites: 4 }), Object.freeze({ fresh: 3, rewrites: 1 })]),
});

/** Pairs in the whole phases stream: the slow facts and every context's writes. */
export const PHASES_LENGTH = SLOW_CHANNELS + PHASES.contexts.reduce((sum, c) => sum + c.fresh + c.rewrites, 0);

/** The pair (counted from 1) at which the phases stream's second context begins and the gates fire. */
export const PHASES_SWITCH = SLOW_CHANNELS + PHASES.contexts[0]!.fresh + PHASES.contexts[0]!.rewrites + 1;

/** The longest stream of each kind: the phases stream ends; the others run to the figure's far end. */
export function streamLength(kind: StreamKind, open = 128): number {
  return kind === 'phases' ? PHASES_LENGTH : open;
}

/** The lifetimes stream opens with this many slow facts, one-hot on channels 0..3 in order. */
export const SLOW_FACTS = SLOW_CHANNELS;

/** Seeds are integers in [0, 2^32): each gives a distinct generator. */
export const MAX_SEED = 2 ** 32 - 1;

interface StreamSpec {
  kind: StreamKind;
  /** An integer in [0, MAX_SEED]. */
  seed: number;
  /** Number of (key, value) pairs, a non-negative integer. */
  length: number;
}

export interface Stream {
  keys: Float64Array[];
  values: Float64Array[];
  /** slow[i] marks the slow facts of the lifetimes and phases streams; always false for capacity. */
  slow: boolean[];
  /**
   * Where the gated rules' gates fire: before write i when gateAt[i]; between them the gates stay
   * open (1). Absent, they fire before every write.
   */
  gateAt?: boolean[];
  /** The phases stream's pairs: which key each writes (a rewrite repeats an earlier pair's) and in which context (−1 for a slow fact). */
  phase?: { keyOf: number[]; context: number[] };
}

type Draw = () => number;

/** A standard normal draw from d3-random's LCG, advanced past its seed-linear first output. */
function normalSource(seed: number): Draw {
  const uniform = randomLcg(seed);
  // The LCG's first output moves by only 1664525/2^32 ≈ 0.0004 per unit of seed, so seeds
  // 1..500 would all open with nearly the same draw; from the second output on they are spread.
  uniform();
  return randomNormal.source(uniform)(0, 1);
}

/** A random unit vector on channels [from, to): a normalised Gaussian, zero elsewhere. */
function unitVector(normal: Draw, from: number, to: number): Float64Array {
  const x = new Float64Array(D);
  let norm = 0;
  while (norm === 0) {
    for (let c = from; c < to; c++) x[c] = normal();
    norm = Math.hypot(...x);
  }
  for (let c = from; c < to; c++) x[c]! /= norm;
  return x;
}

function oneHot(channel: number): Float64Array {
  const x = new Float64Array(D);
  x[channel] = 1;
  return x;
}

function checkSpec({ kind, seed, length }: StreamSpec): void {
  if (!STREAM_KINDS.includes(kind)) throw new RangeError(`unknown stream kind ${String(kind)}`);
  if (kind === 'phases' && length > PHASES_LENGTH) throw new RangeError(`the phases stream has ${PHASES_LENGTH} pairs, asked for ${length}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new RangeError(`seed must be an integer in [0, ${MAX_SEED}], got ${seed}`);
  }
  if (!Number.isInteger(length) || length < 0) {
    throw new RangeError(`length must be a non-negative integer, got ${length}`);
  }
}

/**
 * A deterministic stream for (kind, seed). Pairs are drawn in order (key, then value), so a
 * prefix of a longer stream equals the shorter stream.
 * capacity: keys and values are random unit vectors on all D channels.
 * orthogonal: pair i's key is one-hot on channel i mod D; values are random unit vectors.
 * lifetimes: pairs 0..3 are slow facts with one-hot keys on channels 0..3; every later key is a
 * random unit vector on the fast channels 4..7 only; values are random unit vectors on all channels.
 */
export function makeStream(spec: StreamSpec): Stream {
  checkSpec(spec);
  if (spec.kind === 'phases') return phasesStream(spec.seed, spec.length);
  const normal = normalSource(spec.seed);
  const stream: Stream = { keys: [], values: [], slow: [] };
  for (let i = 0; i < spec.length; i++) {
    const slow = spec.kind === 'lifetimes' && i < SLOW_FACTS;
    const key =
      spec.kind === 'capacity'
        ? unitVector(normal, 0, D)
        : spec.kind === 'orthogonal'
          ? oneHot(i % D)
          : slow
            ? oneHot(i)
            : unitVector(normal, SLOW_CHANNELS, D);
    stream.keys.push(key);
    stream.values.push(unitVector(normal, 0, D));
    stream.slow.push(slow);
  }
  return stream;
}

/**
 * phases: pairs 0..3 are slow facts, one-hot on channels 0..3; then each context of PHASES in
 * turn: its fresh pairs, keys random unit vectors on the fast channels 4..7, then its first
 * `rewrites` keys again, each with a new value. Values are random unit vectors on all channels.
 * The gates fire at the first pair of every context after the first.
 */
function phasesStream(seed: number, length: number): Stream {
  const normal = normalSource(seed);
  const stream: Stream = { keys: [], values: [], slow: [], gateAt: [], phase: { keyOf: [], context: [] } };
  const push = (key: Float64Array, keyOf: number, context: number, gate: boolean) => {
    if (stream.keys.length >= length) return;
    stream.keys.push(key);
    stream.values.push(unitVector(normal, 0, D));
    stream.slow.push(context < 0);
    stream.gateAt!.push(gate);
    stream.phase!.keyOf.push(keyOf);
    stream.phase!.context.push(context);
  };
  for (let i = 0; i < SLOW_FACTS; i++) push(oneHot(i), i, -1, false);
  PHASES.contexts.forEach(({ fresh, rewrites }, context) => {
    const first = stream.keys.length;
    for (let j = 0; j < fresh && stream.keys.length < length; j++) push(unitVector(normal, SLOW_CHANNELS, D), first + j, context, context > 0 && j === 0);
    for (let j = 0; j < rewrites && stream.keys.length < length; j++) push(stream.keys[first + j]!, first + j, context, false);
  });
  return stream;
}
