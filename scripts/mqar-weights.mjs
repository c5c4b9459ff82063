// Writes src/content/mqarWeights.json and src/content/mqarGateTable.json: what trained gated memories
// learned, for the figure "What the trained memory learned".
// Each cell is trained again from the stored grid (src/content/mqarGrid.json) with its stored settings,
// and must come out as the stored cell to the last bit (curve, validation, test, diverged), else the
// script stops. Then
//   mqarWeights.json: the trained parameters of the context-switch cells at kv = d/2, seed 1, of the
//     delta rule, gated delta, per-channel gated delta and Gated DeltaNet-2, and of gated delta on
//     plain recall at kv = d/2, seed 1; each tensor the base64 of its Float64Array's bytes, little-endian.
//   mqarGateTable.json: for those four rules × the grid's seeds × kv = d/2 and d on the switch stream,
//     each gate at the separator and at the writes over the cell's test sequences (src/core/mqar/gates.ts).
// Run it after the grid is made again: `node scripts/mqar-weights.mjs` (25 cells, 10–50 s each).
// `--smoke` runs two of the cells and writes both files under /tmp instead.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { createServer } from 'vite';

const smoke = process.argv.includes('--smoke');
const GRID = 'src/content/mqarGrid.json';
const WEIGHTS = smoke ? '/tmp/mqarWeights.smoke.json' : 'src/content/mqarWeights.json';
const TABLE = smoke ? '/tmp/mqarGateTable.smoke.json' : 'src/content/mqarGateTable.json';
const RULES = ['delta', 'gated', 'perChannel', 'gdn2'];
const SHARED = ['d', 'candidates', 'keys', 'queries', 'steps', 'warmup', 'decay', 'climb', 'evalSize', 'every'];

/** The bytes of a Float64Array, little-endian whatever the machine, in base64. */
function encode(x) {
  const bytes = new Uint8Array(x.length * 8);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < x.length; i++) view.setFloat64(i * 8, x[i], true);
  return Buffer.from(bytes).toString('base64');
}

