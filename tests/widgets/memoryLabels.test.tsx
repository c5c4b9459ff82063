/**
 * The memory chart's labels stand where no line runs through them and inside the plot, and the
 * chart draws at its box's own size: every position here is worked by hand from the geometry.
 */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryChart, type MemoryMarker, type MemorySeries } from '../../src/widgets/Memory/MemoryChart';
import { type LabelRequest, labelRect, placeLabels, type Rect, segmentHitsRect } from '../../src/widgets/Memory/labels';

const plot = { x0: 0, y0: 0, x1: 400, y1: 250 };
const cross = 'crosses at 16,254'; // 17 characters at 7 px: 119 px wide.

describe('a segment against a box', () => {
  const box = { x0: 10, y0: 10, x1: 20, y1: 20 };
  it('meets it when it passes through, starts inside it or runs along it; misses it otherwise', () => {
    expect(segmentHitsRect([0, 15], [30, 15], box)).toBe(true);
    expect(segmentHitsRect([12, 12], [50, 50], box)).toBe(true);
    expect(segmentHitsRect([15, 0], [15, 30], box)).toBe(true);
    expect(segmentHitsRect([0, 0], [30, 30], box)).toBe(true);
    expect(segmentHitsRect([0, 25], [30, 25], box)).toBe(false);
    expect(segmentHitsRect([0, 0], [9, 30], box)).toBe(false);
    // The diagonal x + y = 25 passes the box's corner region: at x = 10 it is at y = 15.
    expect(segmentHitsRect([0, 25], [25, 0], box)).toBe(true);
    expect(segmentHitsRect([0, 19], [19, 0], box)).toBe(false);
  });

  it('a label covers its text’s width at 7 px a character, from 11 px over its baseline to 4 under', () => {
    expect(labelRect({ x: 200, y: 116, anchor: 'middle' }, cross)).toEqual({ x0: 140.5, y0: 105, x1: 259.5, y1: 120 });
    expect(labelRect({ x: 200, y: 116, anchor: 'end' }, cross)).toEqual({ x0: 81, y0: 105, x1: 200, y1: 120 });
    expect(labelRect({ x: 200, y: 116, anchor: 'start' }, cross)).toEqual({ x0: 200, y0: 105, x1: 319, y1: 120 });
  });
});

describe('where a label goes', () => {
  const one: LabelRequest[] = [{ key: 'c', x: 200, y: 125, text: cross, prefer: 'above' }];
  const at = (lines: [number, number][][], requests: LabelRequest[] = one, markers: Rect[] = []) => placeLabels(requests, lines, plot, markers);
  const across = (...ys: number[]): [number, number][][] =>
    ys.map((y) => [
      [0, y],
      [400, y],
    ]);

  it('over its point, centred, when nothing is in the way', () => {
    expect(at([]).get('c')).toEqual({ x: 200, y: 116, anchor: 'middle' });
  });

  it('under its point when a line runs across the whole row above it (the row spans y 105 to 120)', () => {
    expect(at(across(110)).get('c')).toEqual({ x: 200, y: 142, anchor: 'middle' });
  });

  it('over its point but starting at it when a line runs over its left side only (to x = 190)', () => {
    // Centred spans x 140.5–259.5 and ending at the point 81–200: both meet the line; starting at it, 200–319, does not.
    expect(
      at([
        [
          [0, 110],
          [190, 110],
        ],
      ]).get('c'),
    ).toEqual({ x: 200, y: 116, anchor: 'start' });
  });

  it('off a marker as off a line: a ring where the centred place would be sends the label to start at its point', () => {
    expect(at([], one, [{ x0: 150, y0: 108, x1: 160, y1: 118 }]).get('c')).toEqual({ x: 200, y: 116, anchor: 'start' });
  });

  it('a line’s name at the plot’s right edge ends at its point, under it, rather than leave the plot', () => {
    expect(at([], [{ key: 'n', x: 400, y: 125, text: 'Kimi K3', prefer: 'below' }]).get('n')).toEqual({ x: 400, y: 142, anchor: 'end' });
    // At the left edge it starts there.
    expect(at([], [{ key: 'n', x: 0, y: 125, text: 'Kimi K3', prefer: 'below' }]).get('n')).toEqual({ x: 0, y: 142, anchor: 'start' });
  });

  it('two labels at one point do not cover each other: the second goes under', () => {
    const both = at([], [...one, { ...one[0]!, key: 'b' }]);
    expect(both.get('c')).toEqual({ x: 200, y: 116, anchor: 'middle' });
    expect(both.get('b')).toEqual({ x: 200, y: 142, anchor: 'middle' });
  });

  it('level with its point, to its left, when lines cross the rows over and under it but not its own height', () => {
    // Over (105–120): the lines at 110 and 112. Under (131–146): 140. Level (118–133): clear, so to the left, 9 px off.
    expect(at(across(110, 112, 140)).get('c')).toEqual({ x: 191, y: 129, anchor: 'end' });
  });

  it('a step further off where every near place is crossed and that one is clear', () => {
    // A line at 125 crosses the level places too; 14 px further over the point (baseline 102, 91–106) nothing does.
    expect(at(across(110, 112, 125, 140)).get('c')).toEqual({ x: 200, y: 102, anchor: 'middle' });
  });

  it('where every place is crossed, the one crossed by the fewest lines, nearer first, the earlier on a tie', () => {
    // Near over: 2 lines; near under: 1; level: 1; further over (91–106): the line at 100; further under (145–160): 150.
    // Near under and level tie at one line, and near under comes first.
    expect(at(across(100, 110, 112, 125, 140, 150)).get('c')).toEqual({ x: 200, y: 142, anchor: 'middle' });
  });
});

