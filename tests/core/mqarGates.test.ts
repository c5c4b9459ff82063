/**
 * The gate trace of a recurrent memory: its gates are the forward's to the last bit and follow the
 * formulas the head states (recomputed here from the parameters with Math's functions), its states
 * are what the recurrence makes of those gates, keys and values (re-run here by matrix algebra, not
 * by the trainer's loop), its separator is where keyIds is −1, and its token kinds count as the
 * stream's shape says.
 */
import { describe, expect, it } from 'vitest';
import { forward, gateSummary, gateTrace, initParams, median, type Mixer, type Params, tensor } from '../../src/core/mqar';
import { embeddings, type MqarStream, sequence, streamShape } from '../../src/core/mqar/task';

const d = 16;
const e = embeddings(d, 64, 128, 11);
const RULES = ['delta', 'gated', 'perChannel', 'gdn2'] as const satisfies readonly Mixer[];
const seqOf = (stream: MqarStream, kv: number, seed = 5) => sequence(e, stream, kv, seed);

/** S ← (I − kᵀ(b ⊙ k)) Diag(α) S + kᵀ(w ⊙ v), with b = w = β for the β rules (research: Gated DeltaNet-2's write; KDA's where b = w = β). */
function reRun(trace: ReturnType<typeof gateTrace>): Float64Array[] {
  let S = new Float64Array(d * d);
  const out: Float64Array[] = [];
  for (const x of trace.tokens) {
    const a = (i: number) => (x.alpha === null ? 1 : x.alpha.length === 1 ? x.alpha[0]! : x.alpha[i]!);
    const b = (i: number) => (x.erase !== null ? x.erase[i]! : x.beta!);
    const w = (j: number) => (x.write !== null ? x.write[j]! : x.beta!);
    const M = S.map((s, ij) => a(Math.floor(ij / d)) * s);
    const next = new Float64Array(d * d);
    for (let i = 0; i < d; i++)
      for (let j = 0; j < d; j++) {
        // (P M)[i, j] with P = I − kᵀ(b ⊙ k): P[i, r] = δ_ir − k_i b_r k_r.
        let pm = 0;
        for (let r = 0; r < d; r++) pm += ((i === r ? 1 : 0) - x.k[i]! * b(r) * x.k[r]!) * M[r * d + j]!;
        next[i * d + j] = pm + x.k[i]! * w(j) * x.v[j]!;
      }
    S = next;
    out.push(S);
  }
  return out;
}

/** The head's normed input h_t = RMSNorm(token) ⊙ gIn, from the parameters and the token alone. */
function headIn(p: Params, inputs: Float64Array, t: number): number[] {
  const x = Array.from(inputs.subarray(t * 2 * d, (t + 1) * 2 * d));
  const r = 1 / Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length + 1e-5);
  const g = tensor(p, 'gIn');
  return x.map((v, i) => v * r * g[i]!);
}
const row = (W: Float64Array, i: number, h: number[]) => h.reduce((s, v, c) => s + W[i * h.length + c]! * v, 0);
const sig = (z: number) => 1 / (1 + Math.exp(-z));

