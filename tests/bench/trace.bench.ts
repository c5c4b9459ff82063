import { bench, describe } from 'vitest';
import { DEFAULT_GATES, makeStream, trace } from '../../src/core';

// The figure's worst case: the capacity stream at its longest, every rule, computed once per
// change of seed or gates. Budget: 2 ms.
const stream = makeStream({ kind: 'capacity', seed: 1, length: 128 });

describe('trace', () => {
  bench('128 pairs, four rules', () => {
    trace({ stream, gates: DEFAULT_GATES, n: 128 });
  });
});