describe('the chart', () => {
  // Before it is measured it draws 400 × 250: plot x 56–386 for 1,024 to 1,048,576 tokens (33 px a doubling),
  // y 12–216 for 10^6 to 10^10 bytes (51 px a decade).
  const common = {
    title: 'Memory',
    description: 'A test chart.',
    xMin: 1024,
    xMax: 2 ** 20,
    yMin: 1e6,
    yMax: 1e10,
    yTicks: [1e6, 1e8, 1e10],
    formatX: String,
    formatY: String,
    xLabel: 'context',
    cursorX: 2 ** 15,
    legend: null,
  };
  // A crossing at 32,768 tokens (x = 56 + 5 × 33 = 221) and 10^8 bytes (y = 216 − 2 × 51 = 114).
  const marker: MemoryMarker = { key: 'x', className: 'is-focus', x: 2 ** 15, y: 1e8, label: 'crosses at 32,768' };
  const label = () => document.querySelector('.mem-overlay .mem-marker-label')!;
  afterEach(() => vi.unstubAllGlobals());

  it('writes the label over its point when no line is near, and under it when a line runs through the place over it', () => {
    const { unmount } = render(<MemoryChart {...common} series={[]} markers={[marker]} />);
    expect([label().getAttribute('x'), label().getAttribute('y'), label().getAttribute('text-anchor')]).toEqual(['221', '105', 'middle']);
    unmount();
    // A flat line at pixel y = 100 (10^(6 + 116/51) bytes) runs through the row over the point, y 94 to 109.
    const flat: MemorySeries = {
      key: 'f',
      className: 'is-cache',
      points: [
        [1024, 10 ** (6 + 116 / 51)],
        [2 ** 20, 10 ** (6 + 116 / 51)],
      ],
    };
    render(<MemoryChart {...common} series={[flat]} markers={[marker]} />);
    expect([label().getAttribute('x'), label().getAttribute('y'), label().getAttribute('text-anchor')]).toEqual(['221', '131', 'middle']);
  });

  it('draws at its box’s size once measured, so a wide column gets a wide chart with 12 px text', () => {
    const observed: Element[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe(el: Element) {
          observed.push(el);
        }
        disconnect() {}
      },
    );
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(832);
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(416);
    render(<MemoryChart {...common} series={[]} markers={[marker]} />);
    expect(observed.map((el) => el.className)).toEqual(['mem-plot']);
    for (const svg of document.querySelectorAll('.mem-plot > svg')) expect(svg.getAttribute('viewBox')).toBe('0 0 832 416');
    // The plot runs from x 56 to 818: at 32,768 tokens, halfway, x = 56 + 381 = 437.
    expect(document.querySelector('.mem-overlay .mem-marker')!.getAttribute('cx')).toBe('437');
    width.mockRestore();
    height.mockRestore();
  });
});
