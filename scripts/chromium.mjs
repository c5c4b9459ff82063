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
