import { scaleLinear } from 'd3-scale';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linear, linearTicks, niceDomain, tickStep } from '../../src/viz/linearScale';

// d3-scale stays a test-only dependency: the chart's own scale must put its ticks and its
// rounded domain exactly where d3's scaleLinear would, on every domain the charts can get.
const domain = fc
  .tuple(fc.double({ min: -50, max: 5, noNaN: true }), fc.double({ min: 0.01, max: 500, noNaN: true }))
  .map(([lo, width]) => [lo, lo + width] as [number, number]);

describe('the charts’ linear scale', () => {
  it('steps are 1, 2 or 5 times a power of ten, by hand', () => {
    expect(tickStep(0, 1, 5)).toBe(0.2);
    expect(tickStep(0, 128, 6)).toBe(20);
    expect(tickStep(0, 2.67, 5)).toBe(0.5);
    expect(tickStep(0, 0, 5)).toBe(0);
  });

  it('ticks a hand-worked domain: 0…1.2 in steps of 0.2, with no 0.6000000000000001', () => {
    expect(linearTicks(0, 1.2, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1, 1.2]);
    expect(linearTicks(1, 128, 6)).toEqual([20, 40, 60, 80, 100, 120]);
    expect(niceDomain([0, 2.67])).toEqual([0, 2.8]);
    expect(niceDomain([-0.13, 1])).toEqual([-0.2, 1]);
  });

  it('maps the domain’s ends onto the range’s ends, and a point domain onto the middle', () => {
    const y = linear([0, 2], [300, 0]);
    expect(y(0)).toBe(300);
    expect(y(2)).toBe(0);
    expect(y(1)).toBe(150);
    expect(linear([3, 3], [0, 100])(3)).toBe(50);
  });

  it('agrees with d3-scale’s ticks and nice on any domain', () => {
    fc.assert(
      fc.property(domain, fc.integer({ min: 2, max: 10 }), ([lo, hi], count) => {
        const d3 = scaleLinear().domain([lo, hi]);
        const ours = linearTicks(lo, hi, count);
        const theirs = d3.ticks(count);
        expect(ours.length).toBe(theirs.length);
        for (const [i, t] of ours.entries()) expect(t).toBeCloseTo(theirs[i]!, 9);
        const [a, b] = niceDomain([lo, hi]);
        const [c, e] = d3.copy().nice().domain() as [number, number];
        expect(a).toBeCloseTo(c, 9);
        expect(b).toBeCloseTo(e, 9);
      }),
      { numRuns: 2000 },
    );
  });
});
