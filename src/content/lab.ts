/**
 * What the lab's prose states and what its figure opens on, from the runs in ./labRuns.json (the
 * lab's own code at its opening settings, every state size; tests/content/lab.test.ts holds the
 * file to a live run). Every sentence is computed here from those numbers.
 */
import { z } from 'zod';
import raw from './labRuns.json';
import {
  CLUSTERS,
  cellsOf,
  checkpoints,
  LAB_METHODS,
  LAB_SIZES,
  type LabCell,
  type LabMethod,
  type LabTally,
  labPairs,
  labRun,
  MAX_LOAD,
  windowPairs,
} from '../core';
import { LAB_DEFAULTS, LAB_STREAM_COUNTS } from './defaults';
import { countWord } from '../format';
import { parseData } from './validate';

export const LAB_RUNS_FILE = 'src/content/labRuns.json';

const row = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]);
const tally = z.strictObject({
  streams: z.number().int().positive(),
  sums: z.strictObject(Object.fromEntries(LAB_METHODS.map((m) => [m, z.array(row)])) as Record<LabMethod, z.ZodArray<typeof row>>),
});
const labRunsSchema = z.strictObject({
  $comment: z.string(),
  stream: z.literal(LAB_DEFAULTS.stream),
  gates: z.strictObject({ beta: z.number(), alpha: z.number(), slow: z.number(), fast: z.number(), s: z.number(), erase: z.number(), write: z.number() }),
  runs: z.record(z.string(), tally),
});

export type LabRuns = z.output<typeof labRunsSchema>;

export function parseLabRuns(json: unknown, file = LAB_RUNS_FILE): LabRuns {
  const runs = parseData(labRunsSchema, json, file);
  for (const d of LAB_SIZES) {
    const t = runs.runs[String(d)];
    if (!t) throw new Error(`${file}: no run at d = ${d}; run node scripts/lab-runs.mjs`);
    if (t.streams !== LAB_STREAM_COUNTS[d])
      throw new Error(`${file}: d = ${d} holds ${t.streams} streams, the lab runs ${LAB_STREAM_COUNTS[d]}; run node scripts/lab-runs.mjs`);
    for (const m of LAB_METHODS) {
      if (t.sums[m].length !== checkpoints(d).length)
        throw new Error(`${file}: d = ${d}, field sums.${m}: ${t.sums[m].length} checkpoints, not ${checkpoints(d).length}`);
    }
  }
  return runs;
}

export const labRuns: LabRuns = parseLabRuns(raw);

export const labTally = (d: number): LabTally => labRuns.runs[String(d)]!;
export const labCells = (d: number, m: LabMethod): LabCell[] => cellsOf(labTally(d), m, checkpoints(d));

/** n as a multiple of d, as the page writes it: "d/4", "d", "5d/4", "2d". */
export function loadText(n: number, d: number): string {
  const q = Math.round((4 * n) / d);
  const [num, den] = q % 4 === 0 ? [q / 4, 1] : q % 2 === 0 ? [q / 2, 2] : [q, 4];
  return `${num === 1 ? '' : num}d${den === 1 ? '' : `/${den}`}`;
}

/**
 * Where the delta rule's mean read error crosses 0.5, as a multiple of d: between the last
 * checkpoint below and the first at or above it, on the straight line through the two.
 */
export function deltaKnee(d: number): number | null {
  const cells = labCells(d, 'delta');
  const i = cells.findIndex((c) => c.error >= 0.5);
  if (i < 0) return null;
  if (i === 0) return cells[0]!.n / d;
  const [a, b] = [cells[i - 1]!, cells[i]!];
  return (a.n + ((0.5 - a.error) / (b.error - a.error)) * (b.n - a.n)) / d;
}

/**
 * A lead in nearest-value accuracy the prose counts: this much with two of the two means' combined
 * standard errors to spare, so that a lead a run only happens to show at a small size is not counted.
 */
export const LEAD = 0.05;

/** The loads over which additive writes pick the right value more often than the delta rule by a lead: the first run of them, or null. */
export function additiveLead(d: number): { from: number; to: number } | null {
  const [add, del] = [labCells(d, 'additive'), labCells(d, 'delta')];
  const leads = add.map((c, i) => c.accuracy - del[i]!.accuracy - 2 * Math.hypot(c.accuracySe, del[i]!.accuracySe) >= LEAD);
  const first = leads.indexOf(true);
  if (first < 0) return null;
  let last = first;
  while (leads[last + 1]) last++;
  return { from: add[first]!.n, to: add[last]!.n };
}

/** Pairs a memory reads back nearest their own value at n = 4d: its accuracy over the facts, times the facts. */
export const recalledAtEnd = (d: number, m: LabMethod) => labCells(d, m).at(-1)!.accuracy * checkpoints(d).at(-1)!;

export interface LabSentences {
  knee: string;
  winner: string;
  gate: string;
  attention: string;
  gdn2: string;
}

