/**
 * Multi-query associative recall (MQAR) on continuous inputs, after Zoology's `continuous_mqar`
 * (research/mqar-browser.md §1): fixed random unit embeddings, and seeded sequences of three
 * streams (plain, rewrite, switch) on which a reader trains small memories in the browser.
 *
 * Every memory gets the same inputs, and none gets a position signal: a token is [key ‖ value]
 * (a write), [key ‖ 0] (a query) or the separator, and nothing else. So a single layer of softmax
 * attention with no position signal cannot tell the later of two writes of one key: its output at
 * a query is a function of the set of tokens before it, and the swapped order (the same two
 * writes, the other one last) is just as likely and has the other answer. The rewrite stream,
 * and the reused keys of the switch stream, are hard for such attention by construction: at best
 * it is right half the time on them. (A deeper causal stack can recover some order from the mask.)
 */
import { randomLcg } from 'd3-random';
import { normalFrom } from './elementary';
import { requirePositiveInteger } from '../checks';

export type MqarStream = 'plain' | 'rewrite' | 'switch';

export const MQAR_STREAMS: readonly MqarStream[] = Object.freeze(['plain', 'rewrite', 'switch']);

export interface MqarSpec {
  stream: MqarStream;
  kv: number;
  d: number;
  candidates: number;
  seed: number;
}

/** What each stream tests, one sentence each, for the page. */
export const STREAM_TESTS: Record<MqarStream, string> = Object.freeze({
  plain: 'Recall at a given load: every key is written once, then every key is asked for.',
  rewrite: 'That the latest write of a key wins: some keys are written again with a new value, so a memory must replace, not add.',
  switch:
    'Clearing stale context: a new context follows a separator and reuses some old keys with new values, which asks whether a gate that clears the memory earns its keep.',
});

/** The rewrite stream writes this share of its kv keys a second time (rounded down, at least one). */
export const REWRITE_SHARE = 1 / 4;

/** The switch stream's old context has this many pairs per pair of the new context (kv each). */
export const SWITCH_OLD_SHARE = 1;

/** The switch stream's new context reuses this share of its kv keys from the old one (rounded down, at least one). */
export const SWITCH_REUSE_SHARE = 1 / 2;

/** Steps a reader's run may take (the grid's own among them: src/content/mqar.ts checks it). */
export const STEP_RANGE = Object.freeze({ min: 100, max: 5000, step: 100 });

/** Seeds are integers in [0, 2^32). */
export const MAX_MQAR_SEED = 4_294_967_295;

/** Fixed random unit embeddings: `keys` is nKeys×d row-major, `values` is candidates×d (the candidate set the loss scores against). */
export interface Embeddings {
  d: number;
  nKeys: number;
  candidates: number;
  keys: Float64Array;
  values: Float64Array;
  /** 2d wide: the context-switch token, a random unit vector in its key half and zero in its value half. */
  separator: Float64Array;
}

/** One sequence: T tokens of width 2d, row t = [key ‖ value] for a write, [key ‖ 0] for a query, the separator row for a context switch. */
export interface Sequence {
  T: number;
  /** T×2d, row-major. */
  inputs: Float64Array;
  /** Positions of the queries, ascending: always the last kv positions. */
  queries: Int32Array;
  /** For each query, the index in `values` of the right answer. */
  labels: Int32Array;
  /** Per position, the key index (−1 for the separator). */
  keyIds: Int32Array;
}

/** The size of a stream's sequence at kv, and what it draws: distinct keys, distinct values (no value index repeats within a sequence). */
export interface StreamShape {
  T: number;
  /** Writes before the queries, the separator not counted. */
  writes: number;
  keys: number;
  values: number;
  /** rewrite: keys written twice. */
  rewrites: number;
  /** switch: pairs in the old context, and how many of the new context's keys it already wrote. */
  oldPairs: number;
  reused: number;
}

