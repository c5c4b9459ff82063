import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, MAX_SEED, STREAM_KINDS, makeStream, streamLength, write, zeroState, type Rule, type StreamKind } from '../../src/core';
import { recurrentDeltaRule, recurrentGatedDeltaRule } from '../../src/core/reference';

// The `forget` figure's 8×8 write (src/core/memory.ts) and the whole-sequence recurrence that the
// chunked algorithm is checked against (src/core/reference.ts) are written independently; these
// tests hold the figure to the same maths as the chunking section, token for token.

const TOLERANCE = 1e-12;

/** One write's gates; each token may have its own, as the reference takes β_t and g_t per token. */
interface TokenGates {
  beta: number;
  alpha: number;
  channelAlpha: Float64Array;
}

interface Case {
  kind: StreamKind;
  seed: number;
  /** One entry per write, so its length is the stream's. */
  gates: TokenGates[];
}

// fast-check spreads its doubles over their bit patterns, so most draws in [0, 1] lie below 1e-100,
// where β and α leave so little of each write that decay before and after the read agree to 1e-12.
// Evenly spaced gates carry the test; the raw doubles still reach the tiny and subnormal edges.
const STEPS = 2 ** 24;
const gate = (min: number): fc.Arbitrary<number> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min, max: STEPS }).map((n) => n / STEPS) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1, minExcluded: min > 0, noNaN: true }) },
  );
const unitInterval = gate(0);
// α = 0 has no log-decay (ln 0 = −∞, which the reference rejects), so the scalar decay stays in (0, 1].
const positiveDecay = gate(1);

const tokenGates: fc.Arbitrary<TokenGates> = fc.record({
  beta: unitInterval,
  alpha: positiveDecay,
  channelAlpha: fc.array(unitInterval, { minLength: D, maxLength: D }).map((a) => Float64Array.from(a)),
});

// The phases stream ends at its own length; the others run as long as asked.
const cases: fc.Arbitrary<Case> = fc.constantFrom<StreamKind>(...STREAM_KINDS).chain((kind) =>
  fc.record({
    kind: fc.constant(kind),
    seed: fc.integer({ min: 0, max: MAX_SEED }),
    gates: fc.array(tokenGates, { minLength: 1, maxLength: streamLength(kind, 120) }),
  }),
);

const RUNS = { numRuns: 200 };

function streamOf({ kind, seed, gates }: Case) {
  return makeStream({ kind, seed, length: gates.length });
}

/** The final state after `write(rule, …)` of every pair in order, token t under gates[t]. */
function writeAll(rule: Rule, c: Case): Float64Array {
  const { keys, values } = streamOf(c);
  return keys.reduce<Float64Array>((S, k, t) => write(rule, S, k, values[t]!, c.gates[t]!), zeroState());
}

/** The reference's input for the same stream; only its final state is compared, so q_t = k_t. */
function referenceInput(c: Case) {
  const { keys, values } = streamOf(c);
  return {
    queries: keys,
    keys,
    values,
    betas: c.gates.map((g) => g.beta),
    logDecays: c.gates.map((g) => Math.log(g.alpha)),
  };
}

function maxAbsDiff(a: Float64Array, b: Float64Array): number {
  expect(a).toHaveLength(b.length);
  return a.reduce((m, ai, i) => Math.max(m, Math.abs(ai - b[i]!)), 0);
}

/** S as D rows of D, rows indexed by key channel, for the recurrences written out below. */
type Matrix = number[][];

const zeros = (): Matrix => Array.from({ length: D }, () => new Array<number>(D).fill(0));
const flat = (S: Matrix): Float64Array => Float64Array.from(S.flat());

/** S ← S + kᵀu. */
function addOuter(S: Matrix, k: ArrayLike<number>, u: ArrayLike<number>): void {
  for (let i = 0; i < D; i++) for (let j = 0; j < D; j++) S[i]![j]! += k[i]! * u[j]!;
}

/** u = β(v − kS). */
function deltaValue(S: Matrix, k: ArrayLike<number>, v: ArrayLike<number>, beta: number): number[] {
  return Array.from({ length: D }, (_, j) => {
    let kS = 0;
    for (let i = 0; i < D; i++) kS += k[i]! * S[i]![j]!;
    return beta * (v[j]! - kS);
  });
}

