/**
 * A trained memory's trace on one sequence (./gates.ts), cut to what a figure draws: each token's
 * kind and gates, the key and value it wrote, and each query's answer. The gates keep four
 * decimals and the keys and values six, so a page carries a cell in a few kilobytes; the states
 * are computed again from them by the recurrence the model runs (./recurrence.ts).
 */
import type { GateTrace, TokenKind } from './gates';
import { type Recurrence, recurrenceForward } from './recurrence';

/** The memories whose gates the figure draws: the delta rule and its gated kin. */
export type GateMixer = 'delta' | 'gated' | 'perChannel' | 'gdn2';
export const GATE_MIXERS: readonly GateMixer[] = Object.freeze(['delta', 'gated', 'perChannel', 'gdn2']);

export interface GateView {
  mixer: GateMixer;
  d: number;
  kinds: TokenKind[];
  /** β per token, or null (Gated DeltaNet-2 splits it into erase and write). */
  beta: number[] | null;
  /** α per token: one number for gated, one per key channel for perChannel and gdn2; null for delta. */
  alpha: number[][] | null;
  /** Gated DeltaNet-2's erase gate (per key channel) and write gate (per value channel), per token. */
  erase: number[][] | null;
  write: number[][] | null;
  /** The head's key and value per token, as the recurrence reads them. */
  k: number[][];
  v: number[][];
  /** Per token: at a query, whether the memory picked the right value and the probability it gave it. */
  answers: ({ right: boolean; p: number } | null)[];
}

/** A cell the figure can show: where it comes from, in words, and its view. */
export interface GateCell {
  /** Its key in the address. */
  id: string;
  /** Its name in the figure's menu. */
  label: string;
  /** Where the cell comes from and how it scored, a sentence. */
  note: string;
  /** True for a run made on the page. */
  run?: boolean;
  view: GateView;
}

const round = (digits: number) => (x: number) => Number(x.toFixed(digits));
const gate = round(4);
const coordinate = round(6);
const rows = (x: ArrayLike<number> | null, f: (x: number) => number) => (x === null ? null : Array.from(x, f));

export const isGateMixer = (m: string): m is GateMixer => (GATE_MIXERS as readonly string[]).includes(m);

export function gateView(trace: GateTrace): GateView {
  const { mixer, d, tokens } = trace;
  if (!isGateMixer(mixer)) throw new Error(`gateView: ${mixer} has no gates to draw`);
  const all = <T>(f: (t: GateTrace['tokens'][number]) => T | null): T[] | null => (tokens.some((t) => f(t) === null) ? null : tokens.map((t) => f(t)!));
  return {
    mixer,
    d,
    kinds: tokens.map((t) => t.kind),
    beta: all((t) => (t.beta === null ? null : gate(t.beta))),
    alpha: all((t) => rows(t.alpha, gate)),
    erase: all((t) => rows(t.erase, gate)),
    write: all((t) => rows(t.write, gate)),
    k: tokens.map((t) => Array.from(t.k, coordinate)),
    v: tokens.map((t) => Array.from(t.v, coordinate)),
    answers: tokens.map((t) => (t.answer ? { right: t.answer.right, p: gate(t.answer.probability) } : null)),
  };
}

/** The state after each token (d × d, rows as key channels), by the model's own recurrence on the view's keys, values and gates. */
export function viewStates(view: GateView): Float64Array[] {
  const { d, mixer } = view;
  const T = view.kinds.length;
  const flat = (x: number[][] | null, width: number) => {
    const out = new Float64Array(T * width);
    if (x)
      x.forEach((row, t) => {
        out.set(row, t * width);
      });
    return out;
  };
  const kind: Recurrence = mixer;
  const input = {
    kind,
    d,
    T,
    q: new Float64Array(T * d),
    k: flat(view.k, d),
    v: flat(view.v, d),
    beta: Float64Array.from({ length: T }, (_, t) => view.beta?.[t] ?? 0),
    alpha: flat(view.alpha, mixer === 'gated' ? 1 : d),
    erase: flat(view.erase, d),
    write: flat(view.write, d),
  };
  const states = new Float64Array((T + 1) * d * d);
  recurrenceForward(input, states, new Float64Array(T * d), new Float64Array(T * d));
  return Array.from({ length: T }, (_, t) => states.slice((t + 1) * d * d, (t + 2) * d * d));
}
