/**
 * The short convolution on and off (src/content/mqarConv.json): run at the stored grid's settings
 * and rates, checked whole, reproduced from its settings, and set beside the grid's own cells.
 */
import { describe, expect, it } from 'vitest';
import { startCell } from '../../src/core/mqar/run';
import { mqarGrid } from '../../src/content/mqar';
import { convRows, mqarConv, parseConv } from '../../src/content/mqarConv';
import raw from '../../src/content/mqarConv.json';
import { renderToStaticMarkup } from 'react-dom/server';
import { climbLoads } from '../../src/content/mqarWords';
import { TrainHow } from '../../src/essay/TrainHow';

const copy = () => JSON.parse(JSON.stringify(raw)) as typeof raw;

describe('the short convolution’s comparison', () => {
  it('ran the delta rule and gated delta at kv = 16 and 32 on plain recall, every grid seed, at the grid’s rates, with the convolution on', () => {
    expect(mqarConv.grid).toBe(mqarGrid.commit);
    const keys = new Set(mqarConv.cells.map((c) => `${c.mixer} ${c.stream} ${c.kv}`));
    expect([...keys].sort()).toEqual(['delta plain 16', 'delta plain 32', 'gated plain 16', 'gated plain 32']);
    for (const c of mqarConv.cells) {
      expect(c.conv).toBe(true);
      expect(c.lr).toBe(mqarGrid.rates[c.mixer]);
    }
  });

  it('sets each memory and load beside the grid’s cells: the same seeds, the convolution off', () => {
    const rows = convRows();
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      const on = mqarConv.cells.filter((c) => c.mixer === r.mixer && c.kv === r.kv).map((c) => c.test.accuracy);
      expect(r.on.seeds + r.on.untrained).toBe(mqarGrid.settings.seeds.length);
      if (r.on.untrained === 0) expect(r.on.mean).toBeCloseTo(on.reduce((a, b) => a + b, 0) / on.length, 12);
      expect(r.off.seeds + r.off.untrained).toBe(mqarGrid.settings.seeds.length);
    }
  });

  it('a cell with the convolution follows its stored curve to the last bit', () => {
    const c = mqarConv.cells[0]!;
    const { curve: _c, validation: _v, test: _t, diverged: _d, seconds: _s, ...spec } = c;
    const run = startCell(spec);
    expect(run.advance(2 * c.every)).toEqual(c.curve.slice(0, 2));
  });

  it('refuses a cell run at another rate, or against another grid, naming file, cell and field', () => {
    const rate = copy();
    rate.cells[1]!.lr = 0.5;
    expect(() => parseConv(rate, mqarGrid, 'conv.json')).toThrow(/^conv\.json: entry cells\[1\] .*field lr: 0\.5/);
    const other = copy();
    other.grid = '0'.repeat(40);
    expect(() => parseConv(other, mqarGrid, 'conv.json')).toThrow(/^conv\.json: field grid/);
  });
});

describe('the climb as the page says it', () => {
  it('names the loads a run passes through from the trainer’s own schedule: 4, 8 and 16 before 32', () => {
    expect(climbLoads(mqarGrid, 32)).toEqual([4, 8, 16, 32]);
    expect(climbLoads(mqarGrid, 4)).toEqual([4]);
    const html = renderToStaticMarkup(<TrainHow g={mqarGrid} cells={[]} />);
    expect(html).toContain('a run at kv = 32 trains at kv = 4, 8, 16 in turn');
  });
});
