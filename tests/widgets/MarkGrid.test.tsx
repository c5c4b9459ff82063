import { render } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarkGrid, rowRuns } from '../../src/viz/MarkGrid';

const cells = (rects: { width: number; height: number }[]) => rects.reduce((n, r) => n + r.width * r.height, 0);

describe('rowRuns', () => {
  it('splits a run into the rest of its first row, full rows, and the start of its last row', () => {
    // Cells 7..23 of rows 10 wide: 3 cells finishing row 0, row 1 whole, 3 cells starting row 2.
    expect(rowRuns(7, 23, 10)).toEqual([
      { x: 7, y: 0, width: 3, height: 1 },
      { x: 0, y: 1, width: 10, height: 1 },
      { x: 0, y: 2, width: 3, height: 1 },
    ]);
    expect(rowRuns(2, 5, 10)).toEqual([{ x: 2, y: 0, width: 3, height: 1 }]);
    expect(rowRuns(0, 30, 10)).toEqual([{ x: 0, y: 0, width: 10, height: 3 }]);
    expect(rowRuns(5, 5, 10)).toEqual([]);
  });

  it('covers exactly the cells asked for, with no overlap and within the rows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (columns, a, b) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const rects = rowRuns(start, end, columns);
        expect(cells(rects)).toBe(end - start);
        expect(rects.length).toBeLessThanOrEqual(3);
        const covered = new Set<number>();
        for (const r of rects) {
          expect(r.x + r.width).toBeLessThanOrEqual(columns);
          for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.width; x++) covered.add(y * columns + x);
        }
        expect(covered.size).toBe(end - start);
        if (end > start) expect([Math.min(...covered), Math.max(...covered)]).toEqual([start, end - 1]);
      }),
    );
  });
});

describe('MarkGrid', () => {
  it('draws the highlighted marks first and all the rest after, as a labelled picture', () => {
    const { container } = render(<MarkGrid count={22501} highlighted={836} columns={200} label="the grid" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('the grid');
    expect(svg.getAttribute('viewBox')).toBe('0 0 200 113');
    const area = (kind: string) =>
      [...svg.querySelectorAll(`rect[data-marks="${kind}"]`)].reduce((n, r) => n + Number(r.getAttribute('width')) * Number(r.getAttribute('height')), 0);
    expect(area('accent')).toBe(836);
    expect(area('muted')).toBe(22501 - 836);
    expect(svg.querySelectorAll('*').length).toBeLessThan(20);
  });
});
