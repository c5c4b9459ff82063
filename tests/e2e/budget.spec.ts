import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const dist = path.resolve('dist');
const assets = path.join(dist, 'assets');
const list = (ext: RegExp) => readdirSync(assets).filter((f) => ext.test(f));

/** Client JavaScript for the whole page, gzip bytes. Grows with each figure; see README. */
const JS_BUDGET_GZIP = 90 * 1024;

test('the built JavaScript stays within its budget', () => {
  const total = list(/\.js$/).reduce((sum, f) => sum + gzipSync(readFileSync(path.join(assets, f))).length, 0);
  console.log(`client JavaScript: ${(total / 1024).toFixed(1)} KiB gzip of ${(JS_BUDGET_GZIP / 1024).toFixed(0)} KiB`);
  expect(total).toBeLessThanOrEqual(JS_BUDGET_GZIP);
});

test('KaTeX ships as CSS and woff2 fonts only, never as JavaScript', () => {
  for (const f of list(/\.js$/)) {
    const code = readFileSync(path.join(assets, f), 'utf8');
    expect(code, f).not.toMatch(/KaTeX parse error|katex\.render/);
  }
  const fonts = readdirSync(assets).filter((f) => /^KaTeX_/.test(f));
  expect(fonts.length).toBeGreaterThan(10);
  for (const f of fonts) expect(f).toMatch(/\.woff2$/);
  const css = list(/\.css$/).map((f) => readFileSync(path.join(assets, f), 'utf8')).join('\n');
  expect(css).toContain('.katex');
  expect(css).not.toMatch(/\.woff\)|\.ttf\)/);
});

test('the page is prerendered: text and equations in dist/index.html itself', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  expect(html).toContain('class="katex-display"');
  expect(html).toContain('id="credit"');
  expect(html).not.toContain('<!--app-->');
  expect(statSync(path.join(dist, 'favicon.svg')).size).toBeGreaterThan(0);
  expect(statSync(path.join(dist, 'robots.txt')).size).toBeGreaterThan(0);
});
