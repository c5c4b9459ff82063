/**
 * The seeded write streams of the `forget` figure (math.md §5.3): `capacity` overloads the
 * memory with random keys; `orthogonal` gives each pair a key channel of its own, in turn, so
 * the ninth pair must reuse the first one's (math.md §5.1–5.2: orthogonal keys are the only
 * way eight channels hold eight pairs exactly); `lifetimes` writes a few slow facts, then many
 * fast ones elsewhere.
 */
import { randomLcg, randomNormal } from 'd3-random';
import { D, SLOW_CHANNELS } from './memory';

export type StreamKind = 'capacity' | 'orthogonal' | 'lifetimes';

export const STREAM_KINDS: readonly StreamKind[] = Object.freeze(['capacity', 'orthogonal', 'lifetimes']);

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
  /** slow[i] marks the slow facts of the lifetimes stream; always false for capacity. */
  slow: boolean[];
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
