/**
 * The numbers the `forget` prose states, computed by the core at build time: on the figure's
 * opening stream (the phases stream, FORGET_DEFAULTS) and on its random-key stream (RANDOM_KEYS),
 * each with its own seed and gates (./defaults.ts), so a sentence can never drift from what the
 * figure shows.
 */
import {
  channelGates,
  cosineAt,
  D,
  errorAt,
  groupErrors,
  makeStream,
  nearestShare,
  PHASES_LENGTH,
  PHASES_SWITCH,
  phaseScores,
  type PhaseGroup,
  RECENT_FAST,
  RULES,
  SLOW_CHANNELS,
  SLOW_FACTS,
  stateAt,
  trace,
  type PairGroup,
  type Rule,
  type StreamKind,
} from '../core';
import { FORGET_DEFAULTS, type ForgetSettings, RANDOM_KEYS } from './defaults';

export { FORGET_DEFAULTS, RANDOM_KEYS };

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

const byRule = <T>(f: (r: Rule) => T) => Object.fromEntries(RULES.map((r) => [r, f(r)])) as Record<Rule, T>;

export function forgetView(stream: StreamKind, seed: number, n: number, defaults: ForgetSettings = RANDOM_KEYS): ForgetView {
  const t = trace({ stream: makeStream({ kind: stream, seed, length: n }), gates: gates(defaults), n });
  return { stream, seed, n, error: byRule((r) => errorAt(t, r, n)), cosine: byRule((r) => cosineAt(t, r, n)) };
}

/** Each rule's mean read error per group of pairs (slow facts, old fast, latest fast) after n pairs. */
export function groupView(stream: StreamKind, seed: number, n: number, defaults: ForgetSettings = RANDOM_KEYS): Record<Rule, Record<PairGroup, number | null>> {
  const s = makeStream({ kind: stream, seed, length: n });
  const t = trace({ stream: s, gates: gates(defaults), n });
  return byRule((r) => groupErrors(stateAt(t, r, n), s, n));
}

/** Mean read error of each rule after each n, over `seeds` streams (seeds 1..seeds). */
export function meanErrors(seeds: number, n: number, stream: StreamKind = 'capacity', defaults: ForgetSettings = RANDOM_KEYS): Record<Rule, Float64Array> {
  const sums = Object.fromEntries(RULES.map((r) => [r, new Float64Array(n)])) as Record<Rule, Float64Array>;
  for (let seed = 1; seed <= seeds; seed++) {
    const t = trace({ stream: makeStream({ kind: stream, seed, length: n }), gates: gates(defaults), n });
    for (const r of RULES) for (let i = 0; i < n; i++) sums[r][i]! += t.error[r][i]!;
  }
  for (const r of RULES) for (let i = 0; i < n; i++) sums[r][i]! /= seeds;
  return sums;
}

/** Each rule's mean read error, cosine and nearest-value accuracy after n pairs of the random-key stream, over seeds 1..seeds. */
export function meanRecall(seeds: number, n: number, defaults: ForgetSettings = RANDOM_KEYS): Record<'error' | 'cosine' | 'accuracy', Record<Rule, number>> {
  const error = byRule(() => 0);
  const cosine = byRule(() => 0);
  const accuracy = byRule(() => 0);
  for (let seed = 1; seed <= seeds; seed++) {
    const s = makeStream({ kind: 'capacity', seed, length: n });
    const t = trace({ stream: s, gates: gates(defaults), n });
    for (const r of RULES) {
      error[r] += errorAt(t, r, n) / seeds;
      cosine[r] += cosineAt(t, r, n) / seeds;
      accuracy[r] += nearestShare(stateAt(t, r, n), s.keys, s.values) / seeds;
    }
  }
  return { error, cosine, accuracy };
}

/** The first number of pairs at which a mean error reaches 1.00 (as wrong as answering zero). */
export function firstAtOrAbove(errors: Float64Array, level = 1): number | null {
  const i = errors.findIndex((e) => e >= level);
  return i < 0 ? null : i + 1;
}

/** The prose names every group, so each must have pairs at the point it reads the stream. */
function everyGroup(g: Record<Rule, Record<PairGroup, number | null>>): Record<Rule, Record<PairGroup, number>> {
  return byRule((r) => {
    const { slow, oldFast, recentFast } = g[r];
    if (slow === null || oldFast === null || recentFast === null) throw new Error(`the lifetimes stream at ${LIFETIMES_N} pairs leaves a group empty`);
    return { slow, oldFast, recentFast };
  });
}

/** The phases stream after n writes: each rule's read error per group of pairs, and over every question. */
export interface PhasesView {
  n: number;
  seed: number;
  groups: Record<Rule, Record<PhaseGroup, number | null>>;
  cosine: Record<Rule, Record<PhaseGroup, number | null>>;
  all: Record<Rule, number>;
}

