import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, findCheckBrowser, findChromium } from './scripts/chromium.mjs';

/** The checks run in Chromium's headless shell where it is installed, else in Chromium (scripts/chromium.mjs). */
const checkBrowser = findCheckBrowser() ?? findChromium() ?? '/usr/bin/chromium';
/** E2E_PORT lets two test runs on one machine use separate servers. */
const PORT = Number(process.env.E2E_PORT) || 4173;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  fullyParallel: true,
  // Half the cores, as Playwright would choose, but never fewer than two: on a two-core machine
  // a test spends much of its time waiting on the page, and two workers finished the browser
  // stage in about three quarters of the time one took. The same with CI set or not.
  workers: Math.max(2, Math.ceil(availableParallelism() / 2)),
  retries: 0,
  timeout: 60_000,
  // The list as tests end, then the ten slowest with their share of their timeout.
  reporter: [['list'], ['./tests/e2e/slowest-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    browserName: 'chromium',
    // Each test meets the page as on a first visit, with no worker precaching behind it; the
    // tests of the worker itself (offline, security) allow it.
    serviceWorkers: 'block',
    // One tab per worker, taken back to a blank page and reset between tests (storage, cache,
    // routes, scripts, viewport, media), instead of a new browser context each time: a new
    // context starts a new renderer process, which on a two-core machine cost about 0.7 s of CPU
    // before the page's first byte. A test whose options differ (no JavaScript, service workers
    // allowed) still gets a context of its own; permissions a test grants it takes back itself.
    reuseContext: true,
  },
  // The checks, in parallel. What the page's interactions and load cost the main thread is
  // measured in the bench (playwright.bench.config.ts, `npm run bench`), not here: no check
  // asserts a time that another process on the machine could push past its limit.
  //
  // The WebGPU checks (tests/e2e/gpuMeasure.spec.ts) need a browser launched with WebGPU on, and
  // so a worker of their own. Playwright queues a project's tests by the worker they need, those
  // of the common worker first: within the checks they would run last, on one worker, while the
  // other stood idle. As a project listed first they start at once, beside the other checks.
  projects: [
    {
      name: 'webgpu',
      testMatch: /gpuMeasure\.spec\.ts$/,
      use: { launchOptions: { executablePath: checkBrowser, args: [...CHROMIUM_FLAGS, '--enable-unsafe-webgpu'] } },
    },
    {
      name: 'checks',
      testIgnore: /gpuMeasure\.spec\.ts$/,
      use: { launchOptions: { executablePath: checkBrowser, args: CHROMIUM_FLAGS } },
    },
  ],
  webServer: {
    command: `node node_modules/vite/bin/vite.js preview --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
