import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const dist = path.resolve('dist');
const assets = path.join(dist, 'assets');
const list = (ext: RegExp) => readdirSync(assets).filter((f) => ext.test(f));
const gzip = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** Gzip bytes of a chunk and every chunk it imports statically, each counted once. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const bytes = (keys: Iterable<string>) => [...keys].reduce((sum, k) => sum + gzip(manifest[k]!.file), 0);

const KB = 1024;
const ENTRY = 'index.html';
/** What every page load runs before any figure: React, hydration and the contents marker. */
const ENTRY_BUDGET = 70 * KB;
/** Each figure's own code, beyond the entry (shared chunks it pulls in count against it too). */
const ISLAND_BUDGETS: Record<string, number> = {
  'src/widgets/Scale/ScaleFigure.tsx': 5 * KB,
  'src/widgets/Theme/ThemeToggle.tsx': 3 * KB,
  'src/widgets/Forget/ForgetFigure.tsx': 20 * KB,
  'src/widgets/Chunking/ChunkingFigure.tsx': 20 * KB,
  'src/widgets/Shipping/ShippingFigure.tsx': 10 * KB,
  'src/widgets/Lineage/LineageFigure.tsx': 15 * KB,
  'src/widgets/Recall/RecallFigure.tsx': 15 * KB,
  'src/widgets/Evidence/EvidenceFigure.tsx': 10 * KB,
};
/** The page as the foundation left it: entry, theme toggle and the opening figure. */
const FOUNDATION_BUDGET = 90 * KB;

const entryChunks = closure(ENTRY);

test('the entry chunk stays within its budget', () => {
  const size = bytes(entryChunks);
  console.log(`entry: ${(size / KB).toFixed(1)} KiB gzip (budget ${ENTRY_BUDGET / KB})`);
  expect(size).toBeLessThanOrEqual(ENTRY_BUDGET);
});

for (const [key, budget] of Object.entries(ISLAND_BUDGETS)) {
  test(`${path.basename(key)} adds no more than ${budget / KB} KiB gzip`, () => {
    expect(manifest[key]?.isDynamicEntry, `${key} is loaded as its own chunk`).toBe(true);
    const own = [...closure(key)].filter((k) => !entryChunks.has(k));
    const size = bytes(own);
    console.log(`${path.basename(key)}: ${(size / KB).toFixed(1)} KiB gzip (budget ${budget / KB})`);
    expect(size).toBeLessThanOrEqual(budget);
  });
}

test('entry, theme toggle and opening figure together stay within the foundation budget', () => {
  const keys = new Set([...entryChunks, ...closure('src/widgets/Theme/ThemeToggle.tsx'), ...closure('src/widgets/Scale/ScaleFigure.tsx')]);
  expect(bytes(keys)).toBeLessThanOrEqual(FOUNDATION_BUDGET);
});

test('every built script is accounted for by the manifest', () => {
  const known = new Set(Object.values(manifest).map((c) => path.basename(c.file)));
  for (const f of list(/\.js$/)) expect(known.has(f), f).toBe(true);
});

test('KaTeX ships as CSS and woff2 fonts only, never as JavaScript', () => {
  for (const f of list(/\.js$/)) {
    const code = readFileSync(path.join(assets, f), 'utf8');
    expect(code, f).not.toMatch(/KaTeX parse error|katex\.render/);
  }
  const fonts = readdirSync(assets).filter((f) => /^KaTeX_/.test(f));
  expect(fonts.length).toBeGreaterThan(10);
  for (const f of fonts) expect(f).toMatch(/\.woff2$/);
  const css = list(/\.css$/)
    .map((f) => readFileSync(path.join(assets, f), 'utf8'))
    .join('\n');
  expect(css).toContain('.katex');
  expect(css).not.toMatch(/\.woff\)|\.ttf\)/);
});

test('the page is prerendered: text and equations in dist/index.html itself', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  expect(html).toContain('class="katex-display"');
  expect(html).toContain('id="credit"');
  expect(html).not.toContain('<!--app-->');
  for (const f of ['favicon.svg', 'robots.txt', 'social.png']) expect(statSync(path.join(dist, f)).size).toBeGreaterThan(0);
});
