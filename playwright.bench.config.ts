/**
 * The bench's browser stage (`npm run bench`): what the page's interactions, its load and its
 * workers cost the main thread, each figure against a floor measured in the same run
 * (tests/bench/browser/). One worker, in Chromium itself rather than its headless shell, with
 * nothing beside it; a summary of every figure with its limit and ratio at the end.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './scripts/chromium.mjs';

const chromium = findChromium() ?? '/usr/bin/chromium';
/** BENCH_PORT lets the bench run beside a test run, each with its own server. */
const PORT = Number(process.env.BENCH_PORT) || 4174;

export default defineConfig({
  testDir: 'tests/bench/browser',
  outputDir: 'test-results/bench-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['./tests/bench/browser/reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    browserName: 'chromium',
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromium, args: CHROMIUM_FLAGS },
  },
  webServer: {
    command: `node node_modules/vite/bin/vite.js preview --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
