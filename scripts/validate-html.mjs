// The built page through the Nu Html Checker (the vnu-jar package, on Java): any error fails.
// Run by `npm test` after the build; needs `java` (Debian: default-jre-headless). The markup is
// checked with its stylesheets, which the build writes into the head, left out: the checker's
// CSS level predates container queries (@container, the cqi unit) and paint-order, which every
// browser the page serves reads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const jar = String(require('vnu-jar'));
// Every page the build writes: the essay, its updates, the trainer and each heavy fold's own page.
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync('dist')
      .filter((f) => f.endsWith('.html'))
      .sort()
      .map((f) => `dist/${f}`);
const scratch = mkdtempSync(path.join(tmpdir(), 'validate-'));
const checked = files.map((file, i) => {
  const copy = path.join(scratch, `${i}-${path.basename(file)}`);
  writeFileSync(copy, readFileSync(file, 'utf8').replace(/<style>[\s\S]*?<\/style>/g, '<style></style>'));
  return copy;
});

const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
if (java.error || java.status !== 0) {
  console.error('The HTML check needs Java: install it (Debian: apt-get install -y default-jre-headless) and run again.');
  process.exit(1);
}
const run = spawnSync('java', ['-jar', jar, '--format', 'gnu', '--errors-only', ...checked], { encoding: 'utf8' });
const report = `${run.stdout}${run.stderr}`.trim();
if (run.status !== 0 || report) {
  console.error(`The Nu Html Checker found errors in ${files.join(', ')}:\n${report}`);
  process.exit(1);
}
console.log(`Nu Html Checker: ${files.join(', ')}: 0 errors`);
