/**
 * exp and log for the trainer, written with + − × ÷ alone, which every JavaScript engine rounds
 * the same way (IEEE 754, round to nearest). Math.exp and Math.log are not bound to one result:
 * Node 20 and Chromium 156 disagree in the last bit on about one input in ten, and a training
 * run grows one bit into a different model. With these, a cell trained in any browser is the
 * cell stored by the build, bit for bit. Each is within a few units in the last place of the
 * true value (tests/core/mqarElementary.test.ts).
 */

/** 2^k for k = −1022 … 1023, each made by exact doubling or halving. */
const POW2 = /* @__PURE__ */ (() => {
  const t = new Float64Array(2046);
  t[1022] = 1;
  for (let k = 1; k <= 1023; k++) t[1022 + k] = t[1021 + k]! * 2;
  for (let k = 1; k <= 1022; k++) t[1022 - k] = t[1023 - k]! / 2;
  return t;
})();

/** 2^k for any integer k, 0 or ∞ past the doubles. */
function pow2(k: number): number {
  if (k > 1023) return Number.POSITIVE_INFINITY;
  if (k >= -1022) return POW2[k + 1022]!;
  if (k < -1074) return 0;
  return POW2[0]! * POW2[k + 2 * 1022]!;
}

/** ln 2 in two parts, the first with trailing zero bits so that k × LN2_HI is exact for |k| < 2^11. */
const LN2_HI = 0.6931471803691238;
const LN2_LO = 1.9082149292705877e-10;
const LOG2E = Math.LOG2E;

/** e^x. */
export function exp(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x > 709.782712893384) return Number.POSITIVE_INFINITY;
  if (x < -745.1332191019412) return 0;
  const k = Math.round(x * LOG2E);
  const r = x - k * LN2_HI - k * LN2_LO;
  // e^r for |r| ≤ ln2/2 by Taylor's series to r^14, whose next term is under 2^−56.
  let p = 1 / 87178291200;
  p = p * r + 1 / 6227020800;
  p = p * r + 1 / 479001600;
  p = p * r + 1 / 39916800;
  p = p * r + 1 / 3628800;
  p = p * r + 1 / 362880;
  p = p * r + 1 / 40320;
  p = p * r + 1 / 5040;
  p = p * r + 1 / 720;
  p = p * r + 1 / 120;
  p = p * r + 1 / 24;
  p = p * r + 1 / 6;
  p = p * r + 1 / 2;
  p = p * r + 1;
  p = p * r + 1;
  // Scaled in two steps where 2^k alone would leave the doubles.
  return k > 1023 ? p * 2 * pow2(k - 1) : k < -1022 ? p * pow2(-1022) * pow2(k + 1022) : p * pow2(k);
}

const SQRT2 = Math.SQRT2;

/** ln x. */
export function log(x: number): number {
  if (Number.isNaN(x) || x < 0) return Number.NaN;
  if (x === 0) return Number.NEGATIVE_INFINITY;
  if (x === Number.POSITIVE_INFINITY) return x;
  // x = m × 2^e with m in [√½, √2): e from the doubling table, m by exact scaling.
  let e = 0;
  let m = x;
  if (m < POW2[0]!) {
    m *= POW2[1022 + 54]!;
    e -= 54;
  }
  let lo = -1022;
  let hi = 1023;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (POW2[mid + 1022]! <= m) lo = mid;
    else hi = mid - 1;
  }
  m /= POW2[lo + 1022]!;
  e += lo;
  if (m >= SQRT2) {
    m /= 2;
    e += 1;
  }
  // ln m = 2 atanh(s), s = (m − 1)/(m + 1), |s| < 0.172: the odd series to s^25.
  const s = (m - 1) / (m + 1);
  const s2 = s * s;
  let q = 1 / 25;
  for (let n = 23; n >= 1; n -= 2) q = q * s2 + 1 / n;
  const lnM = 2 * s * q;
  return e * LN2_HI + (lnM + e * LN2_LO);
}

/** ln(1 + x), accurate where x is small. */
export function log1p(x: number): number {
  const u = 1 + x;
  if (u === 1) return x;
  if (u === Number.POSITIVE_INFINITY) return u;
  return (log(u) * x) / (u - 1);
}

/**
 * Standard normal draws from a uniform source in [0, 1), by Marsaglia's polar method (as
 * d3-random's randomNormal, but with this file's log, so every engine draws the same numbers):
 * each accepted pair gives two draws.
 */
export function normalFrom(uniform: () => number): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    let x: number;
    let y: number;
    let r: number;
    do {
      x = uniform() * 2 - 1;
      y = uniform() * 2 - 1;
      r = x * x + y * y;
    } while (r === 0 || r > 1);
    const f = Math.sqrt((-2 * log(r)) / r);
    spare = x * f;
    return y * f;
  };
}

/**
 * The cosine schedule's factor ½(1 + cos πf) for f in [0, 1], with + − × ÷ alone: with u = π(f − ½)
 * in [−π/2, π/2], cos πf = −sin u, and sin u by Taylor's series to u^23, whose next term is under 2^−60.
 */
export function halfCosine(f: number): number {
  if (!(f >= 0 && f <= 1)) throw new RangeError(`halfCosine: ${f} is not in [0, 1]`);
  const u = Math.PI * (f - 0.5);
  const u2 = u * u;
  // u(1 − u²/(2·3)(1 − u²/(4·5)(1 − …))), nested from its last term.
  let t = 1;
  for (let n = 23; n >= 3; n -= 2) t = 1 - (u2 / (n * (n - 1))) * t;
  return 0.5 * (1 - u * t);
}