/** One head width's row of the lab's table: the numbers the sentences below it only summarise. */
export interface LabRow {
  d: number;
  /** Where the delta rule's mean read error crosses 0.5: "0.92d", or "beyond 4d". */
  knee: string;
  /** The loads over which additive writes lead the delta rule by nearest-value accuracy. */
  lead: string;
  /** Pairs read back nearest their own value at n = 4d, with a single decay and without it. */
  gated: number;
  plain: number;
}

export function labTable(): LabRow[] {
  return LAB_SIZES.map((d) => {
    const knee = deltaKnee(d);
    const lead = additiveLead(d);
    return {
      d,
      knee: knee === null ? `beyond ${MAX_LOAD}d` : `${knee.toFixed(2)}d`,
      lead:
        lead === null
          ? 'at no load'
          : lead.to === checkpoints(d).at(-1)
            ? `from n = ${loadText(lead.from, d)} on`
            : `from n = ${loadText(lead.from, d)} to ${loadText(lead.to, d)}`,
      gated: Math.round(recalledAtEnd(d, 'gatedDelta')),
      plain: Math.round(recalledAtEnd(d, 'delta')),
    };
  });
}

export function labSentences(): LabSentences {
  const boundExact = LAB_SIZES.every((d) => labCells(d, 'leastSquares').every((c) => (c.n <= d ? c.error < 1e-6 : c.error > 0.1)));
  const knees = LAB_SIZES.map(deltaKnee);
  const deltaAheadByError = LAB_SIZES.every((d) => {
    const add = labCells(d, 'additive');
    return labCells(d, 'delta').every((c, i) => c.n < d || c.error < add[i]!.error);
  });
  const from = LAB_SIZES.indexOf(16);
  // "Settles near d/2": from d = 32 on, within a tenth of d of it.
  const settles = knees.slice(from + 1).every((k) => k !== null && Math.abs(k - 0.5) < 0.1);
  const leading = LAB_SIZES.filter((d) => additiveLead(d) !== null).length;
  const alpha = LAB_DEFAULTS.alpha;
  const counts = (m: LabMethod) => LAB_SIZES.map((d) => Math.round(recalledAtEnd(d, m)));
  const gated = counts('gatedDelta');
  const plain = counts('delta');
  const doubles = plain.slice(from + 1).every((p, i) => p > 2 * plain[from + i]!);
  // From d = 16 on, where the counts have left the first few pairs: the mean gain per doubling.
  const perDoubling = Math.round((gated.at(-1)! - gated[from]!) / (LAB_SIZES.length - 1 - from));
  const cacheLeast = Math.min(...LAB_SIZES.flatMap((d) => labCells(d, 'cache').map((c) => c.accuracy)));
  const big = LAB_SIZES.at(-1)!;
  const windowEnd = labCells(big, 'window').at(-1)!;
  const { slow, fast, s } = labRuns.gates;
  // Gated DeltaNet-2 beside the per-channel rule at the figure's readout, d = 128 and n = 2d.
  const at2d = (m: LabMethod) => labCells(big, m).find((c) => c.n === 2 * big)!;
  const [gdn2, kda] = [at2d('gdn2'), at2d('perChannelGated')];
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  return {
    knee: `${boundExact ? 'The least-squares state reads every pair back exactly up to n = d and never past it, at every size: by read error, that is where the knee sits. ' : ''}The delta rule’s half-error point, where its mean read error crosses 0.5 (the table, read between checkpoints), moves with d counted in pairs${settles ? ', but on an axis of n/d it settles near n = d/2' : ''}.`,
    winner: `${deltaAheadByError ? 'By read error the delta rule beats additive writes at every load from n = d on, at every size. ' : ''}By nearest-value accuracy, additive writes lead by ${Math.round(LEAD * 100)} points or more, with two standard errors to spare, over a range of loads at ${countWord(leading)} of the ${countWord(LAB_SIZES.length)} sizes. Their reads are far off, but with enough channels the crosstalk seldom outweighs the right value. The delta rule has partly overwritten old pairs.`,
    gate: `At n = 4d a single decay of α = ${alpha} reads back fewer pairs than the same rule without it${doubles ? '. Without the decay the count more than doubles with each doubling of d from d = 16 on; with it' : '; with the decay'}, each doubling adds about ${perDoubling} pairs: the decay sets the scale and the size only stretches it. The per-channel rule decays half the key channels by ${slow} and the other half by ${fast} at every write.`,
    attention: `Attention weighs each pair by exp(${s}·k·kᵢ) over unit keys: close to picking the best match. Over the whole cache it picks the right value for at least ${Math.floor(cacheLeast * 100)}% of the pairs at every size and load, at the price of a cache that grows with n. Over a window of d/2 pairs, as many numbers as the state, it recalls only its window: at d = ${big} and n = 4d it picks the right value for ${Math.round(windowEnd.accuracy * 100)}% of the pairs, about the ${windowPairs(big)} it still holds.`,
    gdn2: `What the slow half of a key reads is then never erased${slow === 1 ? ', and its rows never decay: there, writes pile up as additive writes do' : `, and its rows decay by ${slow} at every write`}. The fast half’s rows decay by ${fast} at every write, and what it reads is erased. At d = ${big} and n = 2d Gated DeltaNet-2 picks the right value for ${pct(gdn2.accuracy)} of the pairs, where the per-channel rule picks ${pct(kda.accuracy)}, at a read error of ${gdn2.error.toFixed(2)} against ${kda.error.toFixed(2)}.`,
  };
}

