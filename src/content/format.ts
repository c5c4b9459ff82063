/** Number formatting shared by the prose and the figures, so both print a figure the same way. */

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatInteger(x: number): string {
  return grouped.format(Math.round(x));
}

const threeSignificant = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

/** 2.8e12 -> "2.8 trillion", 104e9 -> "104 billion", 124,439,808 -> "124 million". */
export function formatParams(x: number): string {
  const units: [number, string][] = [
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
  ];
  for (const [size, name] of units) {
    if (x >= size) return `${threeSignificant.format(x / size)} ${name}`;
  }
  return formatInteger(x);
}

/** 0.0371428 -> "3.71%". */
export function formatPercent(share: number, digits = 2): string {
  return `${(share * 100).toFixed(digits)}%`;
}

/** Round to a multiple of `step` for prose ("about 22,500"). */
export function roundTo(x: number, step: number): number {
  return Math.round(x / step) * step;
}
