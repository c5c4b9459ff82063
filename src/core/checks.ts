/**
 * The argument checks shared by the sequence algorithms (research/math.md §2) and the cost model
 * (§4.1): each throws an Error that names the argument and the value it got.
 */

export function requirePositive(name: string, x: number): void {
  if (!(Number.isFinite(x) && x > 0)) throw new Error(`${name} must be a positive finite number, got ${x}`);
}

export function requireNonNegative(name: string, x: number): void {
  if (!(Number.isFinite(x) && x >= 0)) throw new Error(`${name} must be a finite number ≥ 0, got ${x}`);
}

export function requirePositiveInteger(name: string, n: number): void {
  if (!(Number.isInteger(n) && n > 0)) throw new Error(`${name} must be a positive integer, got ${n}`);
}
