// Writes src/content/labRuns.json: the lab's runs at its opening settings, every state size, each
// averaged over the streams the lab runs at that size (src/content/defaults.ts), computed by the
// same code the lab's worker runs (src/widgets/Lab/runLab.ts). The page prints its picture and
// its sentences from this file; tests/content/lab.test.ts fails while it differs from a live run.
// Run it after a change to the lab's maths or defaults: `node scripts/lab-runs.mjs`.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'vite';

const server = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error' });
try {
  const { labRunsFile } = await server.ssrLoadModule('/src/content/labRunsFile.ts');
  const started = performance.now();
  const file = labRunsFile();
  await writeFile('src/content/labRuns.json', `${JSON.stringify(file, null, 2)}\n`);
  // In the tree's own format, so the linter passes it as written.
  execFileSync('node_modules/.bin/biome', ['format', '--write', 'src/content/labRuns.json'], { stdio: 'ignore' });
  console.log(`src/content/labRuns.json: ${Object.keys(file.runs).length} sizes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await server.close();
}
