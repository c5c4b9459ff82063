import { describe, expect, it } from 'vitest';
import { MIXERS, WIDTHS } from '../../src/core/mqar/params';
import { runCell } from '../../src/core/mqar/run';
import { FIXED_MEMORIES, MEMORY_WORDS, mqarGrid, numbersKept, parseGrid, specOf, spreadOf, TRAIN_DEFAULTS } from '../../src/content/mqar';
import { loadStalls, stallSentence, trainFigureProps, trainSentences } from '../../src/content/mqarWords';
import raw from '../../src/content/mqarGrid.json';
import { TRAIN_LOADS } from '../../src/widgets/Train/state';

type RawCell = (typeof raw.cells)[number];
const copy = () => JSON.parse(JSON.stringify(raw)) as typeof raw;

/** The mean test accuracy of a memory's seeds, from the file itself. */
const meanOf = (cells: readonly RawCell[], stream: string, kv: number, mixer: string) => {
  const acc = cells.filter((c) => c.stream === stream && c.kv === kv && c.mixer === mixer).map((c) => c.test.accuracy);
  expect(acc.length).toBe(raw.settings.seeds.length);
  return acc.reduce((a, b) => a + b, 0) / acc.length;
};

describe('the stored recall grid', () => {
  it('is whole: every memory × load × stream × seed, each at its memory’s picked rate', () => {
    const s = mqarGrid.settings;
    expect(s.mixers).toEqual([...MIXERS]);
    expect(s.kv).toEqual([4, 8, 16, 32, 64]);
    expect(s.streams).toEqual(['plain', 'rewrite', 'switch']);
    expect(s.seeds.length).toBeGreaterThanOrEqual(3);
    expect(mqarGrid.cells).toHaveLength(MIXERS.length * 5 * 3 * s.seeds.length);
    for (const c of mqarGrid.cells) expect(c.lr).toBe(mqarGrid.rates[c.mixer]);
    // The loads a reader can train at are the grid's, and its width one the trainer is meant for.
    expect([...TRAIN_LOADS]).toEqual(s.kv);
    expect(WIDTHS).toContain(s.d);
  });

  it('picked each rate on validation sequences of its sweep: the best validation accuracy of the rates swept', () => {
    for (const m of MIXERS) {
      const runs = mqarGrid.sweep.filter((r) => r.mixer === m);
      expect(runs.map((r) => r.lr).sort()).toEqual([...mqarGrid.settings.lrs].sort());
      const best = Math.max(...runs.map((r) => r.validation.accuracy));
      expect(runs.find((r) => r.lr === mqarGrid.rates[m])!.validation.accuracy).toBe(best);
    }
    // The sweep's seed is none of the grid's, so no test sequence chose a rate.
    expect(mqarGrid.settings.seeds).not.toContain(mqarGrid.settings.sweep.seed);
  });

  it('fails to load, naming file, cell and field, when a cell is missing, doubled or run at another rate', () => {
    const missing = copy();
    missing.cells.pop();
    expect(() => parseGrid(missing, 'grid.json')).toThrow(/^grid\.json: \d+ cells, the grid's settings make \d+/);
    const doubled = copy();
    doubled.cells[1] = doubled.cells[0]!;
    expect(() => parseGrid(doubled, 'grid.json')).toThrow(/grid\.json: entry cells\[1\] \(.+\): appears twice/);
    const rate = copy();
    rate.cells[2]!.lr = 0.5;
    expect(() => parseGrid(rate, 'grid.json')).toThrow(/grid\.json: entry cells\[2\] .*field lr: 0\.5, not the rate picked/);
    const steps = copy();
    steps.cells[3]!.steps = 7;
    expect(() => parseGrid(steps, 'grid.json')).toThrow(/entry cells\[3\] .*field steps: 7, the grid's settings say/);
    const bad = copy() as unknown as { cells: { test: { accuracy: unknown } }[] };
    bad.cells[4]!.test.accuracy = 'high';
    expect(() => parseGrid(bad, 'grid.json')).toThrow(/grid\.json: entry cells\[4\], field test\.accuracy/);
  });

  it('charges each memory what it keeps: d² for the fixed ones, the cache for attention, both for the hybrid', () => {
    const d = mqarGrid.settings.d;
    for (const m of FIXED_MEMORIES) expect(numbersKept(m, d, 'switch', 64)).toBe(d * d);
    // Plain recall at kv = 16: sixteen writes, then sixteen queries.
    expect(numbersKept('attention', d, 'plain', 16)).toBe(2 * d * 32);
    expect(numbersKept('hybrid', d, 'plain', 16)).toBe(d * d + 2 * d * 32);
    // The switch stream at kv = 4: four old pairs, the separator, four new ones, four queries.
    expect(numbersKept('attention', d, 'switch', 4)).toBe(2 * d * 13);
  });
});

describe('stored cells are reproduced bit for bit by a live run', () => {
  // The smallest cells, kv = 4: every write rule, attention and the hybrid, each stream; the
  // gated rules are the ones whose gates go through the trainer's own exp and log.
  const picks = [
    ['plain', 'linear', 1],
    ['rewrite', 'delta', 2],
    ['switch', 'attention', 3],
    ['plain', 'hybrid', 1],
    ['switch', 'gated', 2],
    ['rewrite', 'perChannel', 1],
  ] as const;
  for (const [stream, mixer, seed] of picks) {
    it(`${mixer} on ${stream} at kv = 4, seed ${seed}`, { timeout: 60_000 }, () => {
      const stored = mqarGrid.cells.find((c) => c.stream === stream && c.mixer === mixer && c.kv === 4 && c.seed === seed)!;
      const live = runCell(specOf(stored));
      // JSON keeps a diverged run's loss as null; compare as the file holds it.
      expect(JSON.parse(JSON.stringify(live))).toEqual({ curve: stored.curve, validation: stored.validation, test: stored.test, diverged: stored.diverged });
    });
  }
});

describe('what the page says of the grid', () => {
  const say = trainSentences();
  const top = 64;
  const d = raw.settings.d;

  it('the result: the best fixed memory, attention and the hybrid, at kv = d and at the largest load, as the file has them', () => {
    const best = (kv: number) => Math.max(...FIXED_MEMORIES.map((m) => meanOf(raw.cells, 'plain', kv, m)));
    const numbers = say.resultFull.match(/\d+\.\d\d/g)!.map(Number);
    const of = (m: string, kv: number) => meanOf(raw.cells, 'plain', kv, m);
    expect(numbers).toEqual(
      [best(d), best(top), of('attention', d), of('attention', top), of('hybrid', d), of('hybrid', top)].map((x) => Number(x.toFixed(2))),
    );
    expect(say.resultFull).toContain(`held to ${d * d} numbers`);
    // The main path's shorter sentence: the best fixed memory and attention at the largest load, as percentages of the pairs.
    // Attention and the hybrid share one number where they round alike.
    const shares = [...say.result.matchAll(/(\d+(?:\.\d+)?)%/g)].map((m) => Number(m[1]));
    expect(shares[0]).toBeCloseTo(best(top) * 100, best(top) >= 0.1 ? -0.3 : 1.9);
    expect(shares[1]).toBeCloseTo(of('attention', top) * 100, of('attention', top) >= 0.1 ? -0.3 : 1.9);
    expect(shares.at(-1)).toBeCloseTo(of('hybrid', top) * 100, of('hybrid', top) >= 0.1 ? -0.3 : 1.9);
    expect(say.result).toMatch(
      shares.length === 2
        ? /attention and the hybrid, whose caches grew with them, each recalled/
        : /attention and the hybrid, whose caches grew with them, recalled [\d.]+% and/,
    );
  });

  it('the look-for line names the best fixed memory and attention at the largest load, and two rules at the smallest, with the word the numbers call for', () => {
    const word = (a: number, b: number) => (a - b > 0.05 ? 'above' : b - a > 0.05 ? 'below' : 'level with');
    const pairs = { plain: ['delta', 'linear'], rewrite: ['delta', 'linear'], switch: ['gated', 'delta'] } as const;
    for (const stream of ['plain', 'rewrite', 'switch'] as const) {
      const line = say.lookFor(stream);
      // Set against attention at the largest load, or at the load before attention's training stalled.
      const kvs = raw.settings.kv;
      const stalledAt = kvs.find((kv, i) => i > 0 && meanOf(raw.cells, stream, kv, 'attention') < meanOf(raw.cells, stream, kvs[i - 1]!, 'attention') / 2);
      const at = stalledAt === undefined ? top : kvs[kvs.indexOf(stalledAt) - 1]!;
      const means = FIXED_MEMORIES.map((m) => [m, meanOf(raw.cells, stream, at, m)] as const);
      const [name, value] = means.reduce((a, b) => (b[1] > a[1] ? b : a));
      const att = meanOf(raw.cells, stream, at, 'attention');
      const hybrid = meanOf(raw.cells, stream, at, 'hybrid');
      expect(line).toContain(
        `at kv = ${at}, the best of them, ${MEMORY_WORDS[name]}, recalls ${value.toFixed(2)}, attention ${att.toFixed(2)} and the hybrid ${hybrid.toFixed(2)}.`,
      );
      if (stalledAt) expect(line).toContain(`Attention stalls at kv = ${stalledAt}`);
      expect(line).toMatch(
        att - value > 0.05 ? /numbers falling behind attention/ : value - att > 0.05 ? /numbers passing attention/ : /numbers level with attention/,
      );
      const [x, y] = pairs[stream];
      const [rx, ry] = [meanOf(raw.cells, stream, 4, x), meanOf(raw.cells, stream, 4, y)];
      expect(line).toMatch(
        new RegExp(
          `recalls ${rx.toFixed(2)}, ${word(rx, ry)} ${MEMORY_WORDS[y]} \\([a-z ]+\\) at ${ry.toFixed(2)}\\.( [A-Z][a-z]+ of the| Attention stalls|$)`,
        ),
      );
      // Where either rule counts a stalled seed (under half its best seed, the best at least 0.2), the line says how
      // many, and sets the means of the seeds that trained side by side, with the word they call for.
      const seedsOf = (m: string) => raw.cells.filter((c) => c.stream === stream && c.kv === 4 && c.mixer === m).map((c) => c.test.accuracy);
      const trained = (m: string) => seedsOf(m).filter((a) => !(Math.max(...seedsOf(m)) >= 0.2 && a < Math.max(...seedsOf(m)) / 2));
      const mean = (l: number[]) => l.reduce((p, q) => p + q, 0) / l.length;
      const [kx, ky] = [trained(x), trained(y)];
      const counted = `counting only the seeds that trained, ${MEMORY_WORDS[x]} recalls ${mean(kx).toFixed(2)}, ${word(mean(kx), mean(ky))} ${MEMORY_WORDS[y]} at ${mean(ky).toFixed(2)}.`;
      if (kx.length < 3 || ky.length < 3) expect(line).toContain(counted);
      else expect(line).not.toContain('counting only the seeds that trained');
      if (kx.length < 3) expect(line).toContain(`${['Three', 'Two', 'One'][kx.length]} of the three seeds of ${MEMORY_WORDS[x]}`);
    }
    // The words follow the file: linear attention's plain recall at kv = 4 set to one half, the delta rule's pushed to 1 and then to 0.
    for (const [to, expected] of [
      [1, 'above'],
      [0, 'below'],
    ] as const) {
      const changed = copy();
      for (const c of changed.cells)
        if (c.kv === 4 && c.stream === 'plain' && (c.mixer === 'delta' || c.mixer === 'linear')) c.test.accuracy = c.mixer === 'delta' ? to : 0.5;
      expect(trainSentences(parseGrid(changed)).lookFor('plain')).toContain(`recalls ${to.toFixed(2)}, ${expected} linear attention`);
    }
    const gated = copy();
    for (const c of gated.cells) if (c.mixer === 'gated' && c.kv === top) c.test.accuracy = 0.987654;
    expect(trainSentences(parseGrid(gated)).lookFor('plain')).toContain('the best of them, gated delta, recalls 0.99,');
  });

  it('names every load where attention or the hybrid fell to under half of the load before, and every seed under half its best', () => {
    const kvs = raw.settings.kv;
    const expected: string[] = [];
    for (const stream of ['plain', 'rewrite', 'switch'])
      for (const m of ['attention', 'hybrid'])
        for (let i = 1; i < kvs.length; i++)
          if (meanOf(raw.cells, stream, kvs[i]!, m) < meanOf(raw.cells, stream, kvs[i - 1]!, m) / 2) expected.push(`${stream} ${m} ${kvs[i]}`);
    expect(loadStalls().map((l) => `${l.stream} ${l.mixer} ${l.kv}`)).toEqual(expected);
    const seeds = raw.cells.filter((c) => {
      const best = Math.max(...raw.cells.filter((x) => x.stream === c.stream && x.kv === c.kv && x.mixer === c.mixer).map((x) => x.test.accuracy));
      return best >= 0.2 && c.test.accuracy < best / 2;
    });
    const sentence = stallSentence();
    for (const c of seeds) expect(sentence).toContain(`at kv = ${c.kv}, seed ${c.seed} (${c.test.accuracy.toFixed(2)}`);
    // A stall made in a copy of the file is found and said, in the sentence and in the stream's look-for line.
    const stalled = copy();
    for (const c of stalled.cells) if (c.stream === 'plain' && c.mixer === 'attention' && c.kv === 32) c.test.accuracy = 0.01;
    for (const c of stalled.cells) if (c.stream === 'plain' && c.mixer === 'attention' && c.kv === 16) c.test.accuracy = 0.9;
    const g = parseGrid(stalled);
    expect(loadStalls(g)).toContainEqual({ stream: 'plain', mixer: 'attention', kv: 32, mean: 0.01, before: 0.9 });
    expect(stallSentence(g)).toContain('attention over the whole context on plain recall fell to 0.01 at kv = 32, from 0.90');
    expect(trainSentences(g).lookFor('plain')).toContain('Attention stalls at kv = 32 (0.01, from 0.90)');
  });

  it('the figure opens on plain recall with the delta rule at kv = d, and carries every stored cell', () => {
    const props = trainFigureProps();
    expect(TRAIN_DEFAULTS).toMatchObject({ stream: 'plain', mixer: 'delta', kv: d, d, steps: raw.settings.steps });
    expect(props.cells).toHaveLength(raw.cells.length);
    const spread = spreadOf(mqarGrid, 'plain', d, 'delta');
    expect(spread.mean).toBeCloseTo(meanOf(raw.cells, 'plain', d, 'delta'), 12);
    const seeds = raw.cells.filter((c) => c.stream === 'plain' && c.kv === d && c.mixer === 'delta').map((c) => c.test.accuracy);
    expect([spread.min, spread.max]).toEqual([Math.min(...seeds), Math.max(...seeds)]);
  });
});