/**
 * The per-channel rule written out: S ← Diag(a_t) S (row i, key channel i, scaled by a_t[i]), then
 * the delta write against the decayed state. The reference cannot check this rule: Gated DeltaNet
 * (research §1c) decays the whole state by one scalar α_t per token, and no choice of log-decays
 * g_t turns that into a different decay per key channel.
 */
function perChannelByHand(c: Case, scale: (S: Matrix, a: Float64Array) => void = scaleRows): Float64Array {
  const { keys, values } = streamOf(c);
  const S = zeros();
  keys.forEach((k, t) => {
    const { beta, channelAlpha } = c.gates[t]!;
    scale(S, channelAlpha);
    addOuter(S, k, deltaValue(S, k, values[t]!, beta));
  });
  return flat(S);
}

function scaleRows(S: Matrix, a: Float64Array): void {
  for (let i = 0; i < D; i++) for (let j = 0; j < D; j++) S[i]![j]! *= a[i]!;
}

function scaleColumns(S: Matrix, a: Float64Array): void {
  for (let i = 0; i < D; i++) for (let j = 0; j < D; j++) S[i]![j]! *= a[j]!;
}

/** The gated rule with the decay moved after the delta read: u = β(v − kS), S ← αS + kᵀu. */
function gatedDecayAfterRead(c: Case): Float64Array {
  const { keys, values } = streamOf(c);
  const S = zeros();
  keys.forEach((k, t) => {
    const { beta, alpha } = c.gates[t]!;
    const u = deltaValue(S, k, values[t]!, beta);
    for (const row of S) for (let j = 0; j < D; j++) row[j]! *= alpha;
    addOuter(S, k, u);
  });
  return flat(S);
}

describe('the 8×8 write against the reference recurrence', () => {
  it('delta: any stream of either kind, any β_t in [0, 1], ends in recurrentDeltaRule’s state', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const reference = recurrentDeltaRule(referenceInput(c)).state;
        expect(maxAbsDiff(writeAll('delta', c), reference)).toBeLessThanOrEqual(TOLERANCE);
      }),
      RUNS,
    );
  });

  it('gatedDelta: any stream, any β_t and α_t ∈ (0, 1], ends in recurrentGatedDeltaRule’s state with g_t = ln α_t', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const reference = recurrentGatedDeltaRule(referenceInput(c)).state;
        expect(maxAbsDiff(writeAll('gatedDelta', c), reference)).toBeLessThanOrEqual(TOLERANCE);
      }),
      RUNS,
    );
  });

  it('perChannelGated: any stream, any β_t and channel decays in [0, 1], ends in Diag(a_t) S then the delta write', () => {
    fc.assert(
      fc.property(cases, (c) => {
        expect(maxAbsDiff(writeAll('perChannelGated', c), perChannelByHand(c))).toBeLessThanOrEqual(TOLERANCE);
      }),
      RUNS,
    );
  });

  it('additive: any stream, any gates, ends in Σ_t k_tᵀ v_t', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const { keys, values } = streamOf(c);
        const S = zeros();
        keys.forEach((k, t) => {
          addOuter(S, k, values[t]!);
        });
        expect(maxAbsDiff(writeAll('additive', c), flat(S))).toBeLessThanOrEqual(TOLERANCE);
      }),
      RUNS,
    );
  });

  // A comparison that any implementation passes proves nothing: on one ordinary stream, the
  // plausible mistakes land far outside the tolerance the properties above allow.
  it('tells decay before the delta read from decay after it, and rows from columns', () => {
    const gates = Array.from(
      { length: 40 },
      (_, t): TokenGates => ({
        beta: 0.8,
        alpha: 0.6,
        channelAlpha: Float64Array.from({ length: D }, (_, i) => ((t + i) % 2 === 0 ? 0.3 : 0.9)),
      }),
    );
    for (const kind of STREAM_KINDS) {
      const c: Case = { kind, seed: 7, gates: gates.slice(0, streamLength(kind, gates.length)) };
      const reference = recurrentGatedDeltaRule(referenceInput(c)).state;
      expect(maxAbsDiff(writeAll('gatedDelta', c), reference)).toBeLessThanOrEqual(TOLERANCE);
      expect(maxAbsDiff(gatedDecayAfterRead(c), reference)).toBeGreaterThan(1e-3);
      const byHand = perChannelByHand(c);
      expect(maxAbsDiff(writeAll('perChannelGated', c), byHand)).toBeLessThanOrEqual(TOLERANCE);
      expect(maxAbsDiff(perChannelByHand(c, scaleColumns), byHand)).toBeGreaterThan(1e-3);
    }
  });
});
