/**
 * A coordinate to a hundredth of a unit: finer than any screen draws the page's charts (at most
 * about two CSS pixels a unit), and short in the markup, where a coordinate computed in full
 * carries sixteen digits a reader downloads and never sees.
 */
export const hundredths = (v: number): number => Math.round(v * 100) / 100;
