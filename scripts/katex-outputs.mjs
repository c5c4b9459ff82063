// Measures KaTeX's three output modes on the page's own equations (after `npm run build`):
// bytes and elements per mode, for each equation the built page carries (by its key, its TeX from
// the registry, src/essay/equations.ts). The page uses htmlAndMathml: MathML alone renders with
// whatever maths font the reader's system has (on Debian's Chromium, without display-size sums or
// the symbols' colours), and HTML alone gives a screen reader the glyphs one by one instead of the
// formula. (The page then leaves out the MathML's TeX annotation, which no reader is shown.)
import { readFile } from 'node:fs/promises';
import katex from 'katex';
import { createServer } from 'vite';

const page = await readFile(new URL('../dist/index.html', import.meta.url), 'utf8');
const server = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error' });
try {
  const { equations: registry, equationMacros: macros } = await server.ssrLoadModule('/src/essay/equations.ts');
  const equations = [...page.matchAll(/data-equation-key="(\w+):(display|inline)"/g)].map((m) => {
    const tex = registry[m[1]];
    if (tex === undefined) throw new Error(`equation ${m[1]} is on the page but not in src/essay/equations.ts`);
    return { display: m[2] === 'display', tex };
  });
  const count = (html) => (html.match(/<[a-zA-Z][^>]*>/g) ?? []).length;
  const rows = {};
  for (const output of ['htmlAndMathml', 'html', 'mathml']) {
    let bytes = 0;
    let elements = 0;
    for (const { tex, display } of equations) {
      const html = katex.renderToString(tex, { displayMode: display, output, throwOnError: true, macros: { ...macros }, trust: true, strict: 'ignore' });
      bytes += Buffer.byteLength(html);
      elements += count(html);
    }
    rows[output] = { bytes, elements, 'elements per equation': Math.round(elements / equations.length) };
  }
  console.log(`${equations.length} equations on the page, ${Object.keys(macros).length} colour macros`);
  console.table(rows);
} finally {
  await server.close();
}
