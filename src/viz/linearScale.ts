/**
 * A linear scale with round ticks, written out. d3-scale's scaleLinear does the same, but it brings
 * d3's interpolators, colours and number formats with it (about 8 KiB gzip), which took the state
 * demo over its bundle budget (tests/e2e/budget.spec.ts).
 *
 * Ticks fall on multiples of a round step, 1, 2 or 5 times a power of ten, chosen so that about
 * `count` of them span the domain; `nice` widens a domain outwards to such multiples.
 */

/** The round step for about `count` ticks over [lo, hi]: 1, 2 or 5 × 10^k. */
export function tickStep(lo: number, hi: number, count: number): number {
  const raw = Math.abs(hi - lo) / Math.max(1, count);
  if (!(raw > 0) || !Number.isFinite(raw)) return 0;
  const power = 10 ** Math.floor(Math.log10(raw));
  const mantissa = raw / power;
  // Round the mantissa to 1, 2, 5 or 10 at the geometric midpoints between them.
  const factor = mantissa >= Math.sqrt(50) ? 10 : mantissa >= Math.sqrt(10) ? 5 : mantissa >= Math.sqrt(2) ? 2 : 1;
  return factor * power;
}

/** Multiples of the step inside [lo, hi], each rounded so that 0.1 + 0.2 prints as 0.3. */
export function linearTicks(lo: number, hi: number, count: number): number[] {
  if (lo === hi) return [lo];
  const [a, b] = lo < hi ? [lo, hi] : [hi, lo];
  const step = tickStep(a, b, count);
  if (step === 0) return [];
  // Work in whole steps (or whole inverse steps, for steps below 1) so every tick is exact.
  const inverse = step < 1 ? Math.round(1 / step) : 0;
  const at = (i: number) => (inverse ? i / inverse : i * step);
  // The nearest whole step to each end, moved inside the domain if it fell just outside.
  let first = Math.round(inverse ? a * inverse : a / step);
  let last = Math.round(inverse ? b * inverse : b / step);
  if (at(first) < a) first++;
  if (at(last) > b) last--;
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(at(i) + 0);
  return lo < hi ? ticks : ticks.reverse();
}

/** The domain widened outwards to multiples of its own round step (10 ticks' worth). */
export function niceDomain([lo, hi]: readonly [number, number], count = 10): [number, number] {
  let a = lo;
  let b = hi;
  let previous = Number.NaN;
  for (let i = 0; i < 10; i++) {
    const step = tickStep(a, b, count);
    if (step === 0 || step === previous) break;
    const inverse = step < 1 ? Math.round(1 / step) : 0;
    a = inverse ? Math.floor(a * inverse) / inverse : Math.floor(a / step) * step;
    b = inverse ? Math.ceil(b * inverse) / inverse : Math.ceil(b / step) * step;
    previous = step;
  }
  return [a, b];
}

/** Maps [d0, d1] onto [r0, r1] linearly; a zero-width domain maps to the range's middle. */
export function linear([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]): (v: number) => number {
  const span = d1 - d0;
  if (span === 0) return () => (r0 + r1) / 2;
  return (v) => r0 + ((v - d0) / span) * (r1 - r0);
}
