/**
 * A small, seeded associative-recall fixture in the trainer's input contract, standing in for the
 * data side: kv writes [key ‖ value] in random order, then kv queries [key ‖ 0] in a fresh order,
 * each labelled with its value's index among the candidates. Keys come from a pool of unit
 * vectors; values are candidate rows, themselves fixed random unit vectors.
 */
import { randomLcg, randomNormal } from 'd3-random';
import type { Sequence } from '../../src/core/mqar';

export interface Fixture {
  d: number;
  values: Float64Array;
  sequences: Sequence[];
}

function sources(seed: number) {
  const uniform = randomLcg(seed);
  uniform();
  return { uniform, normal: randomNormal.source(uniform)(0, 1) };
}

function unitRows(normal: () => number, n: number, d: number): Float64Array {
  const out = new Float64Array(n * d);
  for (let r = 0; r < n; r++) {
    let sq = 0;
    for (let c = 0; c < d; c++) {
      const x = normal();
      out[r * d + c] = x;
      sq += x * x;
    }
    for (let c = 0; c < d; c++) out[r * d + c]! /= Math.sqrt(sq);
  }
  return out;
}

/** The first `n` of a random permutation of 0…m−1. */
function draw(uniform: () => number, m: number, n: number): number[] {
  const all = Array.from({ length: m }, (_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(uniform() * (m - i));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, n);
}

/** `count` sequences of kv pairs at width d, keys from a pool of `keys`, values among `candidates`. */
export function recallFixture(opts: { d: number; kv: number; candidates: number; keys: number; count: number; seed: number }): Fixture {
  const { d, kv, candidates, keys, count, seed } = opts;
  const { uniform, normal } = sources(seed);
  const values = unitRows(normal, candidates, d);
  const pool = unitRows(normal, keys, d);
  const sequences: Sequence[] = [];
  for (let n = 0; n < count; n++) {
    const T = 2 * kv;
    const inputs = new Float64Array(T * 2 * d);
    const keyOf = draw(uniform, keys, kv);
    const valueIndex = draw(uniform, candidates, kv);
    keyOf.forEach((key, t) => {
      inputs.set(pool.subarray(key * d, key * d + d), t * 2 * d);
      inputs.set(values.subarray(valueIndex[t]! * d, valueIndex[t]! * d + d), t * 2 * d + d);
    });
    const order = draw(uniform, kv, kv);
    const queries = new Int32Array(kv);
    const labels = new Int32Array(kv);
    order.forEach((pair, j) => {
      const t = kv + j;
      inputs.set(pool.subarray(keyOf[pair]! * d, keyOf[pair]! * d + d), t * 2 * d);
      queries[j] = t;
      labels[j] = valueIndex[pair]!;
    });
    sequences.push({ T, inputs, queries, labels });
  }
  return { d, values, sequences };
}
