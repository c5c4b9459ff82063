// `npm run bench`: the speed figures, which `npm test` does not assert. First the core's
// benchmarks (vitest bench: the chunked form against the recurrent, the lab, the trace), then the
// browser's (tests/bench/browser: each interaction's main-thread time against its floors, the
// page's load at 4x, the workers' effect on the page), each printed with its limit and ratio. It
// builds the page first where no build is there. Exits non-zero where a stage fails: a figure
// past twice its limit, or a check inside a measurement.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (args) => spawnSync('npm', args, { stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;
const npx = (args) => spawnSync('npx', args, { stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;

let failed = 0;
failed += npx(['vitest', 'bench', '--run']) === 0 ? 0 : 1;
if (!existsSync('dist/index.html')) {
  console.log('No build in dist/: building the page first.');
  if (run(['run', 'build']) !== 0) process.exit(1);
}
if (spawnSync(process.execPath, ['scripts/require-chromium.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);
failed += npx(['playwright', 'test', '-c', 'playwright.bench.config.ts']) === 0 ? 0 : 1;
console.log(failed ? `The bench failed in ${failed} stage(s).` : 'The bench passed: every figure within twice its limit.');
process.exit(failed ? 1 : 0);
