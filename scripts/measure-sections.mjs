// Measures each section's height in the built page at a wide and a phone width and writes
// src/essay/sectionSizes.json, which the sections carry as their placeholder size while they
// are far from the screen (src/essay/Section.tsx). Run after `npm run build` whenever the
// prose or a figure's reserved height changes; tests/e2e/sections.spec.ts says when it must.
import { writeFile } from 'node:fs/promises';
import { launchChromium } from './chromium.mjs';
import { startPreview } from './preview.mjs';
import { measureSections, SIZE_WIDTHS } from './section-sizes.mjs';

const port = 4198;
const browser = await launchChromium();
const server = await startPreview(port);
try {
  const sizes = {};
  for (const width of SIZE_WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(server.url);
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
  server.stop();
}
