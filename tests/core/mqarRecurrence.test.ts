import { randomLcg, randomNormal } from 'd3-random';
import { describe, expect, it } from 'vitest';
import { D, type Gates, read, type Rule, write, zeroState } from '../../src/core/memory';
import { gdn2Write } from '../../src/core/gdn2';
import { type Recurrence, type RecurrenceInput, recurrenceForward } from '../../src/core/mqar';

const T = 10;
const RULE: Record<Exclude<Recurrence, 'gdn2'>, Rule> = { linear: 'additive', delta: 'delta', gated: 'gatedDelta', perChannel: 'perChannelGated' };

/** Unit keys and queries, Gaussian values, β in (0, 1), decays spread over (0.3, 1) so a wrong side shows. */
function inputs(kind: Recurrence, seed: number): RecurrenceInput {
  const uniform = randomLcg(seed);
  uniform();
  const normal = randomNormal.source(uniform)(0, 1);
  const unitRows = () => {
    const x = Float64Array.from({ length: T * D }, normal);
    for (let t = 0; t < T; t++) {
      const n = Math.hypot(...x.subarray(t * D, t * D + D));
      for (let i = 0; i < D; i++) x[t * D + i]! /= n;
    }
    return x;
  };
  return {
    kind,
    d: D,
    T,
    q: unitRows(),
    k: unitRows(),
    v: Float64Array.from({ length: T * D }, normal),
    beta: Float64Array.from({ length: T }, uniform),
    alpha: Float64Array.from({ length: kind === 'perChannel' || kind === 'gdn2' ? T * D : T }, () => 0.3 + 0.7 * uniform()),
    erase: Float64Array.from({ length: kind === 'gdn2' ? T * D : 0 }, uniform),
    write: Float64Array.from({ length: kind === 'gdn2' ? T * D : 0 }, uniform),
  };
}

const row = (x: Float64Array, t: number) => x.subarray(t * D, t * D + D);

/** The gates memory.ts takes for token t: the rule reads only the ones it uses. */
function gatesAt(x: RecurrenceInput, t: number): Gates {
  return {
    beta: x.beta[t]!,
    alpha: x.kind === 'gated' ? x.alpha[t]! : 1,
    channelAlpha: x.kind === 'perChannel' ? row(x.alpha, t) : new Float64Array(D).fill(1),
  };
}

function trainerStates(x: RecurrenceInput): { states: Float64Array; O: Float64Array } {
  const states = new Float64Array((T + 1) * D * D);
  const O = new Float64Array(T * D);
  recurrenceForward(x, states, new Float64Array(T * D), O);
  return { states, O };
}

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

/**
 * Wrong side: the decay on the columns of S (S Diag(α) instead of Diag(α) S), then the delta write;
 * and the form sometimes written, S_{t−1}(Diag(α) − β kᵀk) + β kᵀv (research §3).
 */
function wrongSide(x: RecurrenceInput, form: 'columns' | 'rightTransition'): Float64Array[] {
  const out: Float64Array[] = [];
  let S = zeroState();
  for (let t = 0; t < T; t++) {
    const a = row(x.alpha, t);
    const k = row(x.k, t);
    const v = row(x.v, t);
    const b = x.beta[t]!;
    const next = new Float64Array(D * D);
    if (form === 'columns') {
      const M = S.map((s, idx) => s * a[idx % D]!);
      const u = v.map((vj, j) => b * (vj - k.reduce((acc, ki, i) => acc + ki * M[i * D + j]!, 0)));
      for (let i = 0; i < D; i++) for (let j = 0; j < D; j++) next[i * D + j] = M[i * D + j]! + k[i]! * u[j]!;
    } else {
      // S (Diag(α) − β kᵀk): entry (i, j) = S[i, j] α_j − β (S kᵀ)_i k_j.
      for (let i = 0; i < D; i++) {
        const Sk = k.reduce((acc, kj, j) => acc + S[i * D + j]! * kj, 0);
        for (let j = 0; j < D; j++) next[i * D + j] = S[i * D + j]! * a[j]! - b * Sk * k[j]! + b * k[i]! * v[j]!;
      }
    }
    S = next;
    out.push(S);
  }
  return out;
}

describe('the trainer’s recurrence is the core’s write rule', () => {
  for (const kind of ['linear', 'delta', 'gated', 'perChannel'] as const) {
    it(`${kind} equals memory.ts's ${RULE[kind]} state by state at d = ${D}, and its outputs are q_t S_t`, () => {
      const x = inputs(kind, 3);
      const { states, O } = trainerStates(x);
      let S = zeroState();
      expect(Array.from(states.subarray(0, D * D))).toEqual(Array.from(S));
      for (let t = 0; t < T; t++) {
        S = write(RULE[kind], S, row(x.k, t), row(x.v, t), gatesAt(x, t));
        expect(maxDiff(states.subarray((t + 1) * D * D, (t + 2) * D * D), S)).toBeLessThan(1e-12);
        expect(maxDiff(row(O, t), read(S, row(x.q, t)))).toBeLessThan(1e-12);
      }
    });
  }

  it(`gdn2 equals the core's Gated DeltaNet-2 write (src/core/gdn2.ts) state by state at d = ${D}, and with both gates equal to β it is perChannel`, () => {
    const x = inputs('gdn2', 5);
    const { states, O } = trainerStates(x);
    const S = zeroState();
    for (let t = 0; t < T; t++) {
      gdn2Write(S, D, row(x.k, t), row(x.v, t), { alpha: row(x.alpha, t), b: row(x.erase, t), w: row(x.write, t) });
      expect(maxDiff(states.subarray((t + 1) * D * D, (t + 2) * D * D), S)).toBeLessThan(1e-12);
      expect(maxDiff(row(O, t), read(S, row(x.q, t)))).toBeLessThan(1e-12);
    }
    // Both gates at β on every channel: the trainer's KDA, per channel.
    const kda = inputs('perChannel', 5);
    const tied = { ...inputs('gdn2', 5), q: kda.q, k: kda.k, v: kda.v, alpha: kda.alpha };
    for (let t = 0; t < T; t++) {
      tied.erase.fill(kda.beta[t]!, t * D, (t + 1) * D);
      tied.write.fill(kda.beta[t]!, t * D, (t + 1) * D);
    }
    expect(maxDiff(trainerStates(tied).states, trainerStates(kda).states)).toBeLessThan(1e-12);
  });

  it('the decay goes on the rows: applying it to the columns, or as S(Diag(α) − βkᵀk), gives other states', () => {
    const x = inputs('perChannel', 3);
    const { states } = trainerStates(x);
    for (const form of ['columns', 'rightTransition'] as const) {
      const wrong = wrongSide(x, form);
      const worst = Math.max(...wrong.map((S, t) => maxDiff(S, states.subarray((t + 1) * D * D, (t + 2) * D * D))));
      expect(worst, form).toBeGreaterThan(0.05);
    }
  });

  it('with every decay 1 the wrong sides agree with the right one, so the difference above is the side alone', () => {
    const x = inputs('perChannel', 3);
    x.alpha.fill(1);
    const { states } = trainerStates(x);
    const wrong = wrongSide(x, 'columns');
    for (let t = 0; t < T; t++) expect(maxDiff(wrong[t]!, states.subarray((t + 1) * D * D, (t + 2) * D * D))).toBeLessThan(1e-12);
  });
});
