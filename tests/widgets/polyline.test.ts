import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { polyline } from '../../src/viz/polyline';

/** Reads an SVG path of M, h, v and l commands back into absolute points, as a browser draws it. */
function readPath(d: string): [number, number][] {
  const tokens = d.match(/[MhvlHVL]|-?(?:\d+\.?\d*|\.\d+)/g) ?? [];
  const points: [number, number][] = [];
  let x = 0;
  let y = 0;
  let i = 0;
  const num = () => Number(tokens[i++]);
  while (i < tokens.length) {
    const command = tokens[i++];
    if (command === 'M') {
      x = num();
      y = num();
    } else if (command === 'h') x += num();
    else if (command === 'v') y += num();
    else if (command === 'l') {
      x += num();
      y += num();
    } else throw new Error(`unexpected ${command} in ${d}`);
    points.push([x, y]);
  }
  return points;
}

describe('polyline', () => {
  it('draws a hand-worked line with relative steps', () => {
    expect(
      polyline([
        [0, 248],
        [4.54, 244.61],
        [9.08, 244.61],
        [9.08, 250],
        [13.6, 251.25],
      ]),
    ).toBe('M0,248l4.5-3.5h4.5v5.5l4.5,1.5');
  });

  it('puts every point within a quarter of a unit of where it is, however long the line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.double({ min: -1000, max: 1000, noNaN: true })), {
          minLength: 1,
          maxLength: 3000,
        }),
        (points) => {
          const drawn = readPath(polyline(points));
          expect(drawn).toHaveLength(points.length);
          points.forEach(([x, y], i) => {
            const [dx, dy] = drawn[i] ?? [Number.NaN, Number.NaN];
            expect(Math.abs(dx - x)).toBeLessThanOrEqual(0.25 + 1e-9);
            expect(Math.abs(dy - y)).toBeLessThanOrEqual(0.25 + 1e-9);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('breaks the line at a point that is not finite, drawing nothing across the gap, and draws nothing for no points', () => {
    expect(polyline([])).toBe('');
    const d = polyline([
      [0, 0],
      [1, 1],
      [Number.NaN, 3],
      [2, Number.POSITIVE_INFINITY],
      [4, 4],
      [5, 4],
    ]);
    expect(d).toBe('M0,0l1,1M4,4h1');
    expect(readPath(d)).toEqual([
      [0, 0],
      [1, 1],
      [4, 4],
      [5, 4],
    ]);
  });

  it('writes halves as the shortest decimals', () => {
    // -0.3 rounds to -0.5, -0.6 to -0.5 and 0.4 to 0.5: steps of -0.5 and 1.
    expect(
      polyline([
        [0.2, -0.3],
        [-0.6, 0.4],
      ]),
    ).toBe('M0,-.5l-.5,1');
  });
});
