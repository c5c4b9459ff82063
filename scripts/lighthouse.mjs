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
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
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

const lighthouseDir = path.dirname(path.dirname(fromTool.resolve('lighthouse')));
const { LanternLargestContentfulPaint } = await import(
  pathToFileURL(path.join(lighthouseDir, 'core/computed/metrics/lantern-largest-contentful-paint.js')).href
);

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
// `--floor` runs each time twice, alternating: the page, then a floor document made from it (the
// same build with index.html cut after the opening's first paragraph: the same head, styles and
// fonts), and prints the page's medians against the floor's with each run's main-thread work by kind
// and the path Lighthouse's simulation charges to the largest paint (which request, which tasks).
// `--also D` measures a second build (an older tree's dist/, say) in the same alternation, named
// by its folder, so a change is weighed against what it replaced on the same machine in one run.
// `--dir D` measures another build (say, an older tree's dist/ copied aside), in the same hour.
const dirArg = process.argv.indexOf('--dir');
const dir = dirArg > 0 ? (process.argv[dirArg + 1] ?? 'dist') : 'dist';
const floor = process.argv.includes('--floor');

/** A copy of the build whose index.html stops after the opening's first paragraph. */
async function makeFloor(from, to) {
  await rm(to, { recursive: true, force: true });
  await cp(from, to, { recursive: true });
  const html = await readFile(`${to}/index.html`, 'utf8');
  const lede = html.indexOf('<p class="lede">');
  const end = lede < 0 ? -1 : html.indexOf('</p>', lede);
  if (end < 0) throw new Error(`${from}/index.html has no opening paragraph (<p class="lede">) to cut after`);
  const cut = `${html.slice(0, end + 4)}</section></main></div></body></html>`;
  await writeFile(`${to}/index.html`, cut);
  await writeFile(`${to}/index.html.br`, brotliCompressSync(cut, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${to}/index.html.gz`, gzipSync(cut, { level: 9 }));
  return { pageBytes: html.length, floorBytes: cut.length };
}

/** Main-thread time by kind (Lighthouse's groups) and the long tasks, from one report. */
function work(lhr) {
  const groups = (lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])
    .filter((x) => x.duration >= 5)
    .map((x) => `${x.groupLabel ?? x.group} ${Math.round(x.duration)}`);
  const long = (lhr.audits['long-tasks']?.details?.items ?? []).map(
    (x) => `${Math.round(x.duration)} ms at ${Math.round(x.startTime)} (${String(x.url).replace(/^.*\//, '') || 'page'})`,
  );
  return `   main thread (ms): ${groups.join(', ')}\n   long tasks: ${long.join('; ') || 'none'}`;
}

/**
 * The path Lighthouse's simulation (Lantern) charges to the largest paint, from the run's trace: each
 * node of its optimistic graph in order, a request with its bytes, a main-thread task with its
 * simulated and its measured time. Of Lighthouse's two estimates, the reported LCP is their mean.
 */
async function lcpPath(artifacts, lhr) {
  const settings = lhr.configSettings;
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  const lcp = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings });
  const kinds = (node) => {
    const names = new Set(node.childEvents.map((e) => e.name));
    const said = [
      ['ParseHTML', 'parse'],
      ['Layout', 'layout'],
      ['Paint', 'paint'],
      ['EvaluateScript', 'script'],
      ['v8.evaluateModule', 'module'],
      ['DocumentLoader::CommitNavigation', 'navigation'],
    ];
    return (
      said
        .filter(([n]) => names.has(n))
        .map(([, w]) => w)
        .join('+') || 'task'
    );
  };
  const steps = [...lcp.optimisticEstimate.nodeTimings.entries()]
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, t]) =>
      node.type === 'network'
        ? `${node.request.url.replace(/^[a-z]+:\/\/[^/]+\//, '/')} ${node.request.transferSize} B ${Math.round(t.startTime)}–${Math.round(t.endTime)}`
        : `${kinds(node)} ${Math.round(t.startTime)}–${Math.round(t.endTime)} (${(node.duration / 1000).toFixed(0)} ms seen)`,
    );
  return `   LCP path (optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)} ms, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)}): ${steps.join('; ')}`;
}

/**
 * How many windows of a new TCP connection a response of `bytes` takes in Lighthouse's simulation:
 * 10 segments of 1,460 bytes arrive with the first byte, and the window doubles each round trip up
 * to what the link carries in one.
 */
function windowsFor(bytes, { rttMs, throughputKbps }) {
  const cap = Math.floor((((throughputKbps * 1024) / 8) * (rttMs / 1000)) / 1460);
  let window = 10;
  let arrived = window * 1460;
  let windows = 1;
  while (arrived < bytes) {
    window = Math.min(cap, window * 2);
    arrived += window * 1460;
    windows += 1;
  }
  return windows;
}

