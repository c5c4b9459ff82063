/**
 * The stored weights and gate table of the figure "What the trained memory learned": the weights
 * decode to the memories' tensors, they are the grid's trained cells (their answers on the cells'
 * test sequences score exactly the grid's test accuracy, with no retraining), and the table's
 * seed-1 rows at kv = 8 are what those weights compute (reduced here by this file's own means
 * and medians, not gates.ts's).
 */
import { describe, expect, it } from 'vitest';
import { cellSequences, type GateTrace, gateTrace, shapesOf, type TokenTrace } from '../../src/core/mqar';
import { streamShape } from '../../src/core/mqar/task';
import { mqarGrid, specOf } from '../../src/content/mqar';
import { mqarWeights, parseWeights, storedParams } from '../../src/content/mqarWeights';
import { gateRow, mqarGateTable, parseGateTable } from '../../src/content/mqarGateTable';
import rawWeights from '../../src/content/mqarWeights.json';
import rawTable from '../../src/content/mqarGateTable.json';

const d = mqarGrid.settings.d;
const cellOf = (stream: string, mixer: string, kv: number, seed: number) =>
  mqarGrid.cells.find((c) => c.stream === stream && c.mixer === mixer && c.kv === kv && c.seed === seed)!;
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));
/** A copy of the weights file, loosely typed so a test can break it. */
const weightsCopy = () => copy(rawWeights) as unknown as { commit: string; cells: { stream: string; mixer: string; tensors: Record<string, string> }[] };
const traces = (stream: string, mixer: string, kv: number, seed: number, part: 'validation' | 'test' = 'test'): GateTrace[] => {
  const spec = specOf(cellOf(stream, mixer, kv, seed));
  const { values, sequences } = cellSequences(spec, part);
  const p = storedParams(spec.stream, spec.mixer, kv, seed);
  return sequences.map((s) => gateTrace(p, s, values));
};

describe('the stored weights', () => {
  it('hold the switch cells at kv = d/2, seed 1, of the four delta rules, and gated delta on plain recall there', () => {
    expect(d).toBe(16);
    expect(mqarWeights.commit).toBe(mqarGrid.commit);
    expect(mqarWeights.cells.map((c) => `${c.stream} ${c.kv} ${c.mixer} ${c.seed}`).sort()).toEqual(
      ['switch 8 delta 1', 'switch 8 gated 1', 'switch 8 perChannel 1', 'switch 8 gdn2 1', 'plain 8 gated 1'].sort(),
    );
  });

  it('decode to Params with every tensor of the memory at d, each of its length', () => {
    for (const c of mqarWeights.cells) {
      expect(c.params).toMatchObject({ mixer: c.mixer, d });
      const shapes = shapesOf(c.mixer, d);
      expect(Object.keys(c.params.tensors).sort()).toEqual(shapes.map((s) => s.name).sort());
      for (const s of shapes) expect(c.params.tensors[s.name]).toHaveLength(s.rows * s.cols);
      // Trained, not as initialised: the gains moved off 1.
      expect(Array.from(c.params.tensors.gOut!).some((g) => g !== 1)).toBe(true);
    }
  });

  it('decode little-endian IEEE 754 doubles: 1.0 is 00 00 00 00 00 00 f0 3f', () => {
    const raw = weightsCopy();
    const win = raw.cells[0]!.tensors.Win!;
    const bytes = Uint8Array.from(atob(win), (ch) => ch.charCodeAt(0));
    bytes.set([0, 0, 0, 0, 0, 0, 0xf0, 0x3f], 0);
    raw.cells[0]!.tensors.Win = btoa(String.fromCharCode(...bytes));
    expect(parseWeights(raw).cells[0]!.params.tensors.Win![0]).toBe(1);
  });

  it('name the file, the cell and the tensor when one is missing, foreign, short or not base64', () => {
    const where = /src\/content\/mqarWeights\.json: entry cells\[1\] \(switch, kv 8, gated, seed 1\), tensor/;
    const broken = (f: (t: Record<string, string>) => void) => {
      const raw = weightsCopy();
      const i = raw.cells.findIndex((c) => c.mixer === 'gated' && c.stream === 'switch');
      expect(i).toBe(1);
      f(raw.cells[i]!.tensors);
      return () => parseWeights(raw);
    };
    expect(broken((t) => delete t.wAlpha)).toThrow(new RegExp(`${where.source} wAlpha: missing`));
    expect(broken((t) => (t.wErase = t.wAlpha!))).toThrow(new RegExp(`${where.source} wErase: not a tensor of gated at d = 16`));
    expect(broken((t) => (t.Wq = t.Wq!.slice(0, 64)))).toThrow(new RegExp(`${where.source} Wq \\(16 × 32\\): 48 bytes, 512 numbers need 4096`));
    expect(broken((t) => (t.A = '@@@@'))).toThrow(new RegExp(`${where.source} A \\(1 × 1\\): not base64`));
    const other = weightsCopy();
    other.commit = '0'.repeat(40);
    expect(() => parseWeights(other)).toThrow(/field commit/);
  });

  it('are the grid’s trained cells: their answers on each cell’s test and validation sequences score the stored accuracies exactly', () => {
    for (const c of mqarWeights.cells) {
      const cell = cellOf(c.stream, c.mixer, c.kv, c.seed);
      for (const part of ['test', 'validation'] as const) {
        const tr = traces(c.stream, c.mixer, c.kv, c.seed, part);
        const answers = tr.flatMap((x) => x.tokens.filter((y) => y.answer !== null).map((y) => y.answer!));
        expect(answers).toHaveLength(cell.evalSize * cell.kv);
        expect(answers.filter((a) => a.predicted === a.label).length / answers.length).toBe(cell[part].accuracy);
        // The stored loss is the mean of −ln p(right value) over those answers.
        expect(answers.reduce((s, a) => s - Math.log(a.probability), 0) / answers.length).toBeCloseTo(cell[part].loss!, 10);
      }
    }
  });
});

