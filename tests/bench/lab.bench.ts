import { bench, describe } from 'vitest';
import { checkpoints, labWork, runLab } from '../../src/core';

// The lab's heaviest run: d = 128 up to n = 512, every rule, the bound and both attention reads,
// one stream. Budget: 1 s on a 2-core machine. It is set against this machine's plain-loop
// throughput, measured here too: the same number of multiply-adds, in one loop over two
// Float64Arrays, is the least any implementation of the run could cost in JavaScript.
const d = 128;
const request = { d, stream: 'random' as const, gates: { beta: 1, alpha: 0.9, slow: 1, fast: 0.5, s: 32, erase: 1, write: 0.5 }, streams: 1 };
const work = labWork(d, checkpoints(d));

const a = new Float64Array(d * d).map((_, i) => Math.sin(i));
const b = new Float64Array(d * d).map((_, i) => Math.cos(i));
/** `count` multiply-adds over two state-sized arrays. */
function plainLoop(count: number): number {
  let s = 0;
  const n = a.length;
  for (let done = 0; done < count; done += n) for (let i = 0; i < n; i++) s += a[i]! * b[i]!;
  return s;
}

function best(f: () => void, runs: number): number {
  let t = Infinity;
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    f();
    t = Math.min(t, performance.now() - start);
  }
  return t;
}

describe('lab', () => {
  const run = best(() => runLab(request), 3);
  const floor = best(() => plainLoop(work), 3);
  console.log(
    `lab run, d = ${d}, n = ${4 * d}, one stream: ${run.toFixed(0)} ms (best of 3, budget 1000 ms); it needs ${(work / 1e6).toFixed(0)} M multiply-adds, at most (the nearest-value search stops at the first closer value), which a plain loop does in ${floor.toFixed(0)} ms (${((work / floor) * 1e-6).toFixed(2)} G multiply-adds/s): ${(run / floor).toFixed(2)}× the plain loop`,
  );
  bench('d = 128, n = 512, every method, one stream', () => {
    runLab(request);
  });
  bench('the same multiply-adds in a plain loop', () => {
    plainLoop(work);
  });
});
