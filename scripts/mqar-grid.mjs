// Trains the memories on associative recall (src/core/mqar/), cell by cell, with the same code a
// reader's browser will run, and writes every cell with its settings and seeds as JSON.
// Every load gets the same supervision: --queries supervised queries a step (the batch is
// queries / kv sequences), a linear warm-up over the first tenth of the steps, then half a cosine;
// over the first half of the steps the load climbs from 4 to the cell's, doubling (run.ts, loadAt).
// The learning rate of each memory is picked first, on validation sequences, from a sweep at three
// loads on three seeds (plain recall, kv 4, 16 and 32, the mean accuracy of the nine runs): the sweep starts at --lrs and goes one
// rung further along LADDER while the best rate sits at an edge of the rates tried, so the rate
// picked lies inside the range swept (where rates tie within 0.001, the middle of them is the best);
// it stops with an error where no rate leaves the plateau of a uniform guess. Every cell then trains at its memory's rate and is scored on fresh test sequences.
// The file records the commit the grid was made from; the script refuses to run while the trainer
// or this script has uncommitted changes (--dirty runs anyway and says so in the file).
//   node scripts/mqar-grid.mjs --pilot            a small pilot: plain recall, kv 4 and 16, one seed
//   node scripts/mqar-grid.mjs [--out file.json]  the grid: every memory × kv 4–64 × three streams × three seeds
// Options: --steps N, --d N, --queries N, --mixers a,b, --kv 4,16, --streams plain,rewrite, --seeds 1,2,
// --lrs 0.001,0.01 (where the grid's sweep starts: 0.003,0.01,0.03). To share the work between processes:
//   --sweep-only [--mixers a,b] --out rates.json  pick the rates (of some memories) and stop
//   --rates r1.json,r2.json --shard 0/2 --out a.json   run every second cell, at the rates picked before
//   --merge a.json,b.json --out grid.json          join the shards into one file, cells in grid order
// A comparison with the short convolution on, at a stored grid's settings and rates:
//   --conv-of src/content/mqarGrid.json --mixers delta,gated --kv 16,32 --streams plain --out src/content/mqarConv.json
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'vite';

/** The rates a sweep may reach, half a decade apart. */
const LADDER = [0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3];
/** Rates whose mean validation accuracy is within this of the best are tied. */
const TIE = 0.001;
/** A sweep whose best mean validation accuracy is below this many times chance has not left the plateau. */
const PLATEAU = 4;

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const list = (name, fallback, parse = Number) => option(name, fallback).split(',').map(parse);

const pilot = flag('pilot');
const settings = {
  d: Number(option('d', '16')),
  candidates: 128,
  keys: 256,
  /** Supervised queries a step at every load: a cell's batch is queries / kv sequences. */
  queries: Number(option('queries', '256')),
  steps: Number(option('steps', pilot ? '400' : '1000')),
  /** Steps of linear warm-up, then half a cosine to 0. */
  warmup: 0,
  decay: 'cosine',
  /** Steps over which the load climbs from 4 to the cell's. */
  climb: 0,
  evalSize: 128,
  every: 50,
  kv: list('kv', pilot ? '4,16' : '4,8,16,32,64'),
  streams: list('streams', pilot ? 'plain' : 'plain,rewrite,switch', String),
  seeds: list('seeds', pilot ? '1' : '1,2,3'),
  lrs: list('lrs', '0.003,0.01,0.03'),
  /** Where each memory's rate is picked: plain recall at these loads on these seeds (the mean of their validation accuracies), none of the grid's. */
  sweep: { stream: 'plain', kv: pilot ? [4, 16] : [4, 16, 32], seeds: [1000, 1001, 1002] },
};
settings.warmup = Math.round(settings.steps / 10);
settings.climb = Math.round(settings.steps / 2);
const git = (...a) => execFileSync('git', a, { encoding: 'utf8' }).trim();
const dirty = git('status', '--porcelain', '--', 'scripts/mqar-grid.mjs', 'src/core/mqar');
if (dirty && !flag('dirty') && !flag('merge')) {
  console.error(`the trainer or this script has uncommitted changes; commit them first, so the grid names the code that made it:\n${dirty}`);
  process.exit(1);
}
const commit = `${git('rev-parse', 'HEAD')}${dirty ? '-dirty' : ''}`;
const out = option('out', pilot ? 'mqar-pilot.json' : 'mqar-grid.json');
const [shard, shards] = option('shard', '0/1').split('/').map(Number);
const order = (c) => [c.stream, c.kv, c.mixer, c.seed];

