// Measures KaTeX's three output modes on the page's own equations (after `npm run build`):
// bytes and elements per mode, from each equation's TeX as the built page carries it. The page
// uses htmlAndMathml: MathML alone renders with whatever maths font the reader's system has
// (on Debian's Chromium, without display-size sums or the symbols' colours), and HTML alone
// gives a screen reader the glyphs one by one instead of the formula.
import { readFile } from 'node:fs/promises';
import katex from 'katex';

const page = await readFile(new URL('../dist/index.html', import.meta.url), 'utf8');
const registry = await readFile(new URL('../src/essay/equations.ts', import.meta.url), 'utf8');
const macros = Object.fromEntries(
  [...registry.matchAll(/'(\\\\[A-Za-z]+)': '(\\\\htmlClass\{[^']+)'/g)].map(([, name, body]) => [name.replace(/\\\\/g, '\\'), body.replace(/\\\\/g, '\\')]),
);
const fromHtml = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
const equations = [...page.matchAll(/<math[^>]*?(display="block")?>[\s\S]*?<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/g)].map((m) => ({
  display: Boolean(m[1]),
  tex: fromHtml(m[2]),
}));

const count = (html) => (html.match(/<[a-zA-Z][^>]*>/g) ?? []).length;
const rows = {};
for (const output of ['htmlAndMathml', 'html', 'mathml']) {
  let bytes = 0;
  let elements = 0;
  for (const { tex, display } of equations) {
    const html = katex.renderToString(tex, { displayMode: display, output, throwOnError: true, macros, trust: true, strict: 'ignore' });
    bytes += Buffer.byteLength(html);
    elements += count(html);
  }
  rows[output] = { bytes, elements, 'elements per equation': Math.round(elements / equations.length) };
}
console.log(`${equations.length} equations on the page, ${Object.keys(macros).length} colour macros`);
console.table(rows);
