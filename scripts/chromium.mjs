// Where the browser tests find Chromium: CHROME_PATH, else Debian's /usr/bin/chromium.
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

export function findChromium() {
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p)) ?? null;
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
