// Where the browser tests find Chromium: CHROME_PATH, else Debian's /usr/bin/chromium.
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

export function findChromium() {
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** Debian's package `chromium-headless-shell`: the same engine, built without the browser around it. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser for the browser tests' checks: CHROME_PATH when it is set, else Debian's headless
 * shell, else Chromium. The shell renders and runs the page with the same engine and version as
 * Chromium, without the windowing browser around it: a page load there cost about a quarter less
 * CPU, and the checks took about a sixth less time on two cores. The latency tests, which measure,
 * run in Chromium itself, the browser a reader has.
 */
export function findCheckBrowser() {
  if (process.env.CHROME_PATH) return findChromium();
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : findChromium();
}

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Chromium for a build script, or an exit that says how to get it. */
export async function launchChromium() {
  const executablePath = findChromium();
  if (!executablePath) {
    console.error('Chromium not found: apt-get install -y chromium, or set CHROME_PATH');
    process.exit(1);
  }
  const { chromium } = await import('@playwright/test');
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}
