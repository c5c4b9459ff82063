import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { CHROMIUM_FLAGS, findChromium } from './scripts/chromium.mjs';
import { serveBuild } from './scripts/serve.mjs';
const dir = process.argv[2] || 'dist';
const server = await serveBuild({ dir, port: 4198 });
const chrome = await chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: [...CHROMIUM_FLAGS.filter((f) => f !== '--headless'), '--headless=new', '--disable-dev-shm-usage'] });
try {
  const r = await lighthouse(server.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = r.artifacts;
  const settings = r.lhr.configSettings;
  const res = await LanternFirstContentfulPaint.request({ trace: a.Trace, devtoolsLog: a.DevtoolsLog, gatherContext: a.GatherContext, settings, URL: a.URL, simulator: null }, { computedCache: new Map() });
  console.log('FCP', res.timing, 'opt', res.optimisticEstimate.timeInMs, 'pess', res.pessimisticEstimate.timeInMs);
  for (const [label, est] of [['optimistic', res.optimisticEstimate], ['pessimistic', res.pessimisticEstimate]]) {
    console.log(label);
    for (const [node, t] of [...est.nodeTimings].sort((x, y) => x[1].startTime - y[1].startTime)) {
      const desc = node.type === 'network' ? `net ${node.request.url.slice(-40)} ${node.request.transferSize}B` : `cpu ${(node.duration/1000).toFixed(1)}ms obs: ${[...new Set(node.childEvents.map(e=>e.name))].filter(n=>/Parse|Layout|Paint|Style|Evaluate|Font/.test(n)).slice(0,8).join(',')}`;
      console.log(`  ${t.startTime.toFixed(0)}-${t.endTime.toFixed(0)} ${desc}`);
    }
  }
} finally { await chrome.kill(); await server.close(); }
