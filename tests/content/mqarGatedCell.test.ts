/**
 * Gated delta on plain recall at kv = 4, seed 1, trained again at the grid's settings: it never left
 * the plateau of a uniform guess when a step at kv = 4 carried a sixteenth of the queries of kv = 64
 * (test accuracy 0.09); with the same queries a step at every load it must recall at least 0.9, and
 * come out as the stored cell to the last bit.
 */
import { describe, expect, it } from 'vitest';
import { runCell } from '../../src/core/mqar/run';
import { mqarGrid, specOf } from '../../src/content/mqar';

describe('the gated cell that stalled', () => {
  it('gated delta on plain recall at kv = 4, seed 1, recalls at least 0.9 and is the stored cell bit for bit', { timeout: 120_000 }, () => {
    const cell = mqarGrid.cells.find((c) => c.stream === 'plain' && c.mixer === 'gated' && c.kv === 4 && c.seed === 1)!;
    const live = runCell(specOf(cell));
    expect(live.test.accuracy).toBeGreaterThanOrEqual(0.9);
    expect(JSON.parse(JSON.stringify(live))).toEqual({ curve: cell.curve, validation: cell.validation, test: cell.test, diverged: cell.diverged });
  });
});
