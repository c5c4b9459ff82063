/**
 * The numbers the `forget` prose states, computed by the core at build time for the figure's
 * default stream, seed and gates (./defaults.ts), so a sentence can never drift from what the
 * figure shows.
 */
import { channelGates, cosineAt, errorAt, makeStream, RULES, trace, type Rule, type StreamKind } from '../core';
import { FORGET_DEFAULTS, type ForgetSettings } from './defaults';

export { FORGET_DEFAULTS };

export interface ForgetView {
  stream: StreamKind;
  seed: number;
  n: number;
  error: Record<Rule, number>;
  cosine: Record<Rule, number>;
}

/** Streams the prose's averages are taken over (seeds 1..AVERAGE_OVER_SEEDS). */
export const AVERAGE_OVER_SEEDS = 500;
/** Where the prose takes the stream to after the opening view: the slider's far end. */
const LATE_N = 128;
/** Where the lifetimes stream is read: four slow facts, then twenty fast writes. */
const LIFETIMES_N = 24;
/** How far the averaged curves are followed when looking for their crossing of 1.00. */
const CROSSING_SEARCH = 32;

const gates = (d: ForgetSettings) => ({ beta: d.beta, alpha: d.alpha, channelAlpha: channelGates(d.slow, d.fast) });

export function forgetView(stream: StreamKind, seed: number, n: number, defaults: ForgetSettings = FORGET_DEFAULTS): ForgetView {
  const t = trace({ stream: makeStream({ kind: stream, seed, length: n }), gates: gates(defaults), n });
  const pick = (f: (r: Rule) => number) => Object.fromEntries(RULES.map((r) => [r, f(r)])) as Record<Rule, number>;
  return { stream, seed, n, error: pick((r) => errorAt(t, r, n)), cosine: pick((r) => cosineAt(t, r, n)) };
}

/** Mean read error of each rule after each n, over `seeds` streams (seeds 1..seeds). */
export function meanErrors(seeds: number, n: number, stream: StreamKind = 'capacity', defaults: ForgetSettings = FORGET_DEFAULTS): Record<Rule, Float64Array> {
  const sums = Object.fromEntries(RULES.map((r) => [r, new Float64Array(n)])) as Record<Rule, Float64Array>;
  for (let seed = 1; seed <= seeds; seed++) {
    const t = trace({ stream: makeStream({ kind: stream, seed, length: n }), gates: gates(defaults), n });
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

export interface ForgetFacts {
  defaults: ForgetSettings;
  /** The figure's opening view. */
  view: ForgetView;
  /** The same stream at the slider's far end. */
  late: ForgetView;
  /** The lowest and highest late error among the three delta rules. */
  lateDeltaRange: [number, number];
  lifetimes: ForgetView;
  seeds: number;
  /** Pairs at which the averaged additive and delta errors first reach 1.00. */
  crossing: number | null;
  deltaCrossing: number | null;
}

export function forgetFacts(defaults: ForgetSettings = FORGET_DEFAULTS): ForgetFacts {
  const view = forgetView(defaults.stream, defaults.seed, defaults.n, defaults);
  const late = forgetView(defaults.stream, defaults.seed, LATE_N, defaults);
  const means = meanErrors(AVERAGE_OVER_SEEDS, CROSSING_SEARCH, 'capacity', defaults);
  const delta = [late.error.delta, late.error.gatedDelta, late.error.perChannelGated];
  return {
    defaults,
    view,
    late,
    lateDeltaRange: [Math.min(...delta), Math.max(...delta)],
    lifetimes: forgetView('lifetimes', defaults.seed, LIFETIMES_N, defaults),
    seeds: AVERAGE_OVER_SEEDS,
    crossing: firstAtOrAbove(means.additive),
    deltaCrossing: firstAtOrAbove(means.delta),
  };
}
