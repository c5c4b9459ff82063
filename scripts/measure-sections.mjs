// Measures each section's height in the built page at a wide and a phone width and writes
// src/essay/sectionSizes.json, which the sections carry as their placeholder size while they
// are far from the screen (src/essay/Section.tsx). Run after `npm run build` whenever the
// prose or a figure's reserved height changes; tests/e2e/sections.spec.ts says when it must.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './chromium.mjs';
import { measureSections, SIZE_WIDTHS } from './section-sizes.mjs';

const port = 4198;
const url = `http://127.0.0.1:${port}/`;
const executablePath = findChromium();
if (!executablePath) {
  console.error('Chromium not found: apt-get install -y chromium, or set CHROME_PATH');
  process.exit(1);
}
const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
  stdio: 'ignore',
});
const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
try {
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await sleep(200);
    }
  }
  const sizes = {};
  for (const width of SIZE_WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(url);
    for (const [id, height] of Object.entries(await measureSections(page))) {
      sizes[id] = { ...sizes[id], [width]: height };
    }
    await page.close();
  }
  const out = new URL('../src/essay/sectionSizes.json', import.meta.url);
  await writeFile(out, `${JSON.stringify(sizes, null, 2)}\n`);
  console.log(`wrote ${out.pathname}`);
  console.table(sizes);
} finally {
  await browser.close();
  server.kill();
}
