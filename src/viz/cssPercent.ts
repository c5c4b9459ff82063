/**
 * A length in percent for a style, to a hundredth of a percent: finer than a pixel at any width
 * the page is drawn, and a few characters in the page where the full float would be eighteen.
 */
export const cssPercent = (percent: number): string => `${Number(percent.toFixed(2))}%`;