/** "a mean over 8 streams at d = 128 up to 400 at d = 4": the streams each size's points average. */
export const LAB_STREAMS_TEXT = `${LAB_STREAM_COUNTS[LAB_SIZES.at(-1)!]} streams at d = ${LAB_SIZES.at(-1)} up to ${LAB_STREAM_COUNTS[LAB_SIZES[0]!]} at d = ${LAB_SIZES[0]}`;

/** The analytic curves the lab draws for random keys (research/capacity.md §4.2). */
export const LAB_THEORY_TEXT =
  'about c_d·√((n − 1)/d) for the additive rule’s mean error, where c_d = 𝔼χ_d/√d and √((n − 1)/d) is its exact root mean square, and √(1 − d/n) past n = d, the root mean square of the least-squares state’s error, which its mean stays a little under';

/** How far a run goes: n up to 4d. */
export const LAB_RANGE_TEXT = `${MAX_LOAD}d`;

/** The sizes the lab offers, for the prose (sections do not read the core). */
export const LAB_SIZE_LIST: readonly number[] = LAB_SIZES;

/** What the section hands the lab's island: its defaults, the build's run at them, and the streams a run averages by size. */
export function labFigureProps() {
  return {
    defaults: { ...LAB_DEFAULTS },
    tally: labTally(LAB_DEFAULTS.d),
    streams: Object.fromEntries(Object.entries(LAB_STREAM_COUNTS).map(([d, k]) => [d, k])),
    fixed: { slow: labRuns.gates.slow, fast: labRuns.gates.fast, s: labRuns.gates.s },
  };
}

/** The lab's four streams, each defined in a sentence. */
export const LAB_STREAM_TEXT = `random unit keys, as in the capacity stream above; orthonormal keys, a fresh orthonormal basis every d pairs, which additive writes and the delta rule at β = 1 read back exactly up to n = d; keys in ${countWord(CLUSTERS)} clusters, each key half a shared direction and half its own noise; and a pool of d/2 orthonormal keys written again and again with new values, where only each key’s latest value counts: the overwrite the delta rule was made for.`;

/** The lab's largest head at n = 2d: each write rule's nearest-value accuracy, for the main path's one sentence on real sizes. */
/** A slower decay than the lab's, for the sentence on what the hand-set 0.90 costs: the gate most models start near. */
export const SLOW_DECAY = 0.99;

/**
 * Gated delta's nearest-value accuracy at n = 2d on the lab's largest size and streams, under a decay
 * of α per write: the lab's own run (labRun, the same pairs and seeds) of that one rule.
 */
const gatedAt = new Map<number, number>();

export function gatedAccuracyAt(alpha: number): number {
  const known = gatedAt.get(alpha);
  if (known !== undefined) return known;
  const d = LAB_SIZES.at(-1)!;
  const streams = LAB_STREAM_COUNTS[d]!;
  let sum = 0;
  for (let seed = 1; seed <= streams; seed++) {
    sum += labRun(labPairs(LAB_DEFAULTS.stream, d, 2 * d, seed), [2 * d], { ...labRuns.gates, alpha }, ['gatedDelta']).gatedDelta[0]!.accuracy;
  }
  gatedAt.set(alpha, sum / streams);
  return sum / streams;
}

export function labAtScale(): {
  d: number;
  n: number;
  streams: number;
  alpha: number;
  accuracy: Record<'additive' | 'delta' | 'gatedDelta', number>;
  slow: { alpha: number; gatedDelta: number };
} {
  const d = LAB_SIZES.at(-1)!;
  const at = (m: LabMethod) => {
    const c = labCells(d, m).find((x) => x.n === 2 * d);
    if (!c) throw new Error(`the lab has no checkpoint at n = 2d for d = ${d}`);
    return c.accuracy;
  };
  return {
    d,
    n: 2 * d,
    streams: LAB_STREAM_COUNTS[d]!,
    alpha: labRuns.gates.alpha,
    accuracy: { additive: at('additive'), delta: at('delta'), gatedDelta: at('gatedDelta') },
    slow: { alpha: SLOW_DECAY, gatedDelta: gatedAccuracyAt(SLOW_DECAY) },
  };
}