if (flag('merge')) {
  const files = await Promise.all(
    option('merge', '')
      .split(',')
      .map(async (f) => JSON.parse(await readFile(f, 'utf8'))),
  );
  const [first] = files;
  for (const f of files)
    if (JSON.stringify(f.settings) !== JSON.stringify(first.settings) || JSON.stringify(f.rates) !== JSON.stringify(first.rates) || f.commit !== first.commit)
      throw new Error('--merge: the shards were made with different settings, rates or commits');
  const streams = first.settings.streams;
  const mixers = first.settings.mixers;
  const rank = (c) => [streams.indexOf(c.stream), c.kv, mixers.indexOf(c.mixer), c.seed];
  const cells = files
    .flatMap((f) => f.cells)
    .sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
      return 0;
    });
  const keys = new Set(cells.map((c) => order(c).join(' ')));
  if (keys.size !== cells.length) throw new Error('--merge: a cell appears in two shards');
  const { shard: _s, ...rest } = first;
  await writeFile(
    out,
    `${JSON.stringify(
      {
        ...rest,
        made: files
          .map((f) => f.made)
          .sort()
          .at(-1),
        cells,
      },
      null,
      1,
    )}\n`,
  );
  console.log(`${out}: ${cells.length} cells from ${files.length} shards`);
  process.exit(0);
}

if (flag('conv-of')) {
  const of = JSON.parse(await readFile(option('conv-of', ''), 'utf8'));
  const server = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error' });
  try {
    const { runCell, batchFor } = await server.ssrLoadModule('/src/core/mqar/run.ts');
    const s = of.settings;
    const cells = [];
    for (const stream of list('streams', 'plain', String))
      for (const kv of list('kv', '16,32'))
        for (const mixer of option('mixers', 'delta,gated').split(','))
          for (const seed of s.seeds) {
            const t0 = performance.now();
            const spec = {
              d: s.d,
              candidates: s.candidates,
              keys: s.keys,
              steps: s.steps,
              warmup: s.warmup,
              decay: s.decay,
              climb: s.climb,
              evalSize: s.evalSize,
              every: s.every,
              conv: true,
              batchSize: batchFor(s.queries, kv),
              mixer,
              stream,
              kv,
              seed,
              lr: of.rates[mixer],
            };
            const r = runCell(spec);
            const seconds = (performance.now() - t0) / 1000;
            cells.push({ ...spec, ...r, seconds });
            console.log(`conv ${stream} kv ${kv} ${mixer} seed ${seed}: test accuracy ${r.test.accuracy.toFixed(3)} (${seconds.toFixed(1)} s)`);
          }
    await writeFile(out, `${JSON.stringify({ made: new Date().toISOString().slice(0, 10), commit, grid: of.commit, cells }, null, 1)}\n`);
    console.log(`${out}: ${cells.length} cells with the short convolution`);
  } finally {
    await server.close();
  }
  process.exit(0);
}

