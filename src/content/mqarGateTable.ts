/**
 * The gates trained memories compute on the context-switch stream (./mqarGateTable.json, made by
 * scripts/mqar-weights.mjs): for the four delta rules × the grid's seeds × two loads, each gate at
 * the separator token and at the writes, over the cell's test sequences. The file's $comment says
 * what each number is; src/core/mqar/gates.ts (gateSummary) computes them. Checked whole here.
 */
import { z } from 'zod';
import raw from './mqarGateTable.json';
import type { Mixer } from '../core/mqar/params';
import { streamShape } from '../core/mqar/task';
import { MQAR_GRID_FILE, type MqarGrid, mqarGrid } from './mqar';
import { parseData } from './validate';

export const MQAR_GATE_TABLE_FILE = 'src/content/mqarGateTable.json';

/** The rules the table holds, and which gates each has. */
export const GATE_RULES = ['delta', 'gated', 'perChannel', 'gdn2'] as const satisfies readonly Mixer[];
export type GateRule = (typeof GATE_RULES)[number];
const GATES = ['beta', 'alpha', 'alphaMin', 'erase', 'write'] as const;
const HAS: Record<GateRule, readonly (typeof GATES)[number][]> = {
  delta: ['beta'],
  gated: ['beta', 'alpha'],
  perChannel: ['beta', 'alpha', 'alphaMin'],
  gdn2: ['alpha', 'alphaMin', 'erase', 'write'],
};

const unit = z.number().min(0).max(1);
/** separator: the mean over test sequences at the separator token; writes: the median over every write token pooled. */
const gateAt = z.strictObject({ separator: unit, writes: unit }).nullable();
const row = z.strictObject({
  mixer: z.enum(GATE_RULES),
  kv: z.number().int().positive(),
  seed: z.number().int().nonnegative(),
  testAccuracy: unit,
  sequences: z.number().int().positive(),
  writeTokens: z.number().int().positive(),
  beta: gateAt,
  alpha: gateAt,
  alphaMin: gateAt,
  erase: gateAt,
  write: gateAt,
});
const tableSchema = z.strictObject({
  $comment: z.string().min(1),
  /** The commit of the grid whose cells were trained again. */
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  made: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  script: z.string(),
  stream: z.literal('switch'),
  evalSize: z.number().int().positive(),
  rows: z.array(row).min(1),
});

export type MqarGateTable = z.output<typeof tableSchema>;
export type GateRow = MqarGateTable['rows'][number];

/** Validates the table and checks it against the grid `g`: its commit, each row's test accuracy, sizes and gates, every seed of each rule and load. */
export function parseGateTable(json: unknown, g: MqarGrid = mqarGrid, file = MQAR_GATE_TABLE_FILE): MqarGateTable {
  const t = parseData(tableSchema, json, file);
  if (t.commit !== g.commit) throw new Error(`${file}: field commit: ${t.commit}, not ${MQAR_GRID_FILE}'s ${g.commit}; run node scripts/mqar-weights.mjs`);
  if (t.evalSize !== g.settings.evalSize) throw new Error(`${file}: field evalSize: ${t.evalSize}, the grid's settings say ${g.settings.evalSize}`);
  const seen = new Set<string>();
  t.rows.forEach((r, i) => {
    const where = `${file}: entry rows[${i}] (${r.mixer}, kv ${r.kv}, seed ${r.seed})`;
    const key = `${r.mixer} ${r.kv} ${r.seed}`;
    if (seen.has(key)) throw new Error(`${where}: appears twice`);
    seen.add(key);
    const cell = g.cells.find((c) => c.stream === t.stream && c.mixer === r.mixer && c.kv === r.kv && c.seed === r.seed);
    if (cell === undefined) throw new Error(`${where}: not a cell of ${MQAR_GRID_FILE}`);
    if (r.testAccuracy !== cell.test.accuracy) throw new Error(`${where}, field testAccuracy: ${r.testAccuracy}, the grid's cell says ${cell.test.accuracy}`);
    if (r.sequences !== t.evalSize) throw new Error(`${where}, field sequences: ${r.sequences}, not the ${t.evalSize} test sequences`);
    const writes = t.evalSize * streamShape(t.stream, r.kv).writes;
    if (r.writeTokens !== writes) throw new Error(`${where}, field writeTokens: ${r.writeTokens}, not ${t.evalSize} × the stream's writes (${writes})`);
    for (const gate of GATES) {
      const has = HAS[r.mixer].includes(gate);
      if (has !== (r[gate] !== null)) throw new Error(`${where}, field ${gate}: ${has ? 'missing' : `${r.mixer} has no such gate`}`);
    }
  });
  for (const key of new Set(t.rows.map((r) => `${r.mixer} ${r.kv}`))) {
    const seeds = t.rows.filter((r) => `${r.mixer} ${r.kv}` === key).map((r) => r.seed);
    if (seeds.length !== g.settings.seeds.length || !g.settings.seeds.every((s) => seeds.includes(s)))
      throw new Error(`${file}: ${key} needs one row for each of the grid's seeds`);
  }
  return t;
}

export const mqarGateTable: MqarGateTable = parseGateTable(raw);

/** One row of the table; throws where it holds none. */
export function gateRow(mixer: GateRule, kv: number, seed: number, t: MqarGateTable = mqarGateTable): GateRow {
  const r = t.rows.find((x) => x.mixer === mixer && x.kv === kv && x.seed === seed);
  if (r === undefined) throw new Error(`${MQAR_GATE_TABLE_FILE}: no row for ${mixer}, kv ${kv}, seed ${seed}`);
  return r;
}
