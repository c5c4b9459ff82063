// The browser tests drive the system's Chromium and never download one: say how to get it.
import { findChromium } from './chromium.mjs';

if (!findChromium()) {
  console.error(
    [
      'Chromium was not found, so the browser tests cannot run.',
      'Install it with:   apt-get install -y chromium   (Debian/Ubuntu, as root)',
      'or point CHROME_PATH at an existing Chromium or Chrome binary:  CHROME_PATH=/path/to/chrome npm test',
    ].join('\n'),
  );
  process.exit(1);
}
