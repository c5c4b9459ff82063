/** The reference line's label goes to the end of the line that no series crosses. */
import { describe, expect, it } from 'vitest';
import { clearSide, labelY, referencePath } from '../../src/viz/referenceLabel';

// A plot 400 wide, x from 1 to 20, y from 0 (bottom, 200) to 2 (top, 0): the line y = 1 at 100 px.
const geometry = { x: (v: number) => ((v - 1) / 19) * 400, y: (v: number) => 200 - v * 100, innerW: 400 };
const reference = { y: 1, label: 'as wrong as answering zero' };
const flat = (y: number) => ({ values: Array.from({ length: 20 }, () => y) });
const rising = { values: Array.from({ length: 20 }, (_, i) => (i / 19) * 1.05) };

describe('the reference label', () => {
  it('stays at the right end when no line passes under the reference there', () => {
    expect(clearSide([flat(0.2), flat(1.6)], geometry, reference)).toBe('end');
  });

  it('moves to the left end when a line ends just under the reference, as additive does on the opening stream', () => {
    expect(clearSide([rising, flat(0.2)], geometry, reference)).toBe('start');
  });

  it('a steep segment that crosses the band between two points counts as crossing it', () => {
    const jump = { values: Array.from({ length: 20 }, (_, i) => (i < 18 ? 0.1 : 1.9)) };
    expect(clearSide([jump], geometry, reference)).toBe('start');
  });

  it('stays at the right end when both ends are crossed', () => {
    expect(clearSide([flat(0.95)], geometry, reference)).toBe('end');
  });

  it('a reference that moves is judged, and labelled, at the height of the end it takes', () => {
    // An empty memory's score: 1.00 to pair 16, then 0.67, then 0.75 at the last pair.
    const moving = { ...reference, label: 'an empty memory', values: Array.from({ length: 20 }, (_, i) => (i < 16 ? 1 : i < 19 ? 0.67 : 0.75)) };
    expect(labelY(moving, 'start')).toBe(1);
    expect(labelY(moving, 'end')).toBe(0.75);
    // A line ending just under 0.75 crosses the right end's band (under 0.75) but not the left's (under 1.00).
    expect(clearSide([flat(0.6)], geometry, moving)).toBe('start');
    // Drawn as steps, one level a pair, across the whole plot.
    const d = referencePath(moving, geometry);
    expect(d.startsWith('M0,100H')).toBe(true);
    expect(d.endsWith(`,${200 - 75}H400`)).toBe(true);
  });
});
