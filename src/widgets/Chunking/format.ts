/** How the chunking figure prints times, operation counts and sizes, in its readout and on its axes. */

const sig3 = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Seconds as µs, ms or s with three significant digits: 0.000205 -> "205 µs". */
export function formatTime(seconds: number): string {
  if (seconds < 1e-3) return `${sig3.format(seconds * 1e6)} µs`;
  if (seconds < 1) return `${sig3.format(seconds * 1e3)} ms`;
  return `${sig3.format(seconds)} s`;
}

const PREFIXES: [number, string][] = [
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** An operation count with an SI prefix: 1.19e10 -> "11.9 GFLOP". */
export function formatFlops(flops: number): string {
  for (const [size, prefix] of PREFIXES) {
    if (flops >= size) return `${sig3.format(flops / size)} ${prefix}FLOP`;
  }
  return `${sig3.format(flops)} FLOP`;
}

export function formatInteger(x: number): string {
  return grouped.format(Math.round(x));
}

/** 1.8477 -> "1.85×". */
export function formatRatio(x: number): string {
  return `${sig3.format(x)}×`;
}

/** A power of two for an axis tick: 1024 -> "1K", 1048576 -> "1M". */
export function formatPowerOfTwo(x: number): string {
  if (x >= 1 << 20) return `${x / (1 << 20)}M`;
  if (x >= 1 << 10) return `${x / (1 << 10)}K`;
  return String(x);
}

/** A multiple for a log-axis tick: 1000 -> "1K×". */
export function formatDecade(x: number): string {
  if (x >= 1e6) return `${sig3.format(x / 1e6)}M×`;
  if (x >= 1e3) return `${sig3.format(x / 1e3)}K×`;
  return `${sig3.format(x)}×`;
}