export function streamShape(stream: MqarStream, kv: number): StreamShape {
  requireStream(stream);
  requirePositiveInteger('kv', kv);
  const rewrites = stream === 'rewrite' ? Math.max(1, Math.floor(kv * REWRITE_SHARE)) : 0;
  const oldPairs = stream === 'switch' ? Math.max(1, Math.floor(kv * SWITCH_OLD_SHARE)) : 0;
  const reused = stream === 'switch' ? Math.min(oldPairs, Math.max(1, Math.floor(kv * SWITCH_REUSE_SHARE))) : 0;
  const writes = oldPairs + kv + rewrites;
  const separators = stream === 'switch' ? 1 : 0;
  return { T: writes + separators + kv, writes, keys: oldPairs + kv - reused, values: writes, rewrites, oldPairs, reused };
}

type Draw = () => number;

function requireStream(stream: MqarStream): void {
  if (!MQAR_STREAMS.includes(stream)) throw new Error(`stream must be one of ${MQAR_STREAMS.join(', ')}, got ${String(stream)}`);
}

function requireSeed(seed: number): void {
  if (!(Number.isInteger(seed) && seed >= 0 && seed <= MAX_MQAR_SEED)) throw new Error(`seed must be an integer in [0, ${MAX_MQAR_SEED}], got ${seed}`);
}

/** d3-random's LCG, past its first output, which barely moves with the seed (as in ../stream.ts). */
function uniformSource(seed: number): Draw {
  const uniform = randomLcg(seed);
  uniform();
  return uniform;
}

/** A Gaussian row divided by its L2 norm, written into out at offset. */
function unitRow(normal: Draw, out: Float64Array, offset: number, d: number): void {
  let norm = 0;
  while (norm === 0) {
    norm = 0;
    for (let c = 0; c < d; c++) {
      const x = normal();
      out[offset + c] = x;
      norm += x * x;
    }
    norm = Math.sqrt(norm);
  }
  for (let c = 0; c < d; c++) out[offset + c]! /= norm;
}

/** Keys (nKeys rows), then values (candidates rows), then the separator's key half, drawn in that order from one seeded normal source. */
export function embeddings(d: number, nKeys: number, candidates: number, seed: number): Embeddings {
  requirePositiveInteger('d', d);
  requirePositiveInteger('nKeys', nKeys);
  requirePositiveInteger('candidates', candidates);
  requireSeed(seed);
  const normal = normalFrom(uniformSource(seed));
  const keys = new Float64Array(nKeys * d);
  const values = new Float64Array(candidates * d);
  const separator = new Float64Array(2 * d);
  for (let i = 0; i < nKeys; i++) unitRow(normal, keys, i * d, d);
  for (let i = 0; i < candidates; i++) unitRow(normal, values, i * d, d);
  unitRow(normal, separator, 0, d);
  return { d, nKeys, candidates, keys, values, separator };
}

/** m distinct integers of [0, n) in random order (a partial Fisher–Yates shuffle). */
function sample(uniform: Draw, n: number, m: number): Int32Array {
  const pool = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < m; i++) {
    const j = i + Math.floor(uniform() * (n - i));
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
  }
  return pool.slice(0, m);
}

const permutation = (uniform: Draw, n: number) => sample(uniform, n, n);

/** A write [key ‖ value], or the separator (key −1). */
interface Write {
  key: number;
  value: number;
}

function assemble(e: Embeddings, writes: Write[], asked: Int32Array, answer: (key: number) => number): Sequence {
  const { d } = e;
  const kv = asked.length;
  const T = writes.length + kv;
  const inputs = new Float64Array(T * 2 * d);
  const keyIds = new Int32Array(T);
  writes.forEach(({ key, value }, t) => {
    keyIds[t] = key;
    if (key < 0) {
      inputs.set(e.separator, t * 2 * d);
      return;
    }
    inputs.set(e.keys.subarray(key * d, (key + 1) * d), t * 2 * d);
    inputs.set(e.values.subarray(value * d, (value + 1) * d), t * 2 * d + d);
  });
  const queries = new Int32Array(kv);
  const labels = new Int32Array(kv);
  asked.forEach((key, q) => {
    const t = writes.length + q;
    keyIds[t] = key;
    inputs.set(e.keys.subarray(key * d, (key + 1) * d), t * 2 * d);
    queries[q] = t;
    labels[q] = answer(key);
  });
  return { T, inputs, queries, labels, keyIds };
}

