// Times the recall trainer (src/core/mqar/) as a reader's machine would run it: Adam steps of each
// memory at the default width and candidate set, with the grid's queries a step (the batch is
// queries / kv sequences), on plain recall at two loads, and what one cell of the grid would take
// at that speed. Prints; asserts nothing.
//   npm run bench:train [-- --steps 40 --kv 16,64 --cell 1000 --queries 256]
import os from 'node:os';
import { createServer } from 'vite';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const steps = Number(option('steps', '40'));
const loads = option('kv', '16,64').split(',').map(Number);
const cell = Number(option('cell', '1000'));
/** The grid's queries a step (scripts/mqar-grid.mjs). */
const queries = Number(option('queries', '256'));

const server = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error' });
try {
  const { MIXERS, DEFAULT_WIDTH, initParams, adamState, trainStep } = await server.ssrLoadModule('/src/core/mqar/index.ts');
  const { embeddings, batch, batchSeed } = await server.ssrLoadModule('/src/core/mqar/task.ts');
  const d = DEFAULT_WIDTH;
  const e = embeddings(d, 256, 128, 1);
  console.log(`recall trainer, d = ${d}, ${queries} queries a step, 128 candidates, Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}`);
  for (const kv of loads) {
    const size = Math.max(1, Math.round(queries / kv));
    for (const mixer of MIXERS) {
      const p = initParams(mixer, d, 1);
      const s = adamState(p);
      const batches = Array.from({ length: steps + 5 }, (_, i) => batch(e, 'plain', kv, size, batchSeed(2, i)));
      for (let i = 0; i < 5; i++) trainStep(p, s, batches[i], e.values, 0.003);
      const t0 = performance.now();
      for (let i = 5; i < steps + 5; i++) trainStep(p, s, batches[i], e.values, 0.003);
      const perStep = (performance.now() - t0) / steps;
      console.log(
        `kv ${String(kv).padStart(2)}  ${mixer.padEnd(10)} ${(1000 / perStep).toFixed(1).padStart(6)} steps/s  ${((cell * perStep) / 1000).toFixed(1).padStart(6)} s for a ${cell}-step cell`,
      );
    }
  }
} finally {
  await server.close();
}
