/**
 * The trained-gates figure's cells, made at build time from the stored weights
 * (./mqarWeights.json): for each stored cell, its first test sequence traced by the core's forward
 * pass (src/core/mqar/gates.ts) and cut to what the figure draws (src/core/mqar/gateView.ts).
 */
import { cellSequences, gateTrace } from '../core/mqar/gates';
import { type GateCell, type GateMixer, gateView, isGateMixer } from '../core/mqar/gateView';
import type { MqarStream } from '../core/mqar/task';
import { type MqarGrid, mqarGrid, specOf } from './mqar';
import { type MqarGateTable, mqarGateTable } from './mqarGateTable';
import { type MqarWeights, mqarWeights } from './mqarWeights';

export const GATE_MIXER_LABELS: Record<GateMixer, string> = {
  delta: 'The delta rule',
  gated: 'Gated delta',
  perChannel: 'Per-channel gated delta',
  gdn2: 'Gated DeltaNet-2',
};

export const STREAM_LABELS: Record<MqarStream, string> = { plain: 'plain recall', rewrite: 'rewrites', switch: 'context switch' };

/** The figure's menu, in order: the switch's cells, the gated rules first, then plain recall's. */
const ORDER: GateMixer[] = ['gated', 'perChannel', 'gdn2', 'delta'];

/** The cell the figure opens on: gated delta on the context switch, its one decay the plainest to read. */
export const GATES_OPEN_CELL = 'gated-switch';

/** The stored cells as the figure shows them, each traced on its first test sequence. */
export function storedGateCells(w: MqarWeights = mqarWeights, g: MqarGrid = mqarGrid): GateCell[] {
  const cells = w.cells.filter((c) => isGateMixer(c.mixer));
  const rank = (c: (typeof cells)[number]) => (c.stream === 'switch' ? 0 : 10) + ORDER.indexOf(c.mixer as GateMixer);
  return [...cells]
    .sort((a, b) => rank(a) - rank(b))
    .map((c) => {
      const stored = g.cells.find((x) => x.stream === c.stream && x.mixer === c.mixer && x.kv === c.kv && x.seed === c.seed)!;
      const spec = specOf(stored);
      const { values, sequences } = cellSequences(spec, 'test');
      const trace = gateTrace(c.params, sequences[0]!, values);
      const mixer = c.mixer as GateMixer;
      return {
        id: `${c.mixer}-${c.stream}`,
        label: `${GATE_MIXER_LABELS[mixer]}, ${STREAM_LABELS[c.stream]}, kv = ${c.kv}`,
        note: `the grid's cell at seed ${c.seed}, from its stored weights; over its ${spec.evalSize} test sequences it recalls ${stored.test.accuracy.toFixed(2)}, and this is the first.`,
        view: gateView(trace),
      };
    });
}

/** A gate counts as firing at the separator where it falls there by more than this below its median on writes. */
export const FIRES_BY = 0.1;

export interface GateTableSay {
  /** Runs of the rules that decay, and how many of them drop α at the separator by more than FIRES_BY. */
  runs: number;
  fired: number;
  /** α's range at the separator and on writes, over those runs. */
  at: [number, number];
  writes: [number, number];
  /** The delta rule's β: the largest gap between the separator and writes over its runs. */
  betaGap: number;
}

const range = (x: number[]): [number, number] => [Math.min(...x), Math.max(...x)];

/** What the table of gates at the separator says, from its rows. */
export function gateTableSay(t: MqarGateTable = mqarGateTable): GateTableSay {
  const decaying = t.rows.filter((r) => r.alpha !== null);
  const fired = decaying.filter((r) => r.alpha!.separator < r.alpha!.writes - FIRES_BY);
  const delta = t.rows.filter((r) => r.mixer === 'delta');
  return {
    runs: decaying.length,
    fired: fired.length,
    at: range(decaying.map((r) => r.alpha!.separator)),
    writes: range(decaying.map((r) => r.alpha!.writes)),
    betaGap: Math.max(...delta.map((r) => Math.abs(r.beta!.separator - r.beta!.writes))),
  };
}

/** The page's sentence on the table, and the essay's on trained gates, both from gateTableSay. */
export function gateTableSentences(t: MqarGateTable = mqarGateTable): { table: string; essay: { before: string; link: string; after: string } | null } {
  const s = gateTableSay(t);
  const [a0, a1] = s.at.map((x) => x.toFixed(2));
  const [w0, w1] = s.writes.map((x) => x.toFixed(2));
  const loads = [...new Set(t.rows.map((r) => r.kv))].sort((a, b) => a - b);
  const seeds = new Set(t.rows.map((r) => r.seed)).size;
  const table =
    s.fired === s.runs
      ? `In all ${s.runs} runs of the three rules that decay (${seeds} seeds at kv = ${loads.join(' and ')}), α falls at the separator: to ${a0}–${a1}, against a median of ${w0}–${w1} on writes. The delta rule has no decay; its β moves by at most ${s.betaGap.toFixed(2)} there.`
      : s.fired === 0
        ? `In none of the ${s.runs} runs of the three rules that decay (${seeds} seeds at kv = ${loads.join(' and ')}) does α fall at the separator by more than ${FIRES_BY}: it sits at ${a0}–${a1} there, against a median of ${w0}–${w1} on writes.`
        : `In ${s.fired} of the ${s.runs} runs of the three rules that decay (${seeds} seeds at kv = ${loads.join(' and ')}), α falls at the separator by more than ${FIRES_BY}; over all of them it sits at ${a0}–${a1} there, against a median of ${w0}–${w1} on writes.`;
  const essay =
    s.fired === s.runs && s.writes[0] >= 0.9
      ? {
          before: 'Trained, ',
          link: 'the gated memories learn it',
          after: ': their decay drops at the change and stays near one on writes.',
        }
      : null;
  return { table, essay };
}
