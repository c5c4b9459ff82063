// Writes the server-rendered page into the client build's index.html, so dist/ serves
// every word, equation and caption before (and without) any script.
import { readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile, rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const template = path.join(root, 'dist', 'index.html');
const serverEntry = path.join(root, 'dist-ssr', 'entry-server.js');
const {
  contentSecurityPolicy,
  extractStyleAttributes,
  headersFile,
  inlineScripts,
  inlineStyles,
  inlineStylesheets,
  REFERRER_POLICY,
  sha256Source,
  plainApostrophes,
  stripTextSeparators,
} = await import('./harden.mjs');
const { writeServiceWorker } = await import('./service-worker.mjs');
const { classNames, pruneKatex } = await import('./katex-prune.mjs');
const { precompress } = await import('./precompress.mjs');
const { cutFolds, foldPage } = await import('./lazy-folds.mjs');
const { classesIn, splitFoldStyles, wordsIn } = await import('./fold-styles.mjs');
const { createHash } = await import('node:crypto');

/**
 * The essay's finished head with another page's title and description (in its social tags too),
 * no canonical link or social URL (they name the essay), and that page's stylesheet linked last.
 */
function trainHead(page, title, description, styles) {
  const head = page
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/(<meta (?:name="description"|property="og:description") content=")[^"]*"/g, (_, start) => `${start}${description}"`)
    .replace(/(<meta property="og:title" content=")[^"]*"/, (_, start) => `${start}${title}"`)
    .replace(/\s*<meta property="og:url"[^>]*>/, '')
    .replace(/\s*<link rel="canonical"[^>]*>/, '')
    .replace('</head>', () => `  <link rel="stylesheet" href="./${styles}" />\n  </head>`);
  if (!head.includes(`<title>${title}</title>`)) throw new Error("dist/index.html has no <title> for the trainer's page to replace");
  return head;
}

let trainStyles = '';

try {
  const { render, dataFiles } = await import(pathToFileURL(serverEntry).href);
  const { html, head, islands, train } = render(process.env.SITE_URL || undefined);
  const page = await readFile(template, 'utf8');
  if (!page.includes('<!--app-->') || !page.includes('<!--head-->')) {
    throw new Error('dist/index.html has no <!--app--> or <!--head--> placeholder');
  }
  const composed = stripTextSeparators(page.replace('<!--head-->', plainApostrophes(head)).replace('<!--app-->', plainApostrophes(html)));
  // Style attributes become classes in a stylesheet of their own, after the page's.
  const styles = extractStyleAttributes(composed);
  const linked = styles.html.replace(/(<link rel="stylesheet"[^>]*>)/, `$1\n    <link rel="stylesheet" href="./assets/attributes.css">`);
  if (linked === styles.html) throw new Error('dist/index.html links no stylesheet to put the style attributes after');
  // KaTeX's rules for what the page never typesets, and the faces only they name, are left out.
  const assets = path.join(root, 'dist', 'assets');
  const scripts = (await readdir(assets)).filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(assets, f), 'utf8'));
  const names = classNames(styles.html, [...scripts, ...islands.map((i) => i.text)]);
  /** @type {ReturnType<typeof pruneKatex> | undefined} */
  let katex;
  const read = (/** @type {string} */ href) => {
    if (href === './assets/attributes.css') return styles.css;
    katex = pruneKatex(readFileSync(path.join(root, 'dist', href), 'utf8'), names);
    return katex.css;
  };
  // Both are written into the head, so the first paint waits for the page alone; the files go.
  const inline = inlineStylesheets(linked, read);
  if (!katex) throw new Error('dist/index.html links no stylesheet of its own');
  // Urls in the stylesheet hold from its folder (assets/).
  for (const file of katex.files) await rm(path.join(assets, file.replace(/^\.\//, '')), { force: true });
  for (const href of inline.inlined) await rm(path.join(root, 'dist', href), { force: true });
  // The rules only the folds that leave the first download use leave the head with them, for a
  // file of their own (./fold-styles.mjs). Which folds leave does not depend on the head, so a
  // first cut says which classes are theirs alone; the scripts that draw the figures still in the
  // page count as what stays, those of the figures inside the moved folds alone do not.
  const first = cutFolds(inline.html);
  const islandsIn = (/** @type {string} */ html) => new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]));
  const staying = islandsIn(first.html);
  const movedMarkup = first.folds.map((f) => f.original).join('');
  const awayChunks = [...islandsIn(movedMarkup)].filter((n) => !staying.has(n)).map((n) => `${n[0]?.toUpperCase()}${n.slice(1)}Figure-`);
  const stayingScripts = (await readdir(assets))
    .filter((f) => f.endsWith('.js') && !awayChunks.some((c) => f.startsWith(c)))
    .map((f) => readFileSync(path.join(assets, f), 'utf8'));
  const kept = new Set([
    ...classesIn(first.html),
    ...classesIn(train.html),
    ...wordsIn(stayingScripts.join('\n')),
    ...wordsIn(islands.map((i) => i.text).join('\n')),
  ]);
  const sheet = inline.html.match(/<style>([\s\S]*?)<\/style>/);
  if (!sheet) throw new Error('dist/index.html has no stylesheet in its head to split');
  const split = splitFoldStyles(sheet[1] ?? '', { kept, moved: classesIn(movedMarkup) });
  let foldStyles = '';
  if (split.rules > 0) {
    foldStyles = `assets/folds-${createHash('sha256').update(split.folds).digest('hex').slice(0, 8)}.css`;
    await writeFile(path.join(root, 'dist', foldStyles), split.folds);
  }
  const styled = inline.html.replace(sheet[0], () => `<style>${split.head}</style>`);
  // The policy allows exactly the inline scripts and styles the page holds, by hash.
  const hashes = inlineScripts(styled).map(sha256Source);
  const styleHashes = inlineStyles(styled).map(sha256Source);
  const policy = (header) => contentSecurityPolicy({ scriptHashes: hashes, styleHashes, header });
  const meta = [`<meta http-equiv="Content-Security-Policy" content="${policy(false)}" />`, `<meta name="referrer" content="${REFERRER_POLICY}" />`].join(
    '\n    ',
  );
  const locked = styled.replace(/(<meta charset="[^"]*"\s*\/?>)/, `$1\n    ${meta}`);
  if (locked === styled) throw new Error('dist/index.html has no <meta charset> to put the policy after');
  // The heavy folds go to pages of their own (./lazy-folds.mjs), off the first download.
  const lazy = cutFolds(locked, undefined, foldStyles);
  const bodyAt = locked.indexOf('<body>');
  const essayTitle = locked.match(/<title>([^<]*)<\/title>/)?.[1];
  if (bodyAt < 0 || !essayTitle) throw new Error("dist/index.html has no <body> or <title> for the folds' pages");
  await mkdir(path.join(root, 'dist', 'folds'), { recursive: true });
  for (const fold of lazy.folds) {
    await writeFile(path.join(root, 'dist', `${fold.id}.html`), foldPage(locked.slice(0, bodyAt + 6), fold, essayTitle, foldStyles));
    await writeFile(path.join(root, 'dist', 'folds', `${fold.id}.html`), fold.original);
  }
  await writeFile(template, lazy.html);
  // The trainer's page: the essay's head (its styles, policy and script), its own title and
  // stylesheet, and its own markup, whose style attributes become classes in that stylesheet,
  // numbered on from the essay's, whose classes its head also holds.
  const trainMarkup = extractStyleAttributes(stripTextSeparators(plainApostrophes(train.html)), styles.count);
  const trainPage = trainHead(locked, train.title, train.description, train.styles).replace(
    /<body>[\s\S]*<\/body>/,
    () => `<body>\n    ${trainMarkup.html}\n  </body>`,
  );
  if (!trainPage.includes('data-island="train"')) throw new Error(`${train.path}: the trainer's figure is missing from its page`);
  await writeFile(path.join(root, 'dist', train.path), trainPage);
  trainStyles = trainMarkup.css;
  await writeFile(path.join(root, 'dist', '_headers'), headersFile({ csp: policy(true), pages: lazy.folds.map((f) => `${f.id}.html`) }));
  // The data behind the page, served beside it so its download links work without script.
  // Each figure's props, fetched when the figure wakes rather than carried in the page.
  for (const file of [...dataFiles(), ...islands]) {
    const out = path.join(root, 'dist', file.path);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, file.path === train.styles ? `${file.text}${trainStyles}` : file.text);
  }
  await rm(path.join(root, 'dist-ssr'), { recursive: true, force: true });
  // Last, once every file is final: the worker's precache list and version are the build's.
  const worker = await writeServiceWorker(path.join(root, 'dist'));
  console.log(`service worker ${worker.version}: ${worker.files.length} files, ${worker.bytes} bytes`);
  // After the worker too: every text file's compressed copies, for a host that serves them.
  const packed = await precompress(path.join(root, 'dist'));
  console.log(`${packed.files} text files precompressed: ${packed.raw} bytes, brotli ${packed.br}, gzip ${packed.gz}`);
  console.log(
    `${styles.count} style attributes moved to classes; ${inline.inlined.length} stylesheet(s) written into the head; ${hashes.length} inline script(s) and ${styleHashes.length} style(s) allowed by hash`,
  );
  console.log(`KaTeX's stylesheet: ${katex.rules} rules kept, ${katex.dropped} left out, faces left out: ${katex.families.join(', ') || 'none'}`);
  console.log(`the folds' own rules, off the head: ${split.rules} (${split.folds.length} characters, ${foldStyles || 'none'})`);
  console.log(`folds on pages of their own: ${lazy.folds.map((f) => `${f.id}.html (${f.body.length} characters)`).join(', ')}`);
  console.log(`prerendered dist/index.html (${(html.length / 1024).toFixed(1)} KiB of markup)`);
} catch (error) {
  console.error(`\nprerender failed:\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
