/**
 * Powers of two from xMin to xMax for a base-2 axis, at most about `most` of them (every one where
 * they fit, else every other or fewer). d3's own log ticks would add in-between values on a short
 * axis; these are the ticks the page's log charts have always shown.
 */
export function powerOfTwoTicks(xMin: number, xMax: number, most = 6): number[] {
  const [bottom, top] = [Math.round(Math.log2(xMin)), Math.round(Math.log2(xMax))];
  const every = Math.max(1, Math.ceil((top - bottom) / most));
  const ticks: number[] = [];
  for (let k = bottom; k <= top; k += every) ticks.push(2 ** k);
  return ticks;
}