const server = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error' });
try {
  const { MIXERS } = await server.ssrLoadModule('/src/core/mqar/index.ts');
  const { runCell, batchFor, warmupFor, climbFor } = await server.ssrLoadModule('/src/core/mqar/run.ts');
  if (warmupFor(settings.steps) !== settings.warmup) throw new Error('the warm-up here and in run.ts differ');
  if (climbFor(settings.steps) !== settings.climb) throw new Error('the climb here and in run.ts differ');
  const mixers = option('mixers', MIXERS.join(',')).split(',');
  const base = {
    d: settings.d,
    candidates: settings.candidates,
    keys: settings.keys,
    steps: settings.steps,
    warmup: settings.warmup,
    decay: settings.decay,
    climb: settings.climb,
    conv: false,
    evalSize: settings.evalSize,
    every: settings.every,
  };
  const started = performance.now();
  const rateFiles = option('rates', '')
    ? await Promise.all(
        option('rates', '')
          .split(',')
          .map(async (f) => JSON.parse(await readFile(f, 'utf8'))),
      )
    : null;
  const rates = rateFiles ? Object.assign({}, ...rateFiles.map((f) => f.rates)) : {};
  const sweep = rateFiles ? rateFiles.flatMap((f) => f.sweep) : [];
  if (rateFiles) for (const m of mixers) if (rates[m] === undefined) throw new Error(`--rates: no rate picked for ${m}`);
  if (rateFiles?.some((f) => f.commit !== commit)) throw new Error(`--rates: the rates were picked at another commit than ${commit}`);
  for (const mixer of rateFiles ? [] : mixers) {
    const tried = new Map();
    const tryRate = (lr) => {
      const runs = settings.sweep.kv.flatMap((kv) =>
        settings.sweep.seeds.map((seed) => {
          const t0 = performance.now();
          const r = runCell({ ...base, batchSize: batchFor(settings.queries, kv), stream: settings.sweep.stream, seed, kv, mixer, lr });
          const row = { mixer, lr, kv, seed, validation: r.validation, diverged: r.diverged, seconds: (performance.now() - t0) / 1000 };
          sweep.push(row);
          console.log(
            `sweep ${mixer} lr ${lr} kv ${kv} seed ${seed}: validation accuracy ${r.validation.accuracy.toFixed(3)}, loss ${r.validation.loss.toFixed(3)}${r.diverged ? `, diverged at step ${r.diverged}` : ''}`,
          );
          return row;
        }),
      );
      const mean = (f) => runs.reduce((a, r) => a + f(r), 0) / runs.length;
      tried.set(lr, {
        lr,
        accuracy: mean((r) => r.validation.accuracy),
        loss: mean((r) => (Number.isFinite(r.validation.loss) ? r.validation.loss : Infinity)),
      });
    };
    // The best mean accuracy; where several rates come within TIE of it, the middle of them (the lower
    // of two), so a memory that every rate trains fully does not walk to the ladder's end on its loss.
    const bestOf = () => {
      const all = [...tried.values()];
      const top = Math.max(...all.map((r) => r.accuracy));
      const tied = all.filter((r) => r.accuracy >= top - TIE).sort((a, b) => a.lr - b.lr);
      return tied[Math.floor((tied.length - 1) / 2)];
    };
    for (const lr of settings.lrs) tryRate(lr);
    for (;;) {
      const best = bestOf();
      const swept = [...tried.keys()].sort((a, b) => a - b);
      const i = LADDER.indexOf(best.lr);
      const next = best.lr === swept[0] ? LADDER[i - 1] : best.lr === swept.at(-1) ? LADDER[i + 1] : null;
      if (next === null) break;
      if (next === undefined || i < 0) throw new Error(`sweep ${mixer}: the best rate, ${best.lr}, is at the edge of the ladder`);
      tryRate(next);
    }
    const best = bestOf();
    if (best.accuracy < PLATEAU / settings.candidates)
      throw new Error(`sweep ${mixer}: no rate leaves the plateau (best mean validation accuracy ${best.accuracy.toFixed(3)})`);
    rates[mixer] = best.lr;
  }
  if (flag('sweep-only')) {
    await writeFile(out, `${JSON.stringify({ commit, settings: { ...settings, mixers }, rates, sweep }, null, 1)}\n`);
    console.log(`${out}: rates ${JSON.stringify(rates)}`);
    process.exit(0);
  }
  const cells = [];
  let index = -1;
  for (const stream of settings.streams)
    for (const kv of settings.kv)
      for (const mixer of mixers)
        for (const seed of settings.seeds) {
          if (++index % shards !== shard) continue;
          const t0 = performance.now();
          const spec = { ...base, batchSize: batchFor(settings.queries, kv), mixer, stream, kv, seed, lr: rates[mixer] };
          const r = runCell(spec);
          const seconds = (performance.now() - t0) / 1000;
          cells.push({ ...spec, ...r, seconds });
          console.log(`${stream} kv ${kv} ${mixer} seed ${seed}: test accuracy ${r.test.accuracy.toFixed(3)} (${seconds.toFixed(1)} s)`);
        }
  const file = { made: new Date().toISOString().slice(0, 10), commit, settings: { ...settings, mixers }, rates, sweep, shard: `${shard}/${shards}`, cells };
  await writeFile(out, `${JSON.stringify(file, null, 1)}\n`);
  console.log(`${out}: ${cells.length} cells in ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await server.close();
}
