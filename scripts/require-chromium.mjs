// The browser tests drive the system's Chromium and never download one: say how to get it, and
// which browser each stage of the run uses, with its version.
import { execFileSync } from 'node:child_process';
import { findCheckBrowser, findChromium, HEADLESS_SHELL } from './chromium.mjs';

const chromium = findChromium();
if (!chromium) {
  console.error(
    [
      'Chromium was not found, so the browser tests cannot run.',
      'Install it with:   apt-get install -y chromium chromium-headless-shell   (Debian/Ubuntu, as root)',
      'or point CHROME_PATH at an existing Chromium or Chrome binary:  CHROME_PATH=/path/to/chrome npm test',
    ].join('\n'),
  );
  process.exit(1);
}

const version = (path) => {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .replace(/ built on .*/, '');
  } catch {
    return 'version unknown';
  }
};
const checks = findCheckBrowser() ?? chromium;
console.log(`Browser tests: the checks in ${checks} (${version(checks)}); the bench's timings (npm run bench) in ${chromium} (${version(chromium)}).`);
if (checks === chromium && !process.env.CHROME_PATH) {
  console.log(`${HEADLESS_SHELL} is not installed: the checks run in Chromium, about a sixth slower (apt-get install -y chromium-headless-shell).`);
}
