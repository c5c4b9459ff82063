import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { serveBuild } from '../../scripts/serve.mjs';

const dist = path.resolve('dist');
const assets = path.join(dist, 'assets');
const list = (ext: RegExp) => readdirSync(assets).filter((f) => ext.test(f));
const gzip = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

interface ManifestChunk {
  file: string;
  /** Files the chunk refers to by URL: a Web Worker's script among them. */
  assets?: string[];
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
const SHELL = 'index.html';
const HYDRATE = 'src/app/hydrate.tsx';
/**
 * What every page load runs before any figure: styles' entry, theme switch, contents, the figures'
 * wake-up, and the return of the folds' bodies that leave the first download (about 0.6 KiB).
 */
const SHELL_BUDGET = 4.75 * KB;
/** React and hydration, loaded with the first figure that nears the screen or is touched. */
const HYDRATE_BUDGET = 70 * KB;
/** Each figure's own code, beyond the shell and React (shared chunks it pulls in count against it too). */
const ISLAND_BUDGETS: Record<string, number> = {
  /**
   * The state demo: 15.3 KiB until it drew each write taken apart (the key, the read, the row
   * written), a table by group, the phases stream's questions and the words generated from what it
   * draws (describe.ts alone, about 2.5 KiB); 20.0 KiB then.
   */
  'src/widgets/Forget/ForgetFigure.tsx': 22.5 * KB,
  'src/widgets/Chunking/ChunkingFigure.tsx': 20 * KB,
  'src/widgets/Shipping/ShippingFigure.tsx': 10 * KB,
  'src/widgets/Lineage/LineageFigure.tsx': 15 * KB,
  'src/widgets/Recall/RecallFigure.tsx': 15 * KB,
  /** Kimi K3's memory: its layers sized with the page's one memory model of every layer kind. */
  'src/widgets/Recall/K3MemoryFigure.tsx': 8 * KB,
  'src/widgets/Evidence/EvidenceFigure.tsx': 10 * KB,
  'src/widgets/Memory/MemoryFigure.tsx': 13 * KB,
  'src/widgets/Lab/LabFigure.tsx': 12 * KB,
  /** The measured-on-this-GPU figure: its chart, fit and the model's H200 curve; its kernels come with its worker. */
  'src/widgets/GpuMeasure/GpuMeasureFigure.tsx': 12.5 * KB,
  /**
   * The trainer's page: the stored grid's chart and table and the run's controls, the stored seeds
   * fetched and drawn beside a run, the rings of runs that never trained, the floor of a guess and
   * the convolution's setting (11.5 KiB); the trainer itself comes with its worker.
   */
  'src/widgets/Train/TrainFigure.tsx': 13 * KB,
  /**
   * What the trained memory learned: its gate strips, the state after a token (the demo's heatmap
   * and the core's recurrence) and the words generated from what it draws (10.0 KiB).
   */
  'src/widgets/TrainGates/TrainGatesFigure.tsx': 11 * KB,
};
/** Web Workers a figure starts, by the figure, and the budget of the figure's chunks and its worker together. */
const WORKER_BUDGETS: Record<string, { worker: RegExp; budget: number }> = {
  'src/widgets/Lab/LabFigure.tsx': { worker: /lab\.worker-[\w-]+\.js$/, budget: 16 * KB },
  /** The worker, fetched on the press of "Measure on your GPU", holds the WGSL kernels, the float64 check and the timing. */
  'src/widgets/GpuMeasure/GpuMeasureFigure.tsx': { worker: /gpu\.worker-[\w-]+\.js$/, budget: 20 * KB },
  /** The worker, fetched on the press of "Train it here", holds the task, the nine memories' forward and backward passes, the convolution, the schedule and Adam. */
  'src/widgets/Train/TrainFigure.tsx': { worker: /train\.worker-[\w-]+\.js$/, budget: 25 * KB },
};
/**
 * Code a figure fetches only when the reader asks for it, beyond everything the figure loaded:
 * the memory figure's config.json reader, on the first press of "Draw it".
 */
const ON_DEMAND_BUDGETS: Record<string, { figure: string; budget: number }> = {
  'src/core/modelConfig.ts': { figure: 'src/widgets/Memory/MemoryFigure.tsx', budget: 4 * KB },
};

const shellChunks = closure(SHELL);
const hydrateChunks = new Set([...closure(HYDRATE)].filter((k) => !shellChunks.has(k)));

test('the shell stays within its budget', () => {
  const size = bytes(shellChunks);
  console.log(`shell: ${(size / KB).toFixed(2)} KiB gzip (budget ${SHELL_BUDGET / KB})`);
  expect(size).toBeLessThanOrEqual(SHELL_BUDGET);
});

/**
 * The offline worker and the shell's code that registers it. The worker names every file it
 * precaches, about 20 bytes gzip a file, so its list grows with the build: 53 files at 2 KiB,
 * 57 once the memory figure and its reader came; 2.25 KiB then, 2.5 once nine folds had pages of
 * their own, with their bodies and the stylesheet only they use.
 */
const OFFLINE_BUDGET = 2.5 * KB;

test('the service worker and its registration stay within their budget', async () => {
  const { build } = await import('rolldown');
  // The registration, bundled and minified on its own as the shell's build does it.
  const out = await build({ input: 'src/app/offline.ts', write: false, output: { minify: true, format: 'esm' }, logLevel: 'silent' });
  const registration = gzipSync(out.output[0].code, { level: 9 }).length;
  const worker = gzip('sw.js');
  console.log(`service worker ${worker} B + registration ${registration} B gzip (budget ${OFFLINE_BUDGET} B)`);
  expect(worker).toBeGreaterThan(200);
  expect(worker + registration).toBeLessThanOrEqual(OFFLINE_BUDGET);
  // Registered only after load: the shell fetches nothing for it before then.
  const shellSource = shellChunks.has(SHELL) ? readFileSync(path.join(dist, manifest[SHELL]!.file), 'utf8') : '';
  expect(shellSource).toContain('sw.js');
});

test('React and hydration stay within their budget, loaded apart from the shell', () => {
  expect(manifest[HYDRATE]?.isDynamicEntry, `${HYDRATE} is loaded as its own chunk`).toBe(true);
  const size = bytes(hydrateChunks);
  console.log(`hydrate: ${(size / KB).toFixed(1)} KiB gzip (budget ${HYDRATE_BUDGET / KB})`);
  expect(size).toBeLessThanOrEqual(HYDRATE_BUDGET);
});

for (const [key, budget] of Object.entries(ISLAND_BUDGETS)) {
  test(`${path.basename(key)} adds no more than ${budget / KB} KiB gzip`, () => {
    expect(manifest[key]?.isDynamicEntry, `${key} is loaded as its own chunk`).toBe(true);
    const own = [...closure(key)].filter((k) => !shellChunks.has(k) && !hydrateChunks.has(k));
    const size = bytes(own);
    console.log(`${path.basename(key)}: ${(size / KB).toFixed(1)} KiB gzip (budget ${budget / KB})`);
    expect(size).toBeLessThanOrEqual(budget);
  });
}

for (const [key, { figure, budget }] of Object.entries(ON_DEMAND_BUDGETS)) {
  test(`${path.basename(key)}, fetched on demand by ${path.basename(figure)}, adds no more than ${budget / KB} KiB gzip`, () => {
    expect(manifest[figure]?.dynamicImports, `${figure} imports ${key} on demand`).toContain(key);
    const loaded = new Set([...shellChunks, ...hydrateChunks, ...closure(figure)]);
    const size = bytes([...closure(key)].filter((k) => !loaded.has(k)));
    console.log(`${path.basename(key)}: ${(size / KB).toFixed(1)} KiB gzip on demand (budget ${budget / KB})`);
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThanOrEqual(budget);
  });
}

for (const [key, { worker, budget }] of Object.entries(WORKER_BUDGETS)) {
  test(`${path.basename(key)} and its worker add no more than ${budget / KB} KiB gzip together`, () => {
    const script = (manifest[key]?.assets ?? []).find((f) => worker.test(f));
    expect(script, `${key} starts a worker of its own`).toBeDefined();
    const figure = bytes([...closure(key)].filter((k) => !shellChunks.has(k) && !hydrateChunks.has(k)));
    const size = figure + gzip(script!);
    console.log(`${path.basename(key)} with ${path.basename(script!)}: ${(size / KB).toFixed(1)} KiB gzip (budget ${budget / KB})`);
    expect(size).toBeLessThanOrEqual(budget);
  });
}

/** Everything a reader's browser fetches before they touch or near a figure, gzip, by kind. */
const FIRST_LOAD_BUDGETS: Record<string, number> = {
  /**
   * The whole essay, readable without script, with its styles written into its head (about 17
   * KiB of it), so the first paint waits for no other request; the heaviest folds' bodies come
   * after (below). No stylesheet is fetched before the first paint.
   */
  document: 64 * KB,
  /**
   * The rules only the moved folds' markup uses (scripts/fold-styles.mjs), fetched once with the
   * first of their bodies, after the first paint: about 2.2 KiB.
   */
  stylesheet: 3 * KB,
  /**
   * The heavy folds' bodies (scripts/lazy-folds.mjs), fetched one at a time once the page has
   * painted and the browser is idle: the references about 8 KiB, the evidence's table and
   * studies about 11, the memory figure with its table about 7, the lab about 5; the rules beside
   * and after KDA, each with its update in MathML, about 6 (50 KiB in all on 7 December).
   */
  fetch: 54 * KB,
  script: SHELL_BUDGET,
  font: 80 * KB,
  image: 4 * KB,
  /** The favicon. */
  other: 2 * KB,
};
const FIRST_LOAD_TOTAL = 200 * KB;

for (const width of [412, 1280]) {
  test(`what loads before any interaction at ${width} px stays within its budgets`, async ({ page }) => {
    const sizes: Record<string, number> = {};
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      const kind = res.request().resourceType();
      pending.push(
        res.body().then(
          (body) => {
            sizes[kind] = (sizes[kind] ?? 0) + gzipSync(body, { level: 9 }).length;
          },
          () => undefined,
        ),
      );
    });
    await page.setViewportSize({ width, height: 900 });
    await page.goto('./');
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    console.log(
      `before interaction at ${width} px: ${Object.entries(sizes)
        .map(([k, v]) => `${k} ${(v / KB).toFixed(1)}`)
        .join(', ')}; total ${(total / KB).toFixed(1)} KiB gzip (budget ${FIRST_LOAD_TOTAL / KB})`,
    );
    for (const [kind, size] of Object.entries(sizes)) {
      expect(FIRST_LOAD_BUDGETS[kind], `a ${kind} loads before interaction`).toBeDefined();
      expect(size, kind).toBeLessThanOrEqual(FIRST_LOAD_BUDGETS[kind]!);
    }
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_TOTAL);
  });
}

