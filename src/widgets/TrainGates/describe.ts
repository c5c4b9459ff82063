/**
 * The words of the trained-gates figure, from the view it draws: what the learned gate does at the
 * separator against the writes around it, each query's answer, and the token the slider is on.
 */
import type { GateMixer, GateView } from '../../core/mqar/gateView';
import type { TokenKind } from '../../core/mqar/gates';

export const MIXER_WORDS: Record<GateMixer, string> = {
  delta: 'the delta rule',
  gated: 'gated delta',
  perChannel: 'per-channel gated delta',
  gdn2: 'Gated DeltaNet-2',
};

export const KIND_WORDS: Record<TokenKind, string> = { write: 'a write', rewrite: 'a rewrite', separator: 'the separator', query: 'a query' };

const mean = (x: readonly number[]) => x.reduce((a, b) => a + b, 0) / x.length;
const two = (x: number) => x.toFixed(2);

/** The gate the figure's words follow: α where the rule decays (its mean over key channels where it has one per channel), else β. */
export function followedGate(view: GateView): { name: string; values: number[] } {
  if (view.alpha) return { name: view.alpha[0]!.length > 1 ? 'α, its mean over key channels,' : 'α', values: view.alpha.map(mean) };
  return { name: 'β', values: view.beta!.map((b) => b) };
}

export interface SeparatorMove {
  name: string;
  at: number;
  low: number;
  high: number;
  /** Below every write, above every write, or within their range, as printed to two decimals. */
  move: 'falls' | 'rises' | 'stays';
}

/** The followed gate at the separator against its range over the writes and rewrites; null where the sequence has no separator. */
export function separatorMove(view: GateView): SeparatorMove | null {
  const sep = view.kinds.indexOf('separator');
  if (sep < 0) return null;
  const { name, values } = followedGate(view);
  const writes = values.filter((_, t) => view.kinds[t] === 'write' || view.kinds[t] === 'rewrite');
  const [at, low, high] = [values[sep]!, Math.min(...writes), Math.max(...writes)].map((x) => Number(two(x)));
  return { name, at: at!, low: low!, high: high!, move: at! < low! ? 'falls' : at! > high! ? 'rises' : 'stays' };
}

/** Queries answered right, of the queries. */
export function answered(view: GateView): { right: number; of: number } {
  const answers = view.answers.filter((a) => a !== null);
  return { right: answers.filter((a) => a.right).length, of: answers.length };
}

/** The look-for line: what the gate does at the separator, then the answers. */
export function gatesLookFor(view: GateView): string {
  const m = separatorMove(view);
  const { right, of } = answered(view);
  const answers = `It answers ${right} of ${of} queries right on this sequence.`;
  if (!m) {
    const { name, values } = followedGate(view);
    const writes = values.filter((_, t) => view.kinds[t] === 'write' || view.kinds[t] === 'rewrite');
    return `No separator on this stream: ${name} stays between ${two(Math.min(...writes))} and ${two(Math.max(...writes))} on every write. ${answers}`;
  }
  const range = `on writes it stays between ${two(m.low)} and ${two(m.high)}`;
  if (m.move === 'stays') return `Look for the separator: ${m.name} does not move there (${two(m.at)}); ${range}. ${answers}`;
  return `Look for the separator: ${m.name} ${m.move === 'falls' ? 'falls' : 'rises'} to ${two(m.at)} there; ${range}. ${answers}`;
}

/** What the readout says of token t: its place and kind, its gates, and its answer where it is a query. */
export function tokenReadout(view: GateView, t: number): string {
  const parts = [`Token ${t + 1} of ${view.kinds.length}, ${KIND_WORDS[view.kinds[t]!]}.`];
  if (view.beta) parts.push(`β ${two(view.beta[t]!)}.`);
  if (view.alpha) parts.push(view.alpha[t]!.length > 1 ? `α ${two(mean(view.alpha[t]!))} over key channels.` : `α ${two(view.alpha[t]![0]!)}.`);
  if (view.erase) parts.push(`Erase gate b ${two(mean(view.erase[t]!))}, write gate w ${two(mean(view.write![t]!))}, over channels.`);
  const a = view.answers[t];
  if (a) parts.push(`${a.right ? 'Right' : 'Wrong'}: ${two(a.p)} on the right value.`);
  return parts.join(' ');
}