describe('gateTrace', () => {
  for (const mixer of RULES) {
    describe(mixer, () => {
      const p = initParams(mixer, d, 3);
      const seq = seqOf('switch', 8);
      const trace = gateTrace(p, seq, e.values);

      it('the state after every token is the recurrence re-run by hand from the traced gates, keys and values', () => {
        const hand = reRun(trace);
        expect(trace.tokens).toHaveLength(seq.T);
        trace.tokens.forEach((x, t) => {
          for (let i = 0; i < d * d; i++) expect(Math.abs(x.state[i]! - hand[t]![i]!)).toBeLessThan(1e-12);
        });
        // The check has something to find: the last state is far from zero, and the gates are not all 1.
        expect(Math.max(...trace.tokens.at(-1)!.state.map(Math.abs))).toBeGreaterThan(0.05);
        if (mixer !== 'delta') expect(Math.min(...trace.tokens.flatMap((x) => Array.from(x.alpha!)))).toBeLessThan(0.999);
        // Keys are unit rows (L2 with ε = 1e-6 under the root).
        for (const x of trace.tokens) expect(Math.hypot(...x.k)).toBeCloseTo(1, 5);
      });

      it('the gates are the forward’s to the last bit, and the stated formulas of the parameters', () => {
        const input = forward(p, seq, e.values).buffers.recurrent!.input;
        const n = mixer === 'gated' ? 1 : d;
        trace.tokens.forEach((x, t) => {
          const h = headIn(p, seq.inputs, t);
          if (mixer === 'gdn2') {
            expect(x.beta).toBeNull();
            expect(Array.from(x.erase!)).toEqual(Array.from(input.erase.subarray(t * d, (t + 1) * d)));
            expect(Array.from(x.write!)).toEqual(Array.from(input.write.subarray(t * d, (t + 1) * d)));
            for (let i = 0; i < d; i++) {
              expect(x.erase![i]!).toBeCloseTo(sig(row(tensor(p, 'wErase'), i, h) + tensor(p, 'bErase')[i]!), 12);
              expect(x.write![i]!).toBeCloseTo(sig(row(tensor(p, 'wWrite'), i, h) + tensor(p, 'bWrite')[i]!), 12);
            }
          } else {
            expect(x.erase).toBeNull();
            expect(x.beta).toBe(input.beta[t]);
            expect(x.beta!).toBeCloseTo(sig(row(tensor(p, 'wBeta'), 0, h) + tensor(p, 'bBeta')[0]!), 12);
          }
          if (mixer === 'delta') expect(x.alpha).toBeNull();
          else {
            expect(Array.from(x.alpha!)).toEqual(Array.from(input.alpha.subarray(t * n, (t + 1) * n)));
            for (let i = 0; i < n; i++) {
              const z = row(tensor(p, 'wAlpha'), i, h) + tensor(p, 'bAlpha')[i]!;
              expect(x.alpha![i]!).toBeCloseTo(Math.exp(-Math.exp(tensor(p, 'A')[i]!) * Math.log1p(Math.exp(z))), 12);
            }
          }
        });
      });

      it('finds the separator where keyIds is −1, after the old context', () => {
        const at = Array.from(seq.keyIds).indexOf(-1);
        expect(at).toBeGreaterThanOrEqual(0);
        expect(trace.separator).toBe(at);
        expect(trace.separator).toBe(streamShape('switch', 8).oldPairs);
        expect(trace.tokens[at]).toMatchObject({ kind: 'separator', key: -1, answer: null });
      });

      it('answers each query as the forward scores it', () => {
        const tape = forward(p, seq, e.values);
        expect(trace.correct).toBe(tape.correct);
        const answers = trace.tokens.filter((x) => x.answer !== null).map((x) => x.answer!);
        expect(answers.map((a) => a.label)).toEqual(Array.from(seq.labels));
        // The loss is the mean of −ln p(right value) over the queries.
        expect(answers.reduce((s, a) => s - Math.log(a.probability), 0) / answers.length).toBeCloseTo(tape.loss, 12);
        for (const a of answers) expect(a.right).toBe(a.predicted === a.label);
      });
    });
  }

  it('counts token kinds as each stream’s shape says', () => {
    const p = initParams('gated', d, 3);
    for (const stream of ['plain', 'rewrite', 'switch'] as const)
      for (const kv of [4, 8, 16]) {
        const shape = streamShape(stream, kv);
        const trace = gateTrace(p, seqOf(stream, kv, kv + 1), e.values);
        const count = (k: string) => trace.tokens.filter((x) => x.kind === k).length;
        expect(count('write')).toBe(shape.writes - shape.reused - shape.rewrites);
        expect(count('rewrite')).toBe(shape.reused + shape.rewrites);
        expect(count('separator')).toBe(stream === 'switch' ? 1 : 0);
        expect(count('query')).toBe(kv);
        expect(trace.tokens).toHaveLength(shape.T);
        // On the switch stream every rewrite is of an old key in the new context, after the separator.
        if (stream === 'switch') for (const x of trace.tokens.filter((y) => y.kind === 'rewrite')) expect(x.t).toBeGreaterThan(trace.separator!);
        else expect(trace.separator).toBeNull();
      }
  });

  it('refuses a memory without a recurrent head', () => {
    expect(() => gateTrace(initParams('attention', d, 3), seqOf('switch', 8), e.values)).toThrow(/not a recurrent memory/);
  });
});

describe('gateSummary', () => {
  it('takes the median of an odd and an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([-1, 10])).toBe(4.5);
  });

  it('means the separator over sequences and takes the median over every write token pooled', () => {
    const p = initParams('perChannel', d, 4);
    const traces = [5, 6, 7].map((s) => gateTrace(p, seqOf('switch', 8, s), e.values));
    const s = gateSummary(traces);
    const sepBeta = traces.map((tr) => tr.tokens[tr.separator!]!.beta!);
    expect(s.beta!.separator).toBeCloseTo((sepBeta[0]! + sepBeta[1]! + sepBeta[2]!) / 3, 15);
    const writes = traces.flatMap((tr) => tr.tokens.filter((x) => x.kind === 'write' || x.kind === 'rewrite'));
    expect(s.writeTokens).toBe(3 * streamShape('switch', 8).writes);
    const means = writes.map((x) => x.alpha!.reduce((a, b) => a + b, 0) / d).sort((a, b) => a - b);
    expect(s.alpha!.writes).toBeCloseTo((means[means.length / 2 - 1]! + means[means.length / 2]!) / 2, 15);
    const sepMin = traces.map((tr) => Math.min(...tr.tokens[tr.separator!]!.alpha!));
    expect(s.alphaMin!.separator).toBeCloseTo(sepMin.reduce((a, b) => a + b, 0) / 3, 15);
    expect(s.erase).toBeNull();
    expect(s.accuracy).toBe(traces.reduce((a, tr) => a + tr.correct, 0) / (3 * 8));
  });
});