/**
 * Lighthouse's phone, simulated: 150 ms round trips at 1,638.4 kbit/s. A new TCP connection starts
 * with a window of 10 segments of 1,460 bytes, doubles it each round trip, and the link caps it at
 * floor(1,638.4 × 1,024 / 8 × 0.15 / 1,460) = 21 segments. So 14,600 bytes arrive with the first
 * byte and 29,200 more one round trip later: a document of at most 43,800 bytes, headers included,
 * is in by then, and one byte more costs another round trip (150 ms) before the first paint. A
 * phone on a slow link pays the same way. The opening alone, with the head's styles, fits the first
 * 14,600 (scripts/lighthouse.mjs --floor); the main path's words cannot, so two is the least.
 */
const RTT_S = 0.15;
const LINK_KBPS = 1638.4;
const SEGMENT = 1460;
const INITIAL_WINDOW = 10;
const WINDOW_CAP = Math.floor((((LINK_KBPS * 1024) / 8) * RTT_S) / SEGMENT);
const TWO_ROUND_TRIPS = SEGMENT * (INITIAL_WINDOW + Math.min(2 * INITIAL_WINDOW, WINDOW_CAP));

test('the page, as a host sends it compressed, arrives within the first two windows of a new connection', async ({ page }) => {
  expect(WINDOW_CAP).toBe(21);
  expect(TWO_ROUND_TRIPS).toBe(43_800);
  // The static host of scripts/serve.mjs: the build's headers and each file's brotli copy.
  const server = await serveBuild({ dir: dist, port: 0 });
  try {
    const response = await page.goto(server.url);
    expect(response?.headers()['content-encoding']).toBe('br');
    const { responseBodySize, responseHeadersSize } = await response!.request().sizes();
    const transfer = responseBodySize + responseHeadersSize;
    console.log(`the page: ${transfer} bytes with its headers, brotli (two windows: ${TWO_ROUND_TRIPS}, ${TWO_ROUND_TRIPS - transfer} to spare)`);
    expect(responseBodySize).toBe(statSync(path.join(dist, 'index.html.br')).size);
    expect(transfer).toBeLessThanOrEqual(TWO_ROUND_TRIPS);
  } finally {
    await server.close();
  }
});