export function phasesView(n: number, defaults: ForgetSettings = FORGET_DEFAULTS): PhasesView {
  const s = makeStream({ kind: 'phases', seed: defaults.seed, length: PHASES_LENGTH });
  const t = trace({ stream: s, gates: gates(defaults), n: PHASES_LENGTH });
  const scores = byRule((r) => phaseScores(stateAt(t, r, n), s, n));
  return { n, seed: defaults.seed, groups: byRule((r) => scores[r].error), cosine: byRule((r) => scores[r].cosine), all: byRule((r) => scores[r].all.error) };
}

/** Each rule's mean read error per group of the phases stream after n writes, over seeds 1..seeds. */
export function meanPhases(seeds: number, n: number, defaults: ForgetSettings = FORGET_DEFAULTS): Record<Rule, Record<PhaseGroup, number | null>> {
  const sums = byRule(() => ({ facts: 0, once: 0, rewritten: 0, stale: 0 }) as Record<PhaseGroup, number>);
  let empty: Record<PhaseGroup, boolean> = { facts: false, once: false, rewritten: false, stale: false };
  for (let seed = 1; seed <= seeds; seed++) {
    const v = phasesView(n, { ...defaults, seed });
    for (const r of RULES) {
      for (const g of Object.keys(sums[r]) as PhaseGroup[]) {
        const x = v.groups[r][g];
        if (x === null) empty = { ...empty, [g]: true };
        else sums[r][g] += x / seeds;
      }
    }
  }
  return byRule(
    (r) => Object.fromEntries(Object.entries(sums[r]).map(([g, x]) => [g, empty[g as PhaseGroup] ? null : x])) as Record<PhaseGroup, number | null>,
  );
}

export interface ForgetFacts {
  defaults: ForgetSettings;
  /** The phases stream at the new context's first pair (where the figure opens), and at its end. */
  phases: { open: PhasesView; end: PhasesView };
  /** The random-key stream's settings, where the readings of random keys are taken. */
  random: ForgetSettings;
  /** The random-key stream at its opening number of pairs. */
  view: ForgetView;
  /** Read error, cosine and nearest-value accuracy at that number of pairs, averaged over `seeds` random-key streams. */
  recallAtView: Record<'error' | 'cosine' | 'accuracy', Record<Rule, number>>;
  /** The same stream at the slider's far end. */
  late: ForgetView;
  /** The lowest and highest late error among the three delta rules. */
  lateDeltaRange: [number, number];
  lifetimes: ForgetView;
  /** The lifetimes view's error by group of pairs. */
  lifetimesGroups: Record<Rule, Record<PairGroup, number>>;
  /** Pairs the memory has channels for: its width. */
  width: number;
  /**
   * The lifetimes stream's layout: slow facts, their channels, the fast channels, and how many latest
   * fast pairs count as recent. Channels are numbered for the reader, from 1, as everywhere on the page.
   */
  layout: { slowFacts: number; slowChannels: [number, number]; fastChannels: [number, number]; recentFast: number };
  /** The orthogonal stream at the memory's width, and one pair past it. */
  orthogonal: ForgetView;
  orthogonalPast: ForgetView;
  /** The figure's stream and seed at the memory's width. */
  atWidth: ForgetView;
  /** Each rule's read error at the memory's width, averaged over `seeds` capacity streams. */
  meanAtWidth: Record<Rule, number>;
  seeds: number;
  /** Pairs at which the averaged additive and delta errors first reach 1.00. */
  crossing: number | null;
  deltaCrossing: number | null;
}

export function forgetFacts(defaults: ForgetSettings = FORGET_DEFAULTS, random: ForgetSettings = RANDOM_KEYS): ForgetFacts {
  const view = forgetView(random.stream, random.seed, random.n, random);
  const late = forgetView(random.stream, random.seed, LATE_N, random);
  const means = meanErrors(AVERAGE_OVER_SEEDS, CROSSING_SEARCH, 'capacity', random);
  const delta = [late.error.delta, late.error.gatedDelta, late.error.perChannelGated];
  return {
    phases: { open: phasesView(PHASES_SWITCH, defaults), end: phasesView(PHASES_LENGTH, defaults) },
    random,
    recallAtView: meanRecall(AVERAGE_OVER_SEEDS, random.n, random),
    lifetimesGroups: everyGroup(groupView('lifetimes', random.seed, LIFETIMES_N, random)),
    width: D,
    layout: { slowFacts: SLOW_FACTS, slowChannels: [1, SLOW_CHANNELS], fastChannels: [SLOW_CHANNELS + 1, D], recentFast: RECENT_FAST },
    orthogonal: forgetView('orthogonal', random.seed, D, random),
    orthogonalPast: forgetView('orthogonal', random.seed, D + 1, random),
    atWidth: forgetView(random.stream, random.seed, D, random),
    meanAtWidth: byRule((r) => means[r][D - 1]!),
    defaults,
    view,
    late,
    lateDeltaRange: [Math.min(...delta), Math.max(...delta)],
    lifetimes: forgetView('lifetimes', random.seed, LIFETIMES_N, random),
    seeds: AVERAGE_OVER_SEEDS,
    crossing: firstAtOrAbove(means.additive),
    deltaCrossing: firstAtOrAbove(means.delta),
  };
}
