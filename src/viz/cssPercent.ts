/**
 * A length in percent for a style, to a hundredth of a percent by default: finer than a pixel at
 * any width the page is drawn, and a few characters in the page where the full float would be
 * eighteen. A mark placed along a track may take one digit (a tenth of a percent of a track at
 * most 700 px wide is under a pixel).
 */
export const cssPercent = (percent: number, digits: 1 | 2 = 2): string => `${Number(percent.toFixed(digits))}%`;