test('every built script is accounted for by the manifest', () => {
  const known = new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.assets ?? [])].map((f) => path.basename(f))));
  for (const f of list(/\.js$/)) expect(known.has(f), f).toBe(true);
});

test('KaTeX ships as CSS and woff2 fonts only, never as JavaScript', () => {
  for (const f of list(/\.js$/)) {
    const code = readFileSync(path.join(assets, f), 'utf8');
    expect(code, f).not.toMatch(/KaTeX parse error|katex\.render/);
  }
  const fonts = readdirSync(assets).filter((f) => /^KaTeX_/.test(f));
  // The faces the page's KaTeX drawing uses (equations behind a door are set as MathML alone).
  expect(fonts.length).toBeGreaterThanOrEqual(8);
  for (const f of fonts) expect(f).toMatch(/\.woff2$/);
  // The styles stand in the page's head, each font linked from where the page is.
  const css = [...readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
  // The one stylesheet file: the rules only the folds that leave the first download use, no font among them.
  const files = list(/\.css$/);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^folds-[0-9a-f]{8}\.css$/);
  expect(readFileSync(path.join(assets, files[0]!), 'utf8')).not.toMatch(/url\(|@font-face/);
  for (const [, url] of css.matchAll(/url\(\.\/(assets\/KaTeX_[^)]+)\)/g)) expect(statSync(path.join(dist, url!)).size, url).toBeGreaterThan(0);
  expect(css).toContain('.katex');
  expect(css).not.toMatch(/\.woff\)|\.ttf\)/);
});

test('the page is prerendered: text and equations in dist/index.html itself', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  expect(html).toContain('class="katex-display"');
  expect(html).toContain('id="credit"');
  expect(html).not.toContain('<!--app-->');
  // Each figure's props lie beside the page, fetched when it wakes; the page carries none.
  expect(html).not.toContain('data-props');
  const islands = [...html.matchAll(/data-island="([a-z]+)"/g)].map((m) => m[1]!);
  expect(islands.length).toBeGreaterThanOrEqual(6);
  for (const name of islands) expect(() => JSON.parse(readFileSync(path.join(dist, 'islands', `${name}.json`), 'utf8')), name).not.toThrow();
  for (const f of ['favicon.svg', 'robots.txt', 'social.png']) expect(statSync(path.join(dist, f)).size).toBeGreaterThan(0);
});