const grid = JSON.parse(await readFile(GRID, 'utf8'));
const s = grid.settings;
const half = s.d / 2;
const made = new Date().toISOString().slice(0, 10);
const server = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error' });
try {
  const { mqarGrid, specOf } = await server.ssrLoadModule('/src/content/mqar.ts');
  const { startCell } = await server.ssrLoadModule('/src/core/mqar/run.ts');
  const { cellSequences, gateSummary, gateTrace } = await server.ssrLoadModule('/src/core/mqar/gates.ts');
  const { tensorNames } = await server.ssrLoadModule('/src/core/mqar/params.ts');
  if (mqarGrid.commit !== grid.commit) throw new Error(`${GRID}: the loader and the file disagree on the commit`);
  const stored = (stream, mixer, kv, seed) => {
    const c = mqarGrid.cells.find((x) => x.stream === stream && x.mixer === mixer && x.kv === kv && x.seed === seed);
    if (!c) throw new Error(`${GRID}: no cell ${stream} kv ${kv} ${mixer} seed ${seed}`);
    return c;
  };
  const keep = (stream, mixer, kv, seed) => seed === s.seeds[0] && kv === half && (stream === 'switch' || mixer === 'gated');
  const jobs = [];
  for (const kv of [half, s.d]) for (const mixer of RULES) for (const seed of s.seeds) jobs.push({ stream: 'switch', mixer, kv, seed, table: true });
  jobs.push({ stream: 'plain', mixer: 'gated', kv: half, seed: s.seeds[0], table: false });
  if (smoke) jobs.splice(1, jobs.length - 2);
  const weights = [];
  const rows = [];
  const started = performance.now();
  for (const [n, job] of jobs.entries()) {
    const { stream, mixer, kv, seed } = job;
    const cell = stored(stream, mixer, kv, seed);
    const spec = specOf(cell);
    const t0 = performance.now();
    const run = startCell(spec);
    while (!run.done) run.advance(spec.every);
    const result = JSON.parse(JSON.stringify(run.finish()));
    const trained = (performance.now() - t0) / 1000;
    const want = { curve: cell.curve, validation: cell.validation, test: cell.test, diverged: cell.diverged };
    if (!isDeepStrictEqual(result, want)) throw new Error(`${stream} kv ${kv} ${mixer} seed ${seed}: the live run is not the stored cell; make the grid again`);
    const p = run.params();
    if (keep(stream, mixer, kv, seed))
      weights.push({ stream, mixer, kv, seed, tensors: Object.fromEntries(tensorNames(p).map((t) => [t, encode(p.tensors[t])])) });
    let traced = 0;
    if (job.table) {
      const t1 = performance.now();
      const { values, sequences } = cellSequences(spec, 'test');
      const summary = gateSummary(sequences.map((q) => gateTrace(p, q, values)));
      if (summary.accuracy !== cell.test.accuracy)
        throw new Error(`${stream} kv ${kv} ${mixer} seed ${seed}: the traces' accuracy ${summary.accuracy} is not the stored ${cell.test.accuracy}`);
      const { accuracy, ...gates } = summary;
      rows.push({ mixer, kv, seed, testAccuracy: accuracy, ...gates });
      traced = (performance.now() - t1) / 1000;
    }
    const g = rows.at(-1);
    const gist = job.table
      ? ['beta', 'alpha', 'erase', 'write']
          .filter((k) => g[k] !== null)
          .map((k) => `${k} ${g[k].separator.toFixed(3)} at the separator, ${g[k].writes.toFixed(3)} at writes`)
          .join('; ')
      : 'weights only';
    console.log(
      `[${n + 1}/${jobs.length}] ${stream} kv ${kv} ${mixer} seed ${seed}: trained in ${trained.toFixed(1)} s, traced in ${traced.toFixed(1)} s; ${gist}`,
    );
  }
  const settings = Object.fromEntries(SHARED.map((k) => [k, s[k]]));
  await writeFile(WEIGHTS, `${JSON.stringify({ commit: grid.commit, made, script: 'scripts/mqar-weights.mjs', settings, cells: weights }, null, 1)}\n`);
  const $comment = [
    `Gates of trained memories on the context-switch stream, made by scripts/mqar-weights.mjs from the cells of ${GRID} at the commit below, each trained again and checked equal to its stored cell to the last bit.`,
    `One row a cell: memory (mixer), load kv, seed. Every number is over the cell's ${s.evalSize} test sequences (src/core/mqar/gates.ts cellSequences, drawn as run.ts's finish draws them), each traced by gateTrace.`,
    'testAccuracy: queries answered right over all queries, equal to the stored cell’s test accuracy. sequences: test sequences; writeTokens: write and rewrite tokens over all of them (before and after the separator; the separator and the queries not counted).',
    'beta: β_t = σ(z_β) (delta, gated, perChannel; null for gdn2). alpha: the decay α_t = exp(−e^A · softplus(z_α)), one per token for gated, one per key channel for perChannel and gdn2 (null for delta), reduced to its mean over channels at each token; alphaMin: the same reduced to its min over channels (per-channel rules only, else null).',
    'erase and write: Gated DeltaNet-2’s erase gate b_t = σ(z_b) per key channel and write gate w_t = σ(z_w) per value channel, each reduced to its mean over channels at each token (gdn2 only, else null).',
    'For each gate, separator: the mean over the test sequences of that per-token number at the separator token; writes: the median of it over every write token of every test sequence, pooled (the mean of the two middle values where their count is even).',
    'α near 1 keeps the state, α near 0 clears it; β, b and w near 1 write (and erase) fully, near 0 not at all.',
  ].join(' ');
  await writeFile(
    TABLE,
    `${JSON.stringify({ $comment, commit: grid.commit, made, script: 'scripts/mqar-weights.mjs', stream: 'switch', evalSize: s.evalSize, rows }, null, 1)}\n`,
  );
  // In the tree's own format, so the linter passes them as written.
  if (!smoke) execFileSync('node_modules/.bin/biome', ['format', '--write', WEIGHTS, TABLE], { stdio: 'ignore' });
  console.log(
    `${WEIGHTS}: ${weights.length} cells; ${TABLE}: ${rows.length} rows; ${jobs.length} cells in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
} finally {
  await server.close();
}