/** The mean of x. */
const mean = (x: number[]) => x.reduce((a, b) => a + b, 0) / x.length;
/** The median of x by sorting a copy with a comparator. */
const medianOf = (x: number[]) => {
  const s = [...x].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
};

describe('the gate table', () => {
  it('has a row for each delta rule, load 8 and 16, and seed of the grid, all in [0, 1]', () => {
    expect(mqarGateTable.commit).toBe(mqarGrid.commit);
    expect(mqarGateTable.rows).toHaveLength(4 * 2 * mqarGrid.settings.seeds.length);
    for (const r of mqarGateTable.rows) {
      expect([8, 16]).toContain(r.kv);
      expect(r.writeTokens).toBe(mqarGrid.settings.evalSize * streamShape('switch', r.kv).writes);
      expect(r.testAccuracy).toBe(cellOf('switch', r.mixer, r.kv, r.seed).test.accuracy);
    }
  });

  it('at kv = 8, seed 1, holds what gateTrace on the stored weights computes', () => {
    for (const mixer of ['delta', 'gated', 'perChannel', 'gdn2'] as const) {
      const tr = traces('switch', mixer, 8, 1);
      const sep = tr.map((x) => x.tokens[Array.from(x.tokens.map((y) => y.key)).indexOf(-1)]!);
      const writes = tr.flatMap((x) => x.tokens.filter((y) => y.kind === 'write' || y.kind === 'rewrite'));
      const row = gateRow(mixer, 8, 1);
      const gate = (name: 'beta' | 'alpha' | 'alphaMin' | 'erase' | 'write', f: (y: TokenTrace) => number) => {
        expect(row[name]!.separator).toBeCloseTo(mean(sep.map(f)), 12);
        expect(row[name]!.writes).toBeCloseTo(medianOf(writes.map(f)), 12);
      };
      const channels = (v: Float64Array | null) => Array.from(v!);
      if (mixer !== 'gdn2') gate('beta', (y) => y.beta!);
      if (mixer !== 'delta') gate('alpha', (y) => mean(channels(y.alpha)));
      if (mixer === 'perChannel' || mixer === 'gdn2') gate('alphaMin', (y) => Math.min(...channels(y.alpha)));
      if (mixer === 'gdn2') {
        gate('erase', (y) => mean(channels(y.erase)));
        gate('write', (y) => mean(channels(y.write)));
      }
    }
  });

  it('refuses a row whose gates do not fit its rule, or whose accuracy is not the grid’s', () => {
    const t = copy(rawTable);
    const i = t.rows.findIndex((r) => r.mixer === 'delta');
    (t.rows[i] as { alpha: unknown }).alpha = { separator: 0.5, writes: 0.5 };
    expect(() => parseGateTable(t)).toThrow(/field alpha: delta has no such gate/);
    const u = copy(rawTable);
    u.rows[0]!.testAccuracy = 0.5;
    expect(() => parseGateTable(u)).toThrow(/field testAccuracy/);
  });
});
