// Lighthouse (mobile preset) against the built site, served by `vite preview` (gzip, like a
// real static host). Prints each category's score and the metrics; `--runs N` takes the median
// performance score of N runs, since one run on a small machine varies by several points.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, findChromium } from './chromium.mjs';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) || 1 : 3;
const port = 4199;
const url = `http://127.0.0.1:${port}/`;

const chromePath = findChromium();
if (!chromePath) {
  console.error('Chromium not found: apt-get install -y chromium, or set CHROME_PATH');
  process.exit(1);
}

const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
  stdio: 'ignore',
});
try {
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await sleep(200);
    }
  }
  const results = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [...CHROMIUM_FLAGS.filter((f) => f !== '--headless'), '--headless=new', '--disable-dev-shm-usage'],
    });
    try {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id) => lhr.audits[id]?.displayValue ?? '–';
      const row = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
      };
      results.push(row);
      console.log(`run ${i + 1}:`, JSON.stringify(row));
    } finally {
      await chrome.kill();
    }
  }
  const perf = results.map((r) => r.performance).sort((a, b) => a - b);
  console.log(`median performance over ${runs} run(s): ${perf[Math.floor(perf.length / 2)]}`);
} finally {
  server.kill();
}
