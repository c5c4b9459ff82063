import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GATES, RULES, channelGates, makeStream, trace, type Gates, type Rule } from '../../src/core';

// Claims about means over seeds (math.md §5). A single seed can differ from the mean by 0.05–0.4,
// so every claim here is about the mean over SEEDS streams. Reference figures are math.md's own
// Monte-Carlo runs, an independent implementation; each carries sampling error of about 0.01.
const SEEDS = 500;
const N = 128;

/** Mean over seeds 1..SEEDS of each rule's error curve: mean[rule][i − 1] after i writes. */
function meanCurves(kind: 'capacity' | 'lifetimes', n: number, gates: Gates): Record<Rule, Float64Array> {
  const sums = Object.fromEntries(RULES.map((rule) => [rule, new Float64Array(n)])) as Record<Rule, Float64Array>;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const t = trace({ stream: makeStream({ kind, seed, length: n }), gates, n });
    for (const rule of RULES)
      t.error[rule].forEach((e, i) => {
        sums[rule][i]! += e / SEEDS;
      });
  }
  return sums;
}

const at = (curve: Float64Array, n: number): number => curve[n - 1]!;

function firstAtLeastOne(curve: Float64Array): number {
  return curve.findIndex((e) => e >= 1) + 1;
}

describe(`capacity stream, mean over ${SEEDS} seeds, β = 1`, () => {
  let additive: Float64Array = new Float64Array(0);
  let delta: Float64Array = new Float64Array(0);
  // 500 streams take a few seconds alone and more on a loaded two-core machine: a minute keeps them well inside it.
  beforeAll(() => {
    ({ additive, delta } = meanCurves('capacity', N, DEFAULT_GATES));
  }, 60_000);

  it('additive: the mean error first reaches 1 between n = 9 and 12, and is 1.2–1.45 at n = 16', () => {
    const crossing = firstAtLeastOne(additive);
    expect(crossing).toBeGreaterThanOrEqual(9);
    expect(crossing).toBeLessThanOrEqual(12);
    expect(at(additive, 16)).toBeGreaterThan(1.2);
    expect(at(additive, 16)).toBeLessThan(1.45);
  });

  // Reading pair i returns v_i plus crosstalk Σ_{j≠i} (k_i·k_j) v_j, roughly Gaussian in 8 dimensions
  // with total variance (n − 1)/8, so its norm averages E[χ_8]·√((n − 1)/64), E[χ_8] = √2·Γ(9/2)/Γ(4).
  it('additive: the error grows like 0.97·√((n − 1)/8), without bound', () => {
    const gammaNineHalves = 3.5 * 2.5 * 1.5 * 0.5 * Math.sqrt(Math.PI);
    const meanChi8 = (Math.SQRT2 * gammaNineHalves) / 6;
    for (const n of [32, 64, 128]) {
      const predicted = meanChi8 * Math.sqrt((n - 1) / 64);
      expect(Math.abs(at(additive, n) / predicted - 1)).toBeLessThan(0.02);
    }
  });

  it('delta beats additive at every n from 10 to 128, and stays bounded', () => {
    for (let n = 10; n <= N; n++) expect(at(delta, n)).toBeLessThan(at(additive, n));
    // A forgotten pair reads junk of norm about 1, so the error tends to √2, never beyond.
    expect(Math.max(...delta)).toBeLessThan(Math.SQRT2);
    const crossing = firstAtLeastOne(delta);
    expect(crossing).toBeGreaterThanOrEqual(17);
    expect(crossing).toBeLessThanOrEqual(23);
  });

  it.each([
    ['additive', 8, 0.89],
    ['additive', 12, 1.12],
    ['additive', 16, 1.32],
    ['additive', 32, 1.9],
    ['additive', 64, 2.71],
    ['delta', 8, 0.64],
    ['delta', 16, 0.92],
    ['delta', 32, 1.14],
    ['delta', 64, 1.26],
  ] as const)('agrees with math.md §5: %s at n = %i ≈ %f', (rule, n, reference) => {
    const curve = rule === 'additive' ? additive : delta;
    expect(Math.abs(at(curve, n) - reference)).toBeLessThan(0.04);
  });
});

describe(`lifetimes stream (4 slow + 20 fast), mean over ${SEEDS} seeds, β = 1`, () => {
  const n = 24;
  const finalMean = (rule: Rule, gates: Gates): number => at(meanCurves('lifetimes', n, gates)[rule], n);
  const gated = (alpha: number): Gates => ({ beta: 1, alpha, channelAlpha: channelGates(1, 1) });
  const perChannel = (fast: number): Gates => ({ beta: 1, alpha: 1, channelAlpha: channelGates(1, fast) });

  let keepSlowHalveFast = Number.NaN;
  beforeAll(() => {
    keepSlowHalveFast = finalMean('perChannelGated', perChannel(0.5));
  });

  it.each([0.5, 0.7, 0.9, 1])('per-channel decay (slow 1, fast 0.5) beats scalar decay α = %f', (alpha) => {
    expect(keepSlowHalveFast).toBeLessThan(finalMean('gatedDelta', gated(alpha)));
  });

  it.each([
    ['delta', gated(1), 0.98],
    ['gatedDelta', gated(0.9), 1.06],
    ['gatedDelta', gated(0.7), 1.041],
    ['gatedDelta', gated(0.5), 1.034],
    ['perChannelGated', perChannel(0.5), 0.867],
    ['perChannelGated', perChannel(0.7), 0.875],
    ['additive', gated(1), 1.761],
  ] as const)('agrees with math.md §5.3: %s ≈ %f', (rule, gates, reference) => {
    expect(Math.abs(finalMean(rule, gates) - reference)).toBeLessThan(0.03);
  });
});
