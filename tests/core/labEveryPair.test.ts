/**
 * The gated delta rule's count of pairs read back at n = 4d, held to a run written here from the
 * rule's definition alone: its own random numbers, its own streams of random unit keys and values,
 * every pair read back and searched against every other value. The stored runs' counts (from their
 * raw sums) must lie within two combined standard errors of it at every size.
 */
import { describe, expect, it } from 'vitest';
import runs from '../../src/content/labRuns.json';

/** mulberry32, with a Box–Muller normal: a generator the lab does not use. */
function normals(seed: number): () => number {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

function unit(d: number, next: () => number): Float64Array {
  const x = Float64Array.from({ length: d }, next);
  const norm = Math.hypot(...x);
  return x.map((v) => v / norm);
}

/** Pairs of one stream of n = 4d that S = α S + β k (v − α S k)ᵀ reads back nearest their own value. */
function gatedCount(d: number, seed: number, alpha: number, beta: number): number {
  const next = normals(seed);
  const n = 4 * d;
  const keys = Array.from({ length: n }, () => unit(d, next));
  const values = Array.from({ length: n }, () => unit(d, next));
  // S[r][c]: key channel r, value channel c; a read is kᵀS.
  const S = Array.from({ length: d }, () => new Float64Array(d));
  for (let t = 0; t < n; t++) {
    const k = keys[t]!;
    for (const row of S) for (let c = 0; c < d; c++) row[c]! *= alpha;
    const read = new Float64Array(d);
    for (let r = 0; r < d; r++) for (let c = 0; c < d; c++) read[c]! += k[r]! * S[r]![c]!;
    for (let r = 0; r < d; r++) for (let c = 0; c < d; c++) S[r]![c]! += beta * k[r]! * (values[t]![c]! - read[c]!);
  }
  let hits = 0;
  for (let t = 0; t < n; t++) {
    const read = new Float64Array(d);
    for (let r = 0; r < d; r++) for (let c = 0; c < d; c++) read[c]! += keys[t]![r]! * S[r]![c]!;
    const score = (v: Float64Array) => v.reduce((a, x, c) => a + x * read[c]!, 0);
    const own = score(values[t]!);
    if (values.every((v, f) => f === t || score(v) <= own)) hits++;
  }
  return hits;
}

const STREAMS: Record<number, number> = { 4: 400, 8: 200, 16: 100, 32: 40, 64: 16, 128: 8 };

describe('the lab’s gated counts at n = 4d agree with a run that reads every pair', () => {
  for (const d of [4, 8, 16, 32, 64, 128]) {
    it(`d = ${d}`, () => {
      const k = STREAMS[d]!;
      const counts = Array.from({ length: k }, (_, i) => gatedCount(d, 1000 + i, runs.gates.alpha, runs.gates.beta));
      const mean = counts.reduce((a, x) => a + x, 0) / k;
      const se = Math.sqrt(counts.reduce((a, x) => a + (x - mean) ** 2, 0) / (k - 1) / k);
      const stored = (runs.runs as Record<string, { streams: number; sums: Record<string, number[][]> }>)[String(d)]!;
      const [sum, sumSq] = [stored.sums.gatedDelta!.at(-1)![3]!, stored.sums.gatedDelta!.at(-1)![4]!];
      const m = stored.streams;
      const storedMean = (sum / m) * 4 * d;
      const storedSe = Math.sqrt((sumSq - (sum * sum) / m) / (m - 1) / m) * 4 * d;
      expect(Math.abs(storedMean - mean), `stored ${storedMean.toFixed(2)} ± ${storedSe.toFixed(2)}, here ${mean.toFixed(2)} ± ${se.toFixed(2)}`).toBeLessThan(
        2 * Math.hypot(se, storedSe),
      );
    });
  }
});
