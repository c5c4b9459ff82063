// Writes the server-rendered page into the client build's index.html, so dist/ serves
// every word, equation and caption before (and without) any script.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const template = path.join(root, 'dist', 'index.html');
const serverEntry = path.join(root, 'dist-ssr', 'entry-server.js');
const { contentSecurityPolicy, extractStyleAttributes, headersFile, inlineScripts, REFERRER_POLICY, sha256Source } = await import('./harden.mjs');
const { writeServiceWorker } = await import('./service-worker.mjs');

try {
  const { render, dataFiles } = await import(pathToFileURL(serverEntry).href);
  const { html, head, islands } = render(process.env.SITE_URL || undefined);
  const page = await readFile(template, 'utf8');
  if (!page.includes('<!--app-->') || !page.includes('<!--head-->')) {
    throw new Error('dist/index.html has no <!--app--> or <!--head--> placeholder');
  }
  const composed = page.replace('<!--head-->', head).replace('<!--app-->', html);
  // Style attributes become classes in a stylesheet of their own, linked after the page's.
  const styles = extractStyleAttributes(composed);
  const stylesheet = `assets/attrs-${createHash('sha256').update(styles.css).digest('hex').slice(0, 10)}.css`;
  await writeFile(path.join(root, 'dist', stylesheet), styles.css);
  const styled = styles.html.replace(/(<link rel="stylesheet"[^>]*>)/, `$1\n    <link rel="stylesheet" href="./${stylesheet}">`);
  if (styled === styles.html) throw new Error('dist/index.html links no stylesheet to put the style attributes after');
  // The policy allows exactly the inline scripts the page holds, by hash.
  const hashes = inlineScripts(styled).map(sha256Source);
  const meta = [
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy({ scriptHashes: hashes, header: false })}" />`,
    `<meta name="referrer" content="${REFERRER_POLICY}" />`,
  ].join('\n    ');
  const locked = styled.replace(/(<meta charset="[^"]*"\s*\/?>)/, `$1\n    ${meta}`);
  if (locked === styled) throw new Error('dist/index.html has no <meta charset> to put the policy after');
  await writeFile(template, locked);
  await writeFile(path.join(root, 'dist', '_headers'), headersFile({ csp: contentSecurityPolicy({ scriptHashes: hashes, header: true }) }));
  // The data behind the page, served beside it so its download links work without script.
  // Each figure's props, fetched when the figure wakes rather than carried in the page.
  for (const file of [...dataFiles(), ...islands]) {
    const out = path.join(root, 'dist', file.path);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, file.text);
  }
  await rm(path.join(root, 'dist-ssr'), { recursive: true, force: true });
  // Last, once every file is final: the worker's precache list and version are the build's.
  const worker = await writeServiceWorker(path.join(root, 'dist'));
  console.log(`service worker ${worker.version}: ${worker.files.length} files, ${worker.bytes} bytes`);
  console.log(`${styles.count} style attributes moved to ${stylesheet}; ${hashes.length} inline script(s) allowed by hash`);
  console.log(`prerendered dist/index.html (${(html.length / 1024).toFixed(1)} KiB of markup)`);
} catch (error) {
  console.error(`\nprerender failed:\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
