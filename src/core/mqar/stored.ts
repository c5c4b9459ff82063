/**
 * What the trainer's page and its figure share about stored runs, without the stored grid itself:
 * the spread of a memory's seeds, and one stored seed's curve as the curves' file holds it.
 */

/** Test accuracy over the seeds of one memory at one load on one stream that trained; mean, min and max are NaN where none did. */
export interface Spread {
  mean: number;
  min: number;
  max: number;
  /** Seeds in the mean. */
  seeds: number;
  /** Seeds left out of it: they never trained. */
  untrained: number;
}

/** The spread of accuracies `acc` of the seeds that trained, and how many did not. */
export function spreadFrom(acc: readonly number[], untrained: number): Spread {
  const n = acc.length;
  return {
    mean: n ? acc.reduce((a, b) => a + b, 0) / n : Number.NaN,
    min: n ? Math.min(...acc) : Number.NaN,
    max: n ? Math.max(...acc) : Number.NaN,
    seeds: n,
    untrained,
  };
}

/** The key of a memory's seeds at one load on one stream, in the curves' file. */
export const curveKey = (stream: string, kv: number, m: string) => `${stream} ${kv} ${m}`;

/** One stored seed's training curve as the curves' file holds it: the steps are every, 2 × every, … */
export interface StoredCurve {
  seed: number;
  loss: number[];
  accuracy: number[];
  neverTrained: boolean;
}