const alsoArg = process.argv.indexOf('--also');
const also = alsoArg > 0 ? process.argv[alsoArg + 1] : null;
const targets = [{ name: floor || also ? 'page' : '', dir, port }];
if (also) targets.push({ name: also.replace(/\/+$/, '').split('/').slice(-2).join('-'), dir: also, port: port + 2 });
if (floor) {
  const sizes = await makeFloor(dir, 'lighthouse/floor');
  targets.push({ name: 'floor', dir: 'lighthouse/floor', port: port + 1 });
  console.log(`page ${sizes.pageBytes} characters of HTML, floor ${sizes.floorBytes}`);
}
await mkdir(outDir, { recursive: true });
const servers = [];
for (const t of targets) servers.push(await serveBuild({ dir: t.dir, port: t.port }));
try {
  const results = targets.map(() => []);
  /** Each target's document as sent (bytes with headers), and the simulated link. */
  const documents = targets.map(() => 0);
  let throttling = { rttMs: 150, throughputKbps: 1638.4 };
  const failed = [];
  let version = '';
  for (let i = 0; i < runs; i++) {
    for (const [j, t] of targets.entries()) {
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: [...CHROMIUM_FLAGS.filter((f) => f !== '--headless'), '--headless=new', '--disable-dev-shm-usage'],
      });
      try {
        const { lhr, artifacts } = await lighthouse(servers[j].url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          ...(gzipOnly ? { extraHeaders: { 'Accept-Encoding': 'gzip' } } : {}),
        });
        version = lhr.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? version;
        const label = `${t.name ? `${t.name} ` : ''}run ${i + 1}`;
        await writeFile(`${outDir}/${t.name ? `${t.name}-` : ''}run-${i + 1}.json`, JSON.stringify(lhr));
        // A run whose trace Lighthouse failed to record (NO_NAVSTART and the like) scores nothing: said, and left out of the median.
        if (lhr.runtimeError) {
          failed.push(label);
          console.log(`${label}: Lighthouse could not measure it (${lhr.runtimeError.code}); left out of the median`);
          continue;
        }
        const row = {};
        for (const id of CATEGORIES) row[id] = Math.round((lhr.categories[id]?.score ?? 0) * 100);
        for (const [name, [audit]] of Object.entries(METRICS)) row[name] = lhr.audits[audit]?.numericValue ?? Number.NaN;
        results[j].push(row);
        documents[j] = lhr.audits['network-requests']?.details?.items?.find((x) => x.resourceType === 'Document')?.transferSize ?? documents[j];
        throttling = lhr.configSettings.throttling;
        console.log(
          `${label}: ${Object.entries(row)
            .map(([k, v]) => `${k} ${show(k, v)}`)
            .join(', ')}`,
        );
        if (floor) {
          console.log(work(lhr));
          console.log(await lcpPath(artifacts, lhr).catch((e) => `   LCP path: not computed (${e.message})`));
        }
      } finally {
        await chrome.kill();
      }
    }
  }
  const left = failed.length ? ` (${failed.join(', ')} left out)` : '';
  const medianOf = (rows, k) => median(rows.map((r) => r[k]));
  for (const [j, t] of targets.entries()) {
    const rows = results[j];
    if (rows.length === 0) throw new Error(`Lighthouse could not measure any of the ${runs} run(s)${t.name ? ` of the ${t.name}` : ''}`);
    const medians = Object.keys(rows[0]).map((k) => `${k} ${show(k, medianOf(rows, k))}`);
    console.log(`${t.name ? `${t.name}: ` : ''}median of ${rows.length} run(s)${left}, ${version}, ${gzipOnly ? 'gzip' : 'brotli'}: ${medians.join(', ')}`);
  }
  if (floor) {
    const page = results[0];
    const base = results[targets.length - 1];
    const ratio = medianOf(page, 'LCP') / medianOf(base, 'LCP');
    const tbt = medianOf(page, 'TBT');
    console.log(`page against floor: LCP ${ratio.toFixed(3)}x the floor's (aim: at most 1.10x), page TBT ${Math.round(tbt)} ms (aim: at most 20 ms)`);
    // Lighthouse's simulation charges the whole document before the first paint, one round trip for
    // each window of a new connection past the first: so the page cannot come closer to the floor
    // than the round trips its extra windows cost, whatever its tasks.
    const [pageWindows, floorWindows] = [documents[0], documents[targets.length - 1]].map((bytes) => windowsFor(bytes, throttling));
    const least = (medianOf(base, 'LCP') + (pageWindows - floorWindows) * throttling.rttMs) / medianOf(base, 'LCP');
    console.log(
      `document as sent: page ${documents[0]} B in ${pageWindows} window(s) of a new connection, floor ${documents[targets.length - 1]} B in ${floorWindows}; ` +
        `the least ratio the page's document allows: ${least.toFixed(3)}x (the floor's LCP and ${pageWindows - floorWindows} round trip(s) of ${throttling.rttMs} ms)`,
    );
  }
  console.log(`reports: ${outDir}/`);
} finally {
  for (const s of servers) await s.close();
}
