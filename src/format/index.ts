/**
 * How the page writes numbers and lists, in the prose and in the figures alike, so a figure is
 * printed the same way wherever it appears. Imports nothing: every layer may use it.
 */

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const significant = [1, 2, 3, 4].map((digits) => new Intl.NumberFormat('en-US', { maximumSignificantDigits: digits }));
/** British list style: "a, b and c", no comma before the "and". */
const conjunction = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });

/** 22580.4 -> "22,580". */
export function integer(x: number): string {
  return grouped.format(Math.round(x));
}

const plain = new Intl.NumberFormat('en-US');

/** Grouped, with up to three decimals: 989.4 -> "989.4", 32768 -> "32,768". */
export function decimal(x: number): string {
  return plain.format(x);
}

/** At most `digits` significant digits, grouped: 1.8477 -> "1.85", 4096 -> "4,100" (3). */
export function significantDigits(x: number, digits: 1 | 2 | 3 | 4 = 3): string {
  return significant[digits - 1]!.format(x);
}

/** A fixed number of decimals: 0.873 -> "0.87". */
export function fixed(x: number, digits = 2): string {
  return x.toFixed(digits);
}

/** A signed value with a true minus sign: -0.5 -> "−0.50", 0.5 -> "+0.50". */
export function signed(x: number, digits = 2): string {
  return (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(digits);
}

/**
 * A share as a percentage: 0.0371428 -> "3.71%". Without a digits argument a share of ten percent
 * or more is given whole (0.1 -> "10%", 1 -> "100%"): headline counts are rounded, so a share
 * is good to about its second digit, and "10.00%" would claim four.
 */
export function percent(share: number, digits?: number): string {
  if (digits === undefined) return share >= 0.1 ? `${Math.round(share * 100)}%` : `${(share * 100).toFixed(2)}%`;
  return `${(share * 100).toFixed(digits)}%`;
}

/** A share after "at least", rounded down so it never claims more: 0.948 -> "94%". */
export function percentAtLeast(share: number): string {
  return `${Math.floor(share * 100 + 1e-9)}%`;
}

/** A share after "no more than", rounded up so it never claims less: 0.2401 -> "25%". */
export function percentAtMost(share: number): string {
  return `${Math.ceil(share * 100 - 1e-9)}%`;
}

/** A number after "at least", to two decimals rounded down: 0.948 -> "0.94". */
export function atLeastTwo(x: number): string {
  return (Math.floor(x * 100 + 1e-9) / 100).toFixed(2);
}

/** A relative change as a whole, signed percentage: -0.034 -> "−3%". */
export function signedPercent(x: number): string {
  return `${x >= 0 ? '+' : '−'}${Math.abs(Math.round(x * 100))}%`;
}

/** Round to a multiple of `step` for prose ("about 22,500"). */
export function roundTo(x: number, step: number): number {
  return Math.round(x / step) * step;
}

const PARAM_UNITS: [number, string, string][] = [
  [1e12, 'T', 'trillion'],
  [1e9, 'B', 'billion'],
  [1e6, 'M', 'million'],
];

/** A parameter count in words: 2.8e12 -> "2.8 trillion", 124,439,808 -> "124 million" (3 digits). */
export function params(x: number, digits: 3 | 4 = 3): string {
  for (const [size, , long] of PARAM_UNITS) if (x >= size) return `${significantDigits(x / size, digits)} ${long}`;
  return integer(x);
}

/** A parameter count short enough for a table cell: 116.8e9 -> "116.8B". */
export function paramsShort(x: number): string {
  for (const [size, short] of PARAM_UNITS) if (x >= size) return `${significantDigits(x / size, 4)}${short}`;
  return integer(x);
}

/** A count for an axis label: 18,874,368 -> "18.9M", 24,576 -> "25k". */
export function compactCount(x: number): string {
  if (x >= 1e6) return `${(x / 1e6).toFixed(1)}M`;
  if (x >= 1e3) return `${(x / 1e3).toFixed(0)}k`;
  return integer(x);
}

/** Seconds as µs, ms or s with three significant digits: 0.000205 -> "205 µs". */
export function time(seconds: number): string {
  if (seconds < 1e-3) return `${significantDigits(seconds * 1e6)} µs`;
  if (seconds < 1) return `${significantDigits(seconds * 1e3)} ms`;
  return `${significantDigits(seconds)} s`;
}

/** Seconds as microseconds, three significant digits: 1.5e-6 -> "1.5 µs". */
export function microseconds(seconds: number): string {
  return `${significantDigits(seconds * 1e6)} µs`;
}

/** Seconds as milliseconds with a fixed number of decimals: 0.0012345 -> "1.235 ms" (3). */
export function milliseconds(seconds: number, digits?: number): string {
  return digits === undefined ? `${significantDigits(seconds * 1e3)} ms` : `${(seconds * 1e3).toFixed(digits)} ms`;
}

const SI_PREFIXES: [number, string][] = [
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** An operation count with an SI prefix: 1.19e10 -> "11.9 GFLOP". */
export function flops(x: number): string {
  for (const [size, prefix] of SI_PREFIXES) if (x >= size) return `${significantDigits(x / size)} ${prefix}FLOP`;
  return `${significantDigits(x)} FLOP`;
}

/** A multiple: 1.8477 -> "1.85×". */
export function ratio(x: number): string {
  return `${significantDigits(x)}×`;
}

/** A multiple for a log-axis tick: 1000 -> "1K×". */
export function decade(x: number): string {
  if (x >= 1e6) return `${significantDigits(x / 1e6)}M×`;
  if (x >= 1e3) return `${significantDigits(x / 1e3)}K×`;
  return `${significantDigits(x)}×`;
}

/** A power of two for an axis tick: 1024 -> "1K", 1048576 -> "1M". */
export function powerOfTwo(x: number): string {
  if (x >= 1 << 20) return `${x / (1 << 20)}M`;
  if (x >= 1 << 10) return `${x / (1 << 10)}K`;
  return String(x);
}

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** 3 -> "three"; past twelve, digits. */
export function countWord(n: number): string {
  return WORDS[n] ?? integer(n);
}

const FRACTIONS: [number, string][] = [
  [1 / 4, 'a quarter'],
  [1 / 3, 'a third'],
  [1 / 2, 'half'],
  [2 / 3, 'two thirds'],
  [3 / 4, 'three quarters'],
  [4 / 5, 'four fifths'],
];

/** 0.742 -> "three quarters": the nearest of the fractions a sentence says in words. */
export function fractionWords(share: number): string {
  let best = FRACTIONS[0]!;
  for (const f of FRACTIONS) if (Math.abs(f[0] - share) < Math.abs(best[0] - share)) best = f;
  return best[1];
}

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "a, b and c"; one item alone; nothing for none. */
export function listWords(items: readonly string[]): string {
  return conjunction.format(items);
}

/** "4, 8, 12, … 92 and 93" for a long list of numbers; every item for a short one. */
export function positionList(p: readonly number[]): string {
  if (p.length <= 5) return listWords(p.map(String));
  return `${p[0]}, ${p[1]}, ${p[2]}, … ${p[p.length - 2]} and ${p[p.length - 1]}`;
}

/** An inclusive range of integers, "0–3", or one number when both ends meet. */
export function span([from, to]: readonly [number, number]): string {
  return from === to ? integer(from) : `${integer(from)}\u2013${integer(to)}`;
}

/** "https://docs.nvidia.com/nemo/automodel/.../kimi-k3.md" -> "docs.nvidia.com/…/kimi-k3.md". */
export function urlLabel(url: string): string {
  const u = new URL(url);
  const host = u.hostname.replace(/^www\./, '');
  const parts = u.pathname.split('/').filter(Boolean);
  if (parts.length === 0) return host;
  const clip = (part: string) => (part.length > 36 ? `${part.slice(0, 34)}\u2026` : part);
  if (parts.length <= 2) return `${host}/${parts.map(clip).join('/')}`;
  return `${host}/${clip(parts[0]!)}/\u2026/${clip(parts[parts.length - 1]!)}`;
}

/** Bytes in binary units, four significant digits: 27,648 → "27 KiB", 2.944e10 → "27.42 GiB". */
export function bytes(x: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  while (i < units.length - 1 && Math.abs(x) >= 1024 ** (i + 1)) i++;
  return i === 0 ? `${integer(x)} B` : `${significantDigits(x / 1024 ** i, 4)} ${units[i]}`;
}

/** "2026-12-06" -> "6 December 2026". */
export function longDate(iso: string): string {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${months[m! - 1]} ${y}`;
}
