// Trains the memories on associative recall (src/core/mqar/), cell by cell, with the same code a
// reader's browser will run, and writes every cell with its settings and seeds as JSON.
// The learning rate of each memory is picked first, on validation sequences, from a small sweep
// at one load; every cell then trains at its memory's rate and is scored on fresh test sequences.
//   node scripts/mqar-grid.mjs --pilot            a small pilot: plain recall, kv 4 and 16, one seed
//   node scripts/mqar-grid.mjs [--out file.json]  the grid: every memory × kv 4–64 × three streams × three seeds
// Options: --steps N, --d N, --batch N, --mixers a,b, --kv 4,16, --streams plain,rewrite, --seeds 1,2,
// --lrs 0.001,0.01 (the grid's sweep: 0.001,0.003,0.01,0.03). To share the work between processes:
//   --sweep-only --out rates.json                 pick the rates and stop
//   --rates rates.json --shard 0/2 --out a.json   run every second cell, at the rates picked before
//   --merge a.json,b.json --out grid.json          join the shards into one file, cells in grid order
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'vite';

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
  batchSize: Number(option('batch', '8')),
  steps: Number(option('steps', pilot ? '400' : '1000')),
  evalSize: 128,
  every: 50,
  kv: list('kv', pilot ? '4,16' : '4,8,16,32,64'),
  streams: list('streams', pilot ? 'plain' : 'plain,rewrite,switch', String),
  seeds: list('seeds', pilot ? '1' : '1,2,3'),
  lrs: list('lrs', '0.001,0.003,0.01,0.03'),
  /** Where each memory's rate is picked: plain recall at this load, on its own seed. */
  sweep: { stream: 'plain', kv: 16, seed: 1000 },
};
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
    if (JSON.stringify(f.settings) !== JSON.stringify(first.settings) || JSON.stringify(f.rates) !== JSON.stringify(first.rates))
      throw new Error('--merge: the shards were made with different settings or rates');
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

const server = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error' });
try {
  const { MIXERS } = await server.ssrLoadModule('/src/core/mqar/index.ts');
  const { runCell } = await server.ssrLoadModule('/src/core/mqar/run.ts');
  const mixers = option('mixers', MIXERS.join(',')).split(',');
  const base = {
    d: settings.d,
    candidates: settings.candidates,
    keys: settings.keys,
    batchSize: settings.batchSize,
    steps: settings.steps,
    evalSize: settings.evalSize,
    every: settings.every,
  };
  const started = performance.now();
  const picked = option('rates', '') ? JSON.parse(await readFile(option('rates', ''), 'utf8')) : null;
  const rates = picked ? picked.rates : {};
  const sweep = picked ? picked.sweep : [];
  for (const mixer of picked ? [] : mixers) {
    let best = null;
    for (const lr of settings.lrs) {
      const t0 = performance.now();
      const r = runCell({ ...base, ...settings.sweep, mixer, lr });
      sweep.push({ mixer, lr, validation: r.validation, diverged: r.diverged, seconds: (performance.now() - t0) / 1000 });
      console.log(
        `sweep ${mixer} lr ${lr}: validation accuracy ${r.validation.accuracy.toFixed(3)}, loss ${r.validation.loss.toFixed(3)}${r.diverged ? `, diverged at step ${r.diverged}` : ''}`,
      );
      if (!best || r.validation.accuracy > best.accuracy || (r.validation.accuracy === best.accuracy && r.validation.loss < best.loss))
        best = { lr, ...r.validation };
    }
    rates[mixer] = best.lr;
  }
  if (flag('sweep-only')) {
    await writeFile(out, `${JSON.stringify({ settings: { ...settings, mixers }, rates, sweep }, null, 1)}\n`);
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
          const spec = { ...base, mixer, stream, kv, seed, lr: rates[mixer] };
          const r = runCell(spec);
          const seconds = (performance.now() - t0) / 1000;
          cells.push({ ...spec, ...r, seconds });
          console.log(`${stream} kv ${kv} ${mixer} seed ${seed}: test accuracy ${r.test.accuracy.toFixed(3)} (${seconds.toFixed(1)} s)`);
        }
  const file = { made: new Date().toISOString().slice(0, 10), settings: { ...settings, mixers }, rates, sweep, shard: `${shard}/${shards}`, cells };
  await writeFile(out, `${JSON.stringify(file, null, 1)}\n`);
  console.log(`${out}: ${cells.length} cells in ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await server.close();
}