/**
 * One sequence of `stream` with kv keys asked, drawn from `seed` over the fixed embeddings e.
 * Every stream draws its keys and its values without replacement, so no value index repeats
 * within a sequence, and asks each key of its (last) context once, in a fresh random order,
 * after every write; the answer is the latest value written for the key.
 * plain: kv pairs in random order, then kv queries. T = 2kv.
 * rewrite: kv pairs, and `rewrites` of their keys written again with a new value, all kv +
 * rewrites writes in one random order (a key's second write is the one after its first).
 * T = kv + rewrites + kv.
 * switch: an old context of `oldPairs` pairs, the separator, a new context of kv pairs of which
 * `reused` keys were in the old context (now with new values), then kv queries of the new
 * context's keys. T = oldPairs + 1 + 2kv.
 */
export function sequence(e: Embeddings, stream: MqarStream, kv: number, seed: number): Sequence {
  const shape = streamShape(stream, kv);
  requireSeed(seed);
  if (shape.keys > e.nKeys) throw new Error(`nKeys must be at least ${shape.keys} for a ${stream} sequence at kv = ${kv}, got ${e.nKeys}`);
  if (shape.values > e.candidates) {
    throw new Error(`candidates must be at least ${shape.values} (the distinct values a ${stream} sequence at kv = ${kv} needs), got ${e.candidates}`);
  }
  const uniform = uniformSource(seed);
  const keys = sample(uniform, e.nKeys, shape.keys);
  const values = sample(uniform, e.candidates, shape.values);
  const latest = new Map<number, number>();
  const writes: Write[] = [];
  const write = (key: number, value: number) => {
    writes.push({ key, value });
    latest.set(key, value);
  };
  if (stream === 'switch') {
    // Old context: keys[0, oldPairs); the new context reuses keys[0, reused) and adds the rest.
    for (const i of permutation(uniform, shape.oldPairs)) write(keys[i]!, values[i]!);
    writes.push({ key: -1, value: -1 });
    const fresh = Int32Array.from({ length: kv }, (_, j) => (j < shape.reused ? j : shape.oldPairs + j - shape.reused));
    for (const j of permutation(uniform, kv)) write(keys[fresh[j]!]!, values[shape.oldPairs + j]!);
    const asked = permutation(uniform, kv).map((j) => keys[fresh[j]!]!);
    return assemble(e, writes, asked, (key) => latest.get(key)!);
  }
  // plain and rewrite: slot i < kv is key i's first write, slot kv + j key j's second.
  const slots = permutation(uniform, kv + shape.rewrites);
  const seen = new Set<number>();
  for (const slot of slots) {
    const i = slot < kv ? slot : slot - kv;
    // The two writes of a rewritten key are told apart by order, not by slot: the earlier takes the first value.
    write(keys[i]!, values[seen.has(i) ? kv + i : i]!);
    seen.add(i);
  }
  const asked = permutation(uniform, kv).map((i) => keys[i]!);
  return assemble(e, writes, asked, (key) => latest.get(key)!);
}

/** fmix32 of MurmurHash3: a bijection on 32-bit integers that scrambles nearby inputs. */
function mix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Sequence i's seed in a batch: distinct for every i of one batch (an odd step, then a bijection). */
export function batchSeed(seed: number, i: number): number {
  return mix32((seed + Math.imul(i, 0x9e3779b9)) >>> 0);
}

/** `size` sequences; sequence i is `sequence(e, stream, kv, batchSeed(seed, i))`. */
export function batch(e: Embeddings, stream: MqarStream, kv: number, size: number, seed: number): Sequence[] {
  requirePositiveInteger('size', size);
  requireSeed(seed);
  return Array.from({ length: size }, (_, i) => sequence(e, stream, kv, batchSeed(seed, i)));
}

/** Distinct streams of seeds for the parts of one cell of the grid (./run.ts), so none shares a draw with another. */
const PART = { embeddings: 0, params: 1, train: 2, validation: 3, test: 4 } as const;
export const partSeed = (seed: number, part: keyof typeof PART) => batchSeed(seed, 0x10000 + PART[part]);
