/** The words of the attention-read figure: its memories' names and the readouts under its sliders. */
import type { Rule } from '../../core/memory';
import { bytes, fixed, integer } from '../../format';

export const RULE_NAMES: Record<Rule, string> = {
  additive: 'Additive',
  delta: 'Delta',
  gatedDelta: 'Gated delta',
  perChannelGated: 'Per-channel gated',
};

/** "1 pair written", "16 pairs written". */
export const pairsWritten = (n: number) => `${n} ${n === 1 ? 'pair' : 'pairs'} written`;

export const CACHE_NAME = 'Attention over the whole cache';
export const windowName = (pairs: number) => `Attention over the last ${pairs} pairs`;

export interface RecallReading {
  n: number;
  rule: Rule;
  state: number;
  cache: number;
  window: number;
  numbers: { state: number; cache: number; window: number };
  windowPairs: number;
}

/** One sentence per slider move: the pairs, each memory's read error, and what each holds. */
export function recallReadout(r: RecallReading): string {
  const last = `last ${r.windowPairs} pairs`;
  return (
    `${pairsWritten(r.n)}. Read error: ${RULE_NAMES[r.rule].toLowerCase()} state ${fixed(r.state)}, ` +
    `whole cache ${fixed(r.cache)}, ${last} ${fixed(r.window)}. ` +
    `Numbers stored: state ${integer(r.numbers.state)}, whole cache ${integer(r.numbers.cache)}, ${last} ${integer(r.numbers.window)}.`
  );
}

/**
 * The line above the figure, from the ends of the lines it draws (so it holds on the opening view
 * and follows the fixed state and the sharpness): where the whole cache, the chosen state and the
 * window of the state's size end, and how the window compares with the state.
 */
export function recallLookFor(r: { pairs: number; rule: Rule; cache: number; state: number; window: number }): string {
  // Within 0.05 of each other the two are called level: the chart cannot tell them apart by eye.
  const versus = r.window < r.state - 0.05 ? 'better than the state' : r.window > r.state + 0.05 ? 'worse than the state' : 'about level with the state';
  return (
    `Follow the lines to ${r.pairs} pairs: the whole cache ends at ${fixed(r.cache)}, the ${RULE_NAMES[r.rule].toLowerCase()} state at ${fixed(r.state)}, ` +
    `and the window of the state’s size at ${fixed(r.window)}, ${versus}.`
  );
}

export interface K3Reading {
  context: number;
  cache: number;
  state: number;
  total: number;
  allAttention: number;
}

export function k3Readout(r: K3Reading): string {
  return (
    `At ${integer(r.context)} tokens: the MLA layers’ cache ${bytes(r.cache)}, the KDA layers’ state ${bytes(r.state)}, ` +
    `${bytes(r.total)} in all; with every layer MLA, ${bytes(r.allAttention)}.`
  );
}
