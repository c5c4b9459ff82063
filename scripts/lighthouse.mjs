// Lighthouse (mobile preset) against the built site, served as a static host serves it
// (scripts/serve.mjs: the headers of its _headers file, each text file as its precompressed
// brotli copy; `--gzip` sends the gzip copies instead). `--runs N` (default 5) runs it N times, each in a fresh Chromium, since
// one run on a small machine varies by several points; prints every run, then the median of
// each category and metric, and writes each run's full report to lighthouse/run-N.json.
//
// Lighthouse is installed apart from the project's packages, in tools/lighthouse (its own pinned
// package.json and lockfile): the tests never use it, and it was a third of what `npm ci` put
// in place. The first run installs it there with `npm ci`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_FLAGS, findChromium } from './chromium.mjs';
import { serveBuild } from './serve.mjs';

const toolDir = fileURLToPath(new URL('../tools/lighthouse/', import.meta.url));
if (!existsSync(`${toolDir}node_modules/lighthouse/package.json`)) {
  console.log('Installing Lighthouse in tools/lighthouse (npm ci, once)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefix', toolDir], { stdio: 'inherit' });
}
const fromTool = createRequire(`${toolDir}package.json`);
const load = (name) => import(pathToFileURL(fromTool.resolve(name)).href);
const chromeLauncher = await load('chrome-launcher');
const { default: lighthouse } = await load('lighthouse');

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Math.max(1, Math.floor(Number(process.argv[runsArg + 1])) || 1) : 5;
const port = 4199;
const outDir = 'lighthouse';

const chromePath = findChromium();
if (!chromePath) {
  console.error('Chromium not found: apt-get install -y chromium, or set CHROME_PATH');
  process.exit(1);
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Metric audits and the unit their numericValue is in. */
const METRICS = {
  FCP: ['first-contentful-paint', 'ms'],
  LCP: ['largest-contentful-paint', 'ms'],
  TBT: ['total-blocking-time', 'ms'],
  CLS: ['cumulative-layout-shift', ''],
  SI: ['speed-index', 'ms'],
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const show = (name, value) => {
  const unit = METRICS[name]?.[1];
  if (unit === 'ms') return `${Math.round(value)} ms`;
  if (unit === '') return value.toFixed(3);
  return String(Math.round(value));
};

const gzipOnly = process.argv.includes('--gzip');
// `--dir D` measures another build (say, an older tree's dist/ copied aside), in the same hour.
const dirArg = process.argv.indexOf('--dir');
const dir = dirArg > 0 ? (process.argv[dirArg + 1] ?? 'dist') : 'dist';
const server = await serveBuild({ dir, port });
try {
  await mkdir(outDir, { recursive: true });
  const results = [];
  const failed = [];
  let version = '';
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [...CHROMIUM_FLAGS.filter((f) => f !== '--headless'), '--headless=new', '--disable-dev-shm-usage'],
    });
    try {
      const { lhr } = await lighthouse(server.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        ...(gzipOnly ? { extraHeaders: { 'Accept-Encoding': 'gzip' } } : {}),
      });
      version = lhr.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? version;
      await writeFile(`${outDir}/run-${i + 1}.json`, JSON.stringify(lhr));
      // A run whose trace Lighthouse failed to record (NO_NAVSTART and the like) scores nothing: said, and left out of the median.
      if (lhr.runtimeError) {
        failed.push(i + 1);
        console.log(`run ${i + 1}: Lighthouse could not measure it (${lhr.runtimeError.code}); left out of the median`);
        continue;
      }
      const row = {};
      for (const id of CATEGORIES) row[id] = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      for (const [name, [audit]] of Object.entries(METRICS)) row[name] = lhr.audits[audit]?.numericValue ?? Number.NaN;
      results.push(row);
      console.log(
        `run ${i + 1}: ${Object.entries(row)
          .map(([k, v]) => `${k} ${show(k, v)}`)
          .join(', ')}`,
      );
    } finally {
      await chrome.kill();
    }
  }
  if (results.length === 0) throw new Error(`Lighthouse could not measure any of the ${runs} run(s)`);
  const medians = Object.keys(results[0]).map((k) => `${k} ${show(k, median(results.map((r) => r[k])))}`);
  const left = failed.length ? ` (run ${failed.join(', ')} left out)` : '';
  console.log(`median of ${results.length} run(s)${left}, ${version}, ${gzipOnly ? 'gzip' : 'brotli'}: ${medians.join(', ')}`);
  console.log(`reports: ${outDir}/run-1.json … run-${runs}.json`);
} finally {
  await server.close();
}
