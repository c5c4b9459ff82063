import { describe, expect, it } from 'vitest';
import { exp, log, log1p } from '../../src/core/mqar/elementary';

/** Units in the last place between a and b, at b's scale. */
const ulps = (a: number, b: number) => Math.abs(a - b) / (Number.EPSILON * Math.max(Math.abs(b), Number.MIN_VALUE));

describe('exp and log written with + − × ÷ alone', () => {
  const xs: number[] = [];
  let s = 7;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
  for (let i = 0; i < 100_000; i++) xs.push((next() - 0.5) * 80);

  it('exp is within 2 ulps of the true value, over the range the trainer uses', () => {
    let worst = 0;
    for (const x of xs) worst = Math.max(worst, ulps(exp(x), Math.exp(x)));
    // Math.exp is itself within 1 ulp, so 2 against it bounds ours within 3.
    expect(worst).toBeLessThanOrEqual(2);
    expect(exp(0)).toBe(1);
    expect(exp(1)).toBeCloseTo(Math.E, 15);
    expect(exp(-Infinity)).toBe(0);
    expect(exp(710)).toBe(Infinity);
    expect(exp(-740)).toBeGreaterThan(0);
    expect(Number.isNaN(exp(Number.NaN))).toBe(true);
  });

  it('log is within 2 ulps, and undoes exp', () => {
    let worst = 0;
    for (const x of xs) {
      const y = Math.abs(x) * 10 ** ((x * 7) % 300) + 1e-300;
      worst = Math.max(worst, ulps(log(y), Math.log(y)));
    }
    expect(worst).toBeLessThanOrEqual(2);
    for (const x of xs) expect(Math.abs(log(exp(x)) - x)).toBeLessThanOrEqual(4 * Number.EPSILON * Math.max(1, Math.abs(x)));
    expect(log(1)).toBe(0);
    expect(log(0)).toBe(-Infinity);
    expect(Number.isNaN(log(-1))).toBe(true);
    expect(log(Infinity)).toBe(Infinity);
    expect(ulps(log(5e-324), Math.log(5e-324))).toBeLessThanOrEqual(2);
  });

  it('log1p keeps its accuracy for small arguments', () => {
    for (const x of [1e-20, 1e-10, 1e-5, 0.01, 0.5, 3, 1e10]) expect(ulps(log1p(x), Math.log1p(x))).toBeLessThanOrEqual(2);
  });
});

describe('the trainer calls no engine-dependent maths', () => {
  it('uses no Math function an engine may round its own way, and no normal draws but elementary.ts’s', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = 'src/core/mqar';
    // sqrt, abs, max, min, round, floor and ceil are exact in IEEE 754 and so in every engine; the rest are not bound to one result.
    const loose = /Math\.(exp|expm1|log|log1p|log2|log10|pow|sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|cbrt|hypot)\b|\*\*|randomNormal/;
    const found = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'elementary.ts')
      .flatMap((f) =>
        readFileSync(`${dir}/${f}`, 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && loose.test(line))
          .map((line) => `${f}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });
});
