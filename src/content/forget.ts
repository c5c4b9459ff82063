/**
 * The numbers the `forget` prose states, computed by the core at build time for the stated
 * seeds, so a sentence can never drift from what the figure shows.
 */
import { channelGates, errorAt, cosineAt, makeStream, RULES, trace, type Rule, type StreamKind } from '../core';

export interface ForgetView {
  stream: StreamKind;
  seed: number;
  n: number;
  error: Record<Rule, number>;
  cosine: Record<Rule, number>;
}

export const FORGET_DEFAULTS = { stream: 'capacity' as StreamKind, seed: 1, n: 16, beta: 1, alpha: 0.9, slow: 1, fast: 0.5 };

const gates = () => ({
  beta: FORGET_DEFAULTS.beta,
  alpha: FORGET_DEFAULTS.alpha,
  channelAlpha: channelGates(FORGET_DEFAULTS.slow, FORGET_DEFAULTS.fast),
});

export function forgetView(stream: StreamKind, seed: number, n: number): ForgetView {
  const t = trace({ stream: makeStream({ kind: stream, seed, length: n }), gates: gates(), n });
  const pick = (f: (r: Rule) => number) => Object.fromEntries(RULES.map((r) => [r, f(r)])) as Record<Rule, number>;
  return {
    stream,
    seed,
    n,
    error: pick((r) => errorAt(t, r, n)),
    cosine: pick((r) => cosineAt(t, r, n)),
  };
}

/** Mean read error of each rule after each n, over `seeds` capacity streams (seeds 1..seeds). */
export function meanErrors(seeds: number, n: number, stream: StreamKind = 'capacity'): Record<Rule, Float64Array> {
  const sums = Object.fromEntries(RULES.map((r) => [r, new Float64Array(n)])) as Record<Rule, Float64Array>;
  for (let seed = 1; seed <= seeds; seed++) {
    const t = trace({ stream: makeStream({ kind: stream, seed, length: n }), gates: gates(), n });
    for (const r of RULES) for (let i = 0; i < n; i++) sums[r][i]! += t.error[r][i]!;
  }
  for (const r of RULES) for (let i = 0; i < n; i++) sums[r][i]! /= seeds;
  return sums;
}

/** The first number of pairs at which a mean error reaches 1.00 (as wrong as answering zero). */
export function firstAtOrAbove(errors: Float64Array, level = 1): number | null {
  const i = errors.findIndex((e) => e >= level);
  return i < 0 ? null : i + 1;
}

export const AVERAGE_OVER_SEEDS = 500;
