/**
 * What the "attention comes back" prose states about the attention read, computed by the core at
 * build time on the state demo's random-key stream (RANDOM_KEYS in ./defaults.ts) and over many streams, so that no
 * sentence can drift from what the figure draws.
 */
import {
  attentionErrorAt,
  attentionErrors,
  attentionNumbers,
  channelGates,
  D,
  makeStream,
  STATE_NUMBERS,
  trace,
  WINDOW_PAIRS,
  type Rule,
  type StreamKind,
} from '../core';
import { RANDOM_KEYS, RECALL_DEFAULTS, type RecallSettings } from './defaults';
import { AVERAGE_OVER_SEEDS, meanErrors } from './forget';

/** The pairs the figure's slider runs to, as the state demo's does. */
export const RECALL_PAIRS = 128;
/** The textbook scale: 1/√d on unit keys of width D. */
export const TEXTBOOK_S = 1 / Math.sqrt(D);
/** The sharpness slider's far end. */
export const MAX_S = 64;
/** Where the prose compares the window with the delta rule: long after the window is full. */
const WINDOW_N = 64;
/** Where the prose compares the textbook softmax with the delta rule: as many pairs as channels. */
const SMALL_N = D;

const gates = { beta: RANDOM_KEYS.beta, alpha: RANDOM_KEYS.alpha, channelAlpha: channelGates(RANDOM_KEYS.slow, RANDOM_KEYS.fast) };

const streamOf = (seed: number, length = RECALL_PAIRS) => makeStream({ kind: RANDOM_KEYS.stream, seed, length });

export interface RecallView {
  n: number;
  state: Record<Rule, number>;
  cache: number;
  window: number;
  /** The whole cache read with the textbook 1/√d scale. */
  textbook: number;
  numbers: { state: number; cache: number; window: number };
}

/** The four states, the whole cache and the window after n pairs of one stream, at sharpness s. */
export function recallView(n: number, s: number = RECALL_DEFAULTS.s, seed: number = RANDOM_KEYS.seed): RecallView {
  const stream = streamOf(seed, n);
  const t = trace({ stream, gates, n });
  const state = Object.fromEntries((Object.keys(t.error) as Rule[]).map((r) => [r, t.error[r][n - 1]!])) as Record<Rule, number>;
  return {
    n,
    state,
    cache: attentionErrorAt(stream, n, { s, window: null, hard: false }),
    window: attentionErrorAt(stream, n, { s, window: WINDOW_PAIRS, hard: false }),
    textbook: attentionErrorAt(stream, n, { s: TEXTBOOK_S, window: null, hard: false }),
    numbers: { state: STATE_NUMBERS, cache: attentionNumbers(n, null), window: attentionNumbers(n, WINDOW_PAIRS) },
  };
}

export interface RecallAverages {
  seeds: number;
  /** The largest mean error of the sharp whole cache over n = 1..RECALL_PAIRS. */
  sharpCacheWorst: number;
  small: { n: number; textbook: number; delta: number };
  windowed: { n: number; window: number; delta: number };
}

/** Means over seeds 1..`seeds`, the same streams the state demo's averages use. */
export function recallAverages(seeds: number = AVERAGE_OVER_SEEDS, s: number = RECALL_DEFAULTS.s): RecallAverages {
  const sharp = new Float64Array(RECALL_PAIRS);
  let textbook = 0;
  let windowed = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const stream = streamOf(seed);
    const e = attentionErrors(stream, RECALL_PAIRS, { s, window: null, hard: false });
    for (let i = 0; i < RECALL_PAIRS; i++) sharp[i]! += e[i]! / seeds;
    textbook += attentionErrorAt(stream, SMALL_N, { s: TEXTBOOK_S, window: null, hard: false }) / seeds;
    windowed += attentionErrorAt(stream, WINDOW_N, { s, window: WINDOW_PAIRS, hard: false }) / seeds;
  }
  const delta = meanErrors(seeds, WINDOW_N).delta;
  return {
    seeds,
    sharpCacheWorst: Math.max(...sharp),
    small: { n: SMALL_N, textbook, delta: delta[SMALL_N - 1]! },
    windowed: { n: WINDOW_N, window: windowed, delta: delta[WINDOW_N - 1]! },
  };
}

export interface RecallFacts {
  defaults: RecallSettings;
  view: RecallView;
  late: RecallView;
  averages: RecallAverages;
  windowPairs: number;
  stateNumbers: number;
  textbookS: number;
  maxS: number;
  pairs: number;
  stream: StreamKind;
  seed: number;
  /** The fixed state with the lowest error at the far end of the slider. */
  bestLate: Rule;
  gates: { beta: number; alpha: number; slow: number; fast: number };
}

let cached: RecallFacts | null = null;

/** The facts at the figure's defaults, computed once per build: the averages take a few seconds. */
export function recallFacts(defaults: RecallSettings = RECALL_DEFAULTS): RecallFacts {
  if (defaults === RECALL_DEFAULTS && cached) return cached;
  const facts = computeRecallFacts(defaults);
  if (defaults === RECALL_DEFAULTS) cached = facts;
  return facts;
}

/** The rule with the lowest error. */
export function bestOf(errors: Record<Rule, number>): Rule {
  return (Object.keys(errors) as Rule[]).reduce((a, b) => (errors[b] < errors[a] ? b : a));
}

function computeRecallFacts(defaults: RecallSettings): RecallFacts {
  const late = recallView(RECALL_PAIRS, defaults.s);
  return {
    defaults,
    view: recallView(defaults.n, defaults.s),
    late,
    averages: recallAverages(AVERAGE_OVER_SEEDS, defaults.s),
    windowPairs: WINDOW_PAIRS,
    stateNumbers: STATE_NUMBERS,
    textbookS: TEXTBOOK_S,
    maxS: MAX_S,
    pairs: RECALL_PAIRS,
    stream: RANDOM_KEYS.stream,
    seed: RANDOM_KEYS.seed,
    bestLate: bestOf(late.state),
    gates: { beta: RANDOM_KEYS.beta, alpha: RANDOM_KEYS.alpha, slow: RANDOM_KEYS.slow, fast: RANDOM_KEYS.fast },
  };
}
