// Writes the server-rendered page into the client build's index.html, so dist/ serves
// every word, equation and caption before (and without) any script.
import { mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const template = path.join(root, 'dist', 'index.html');
const serverEntry = path.join(root, 'dist-ssr', 'entry-server.js');

try {
  const { render, dataFiles } = await import(pathToFileURL(serverEntry).href);
  const { html, head, islands } = render(process.env.SITE_URL || undefined);
  const page = await readFile(template, 'utf8');
  if (!page.includes('<!--app-->') || !page.includes('<!--head-->')) {
    throw new Error('dist/index.html has no <!--app--> or <!--head--> placeholder');
  }
  await writeFile(template, page.replace('<!--head-->', head).replace('<!--app-->', html));
  // The data behind the page, served beside it so its download links work without script.
  // Each figure's props, fetched when the figure wakes rather than carried in the page.
  for (const file of [...dataFiles(), ...islands]) {
    const out = path.join(root, 'dist', file.path);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, file.text);
  }
  await rm(path.join(root, 'dist-ssr'), { recursive: true, force: true });
  console.log(`prerendered dist/index.html (${(html.length / 1024).toFixed(1)} KiB of markup)`);
} catch (error) {
  console.error(`\nprerender failed:\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
