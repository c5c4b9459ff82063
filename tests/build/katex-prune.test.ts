import { readFileSync } from 'node:fs';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { classNames, pruneKatex } from '../../scripts/katex-prune.mjs';
import { equations } from '../../src/essay/equations';
import { typeset as typesetPage } from '../../src/essay/typeset';

const sheet = readFileSync(new URL('../../node_modules/katex/dist/katex.min.css', import.meta.url), 'utf8');

/** The classes KaTeX writes for some TeX, as the page's markup would carry them. */
const typeset = (...tex: string[]) => classNames(tex.map((t) => katex.renderToString(t, { output: 'htmlAndMathml', displayMode: true })).join(''), []);

describe('KaTeX stylesheet pruning', () => {
  it('keeps the rules a fraction and a subscript need and drops the fonts nothing typesets', () => {
    const { css, families, files } = pruneKatex(sheet, typeset('S_t = \\frac{a}{b}'));
    expect(css).toContain('.katex .mfrac .frac-line');
    expect(css).toContain('.katex .msupsub');
    expect(css).toMatch(/@font-face\{[^}]*KaTeX_Main/);
    expect(css).not.toContain('.katex .mathfrak');
    expect(families).toEqual(expect.arrayContaining(['KaTeX_Fraktur', 'KaTeX_Script', 'KaTeX_Typewriter']));
    expect(families).not.toContain('KaTeX_Main');
    expect(files.some((f) => f.includes('KaTeX_Fraktur-Regular'))).toBe(true);
    expect(css.length).toBeLessThan(sheet.length / 2);
  });

  it('keeps a rule whose :not() names a class the page lacks: the accent under a hat', () => {
    const { css } = pruneKatex(sheet, typeset('\\hat{v}'));
    expect(css).toContain('.katex .katex-accent .accent-body:not(.accent-full)');
  });

  it('leaves every rule that styles one of the registry’s equations, as the page typesets them', () => {
    // Independent of the pruning's own reading: each rule of the full sheet whose selector, less
    // its :not() parts, names only classes the equations carry must still be in the pruned sheet.
    const html = Object.entries(equations)
      .map(([id, tex]) => typesetPage(id, tex, true))
      .join('');
    const carried = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)));
    const { css } = pruneKatex(sheet, carried);
    const needed = [...sheet.matchAll(/(?:^|\})([^{}@]*\.katex[^{}]*)\{/g)]
      .flatMap((m) => m[1]!.split(','))
      .filter((sel) => [...sel.replace(/:not\([^)]*\)/g, '').matchAll(/\.([\w-]+)/g)].every((c) => carried.has(c[1]!)));
    expect(needed.length).toBeGreaterThan(40);
    for (const sel of needed) expect(css, sel).toContain(sel);
  });

  it('keeps a face once the page typesets in it', () => {
    const { css, families } = pruneKatex(sheet, typeset('\\mathfrak{g}', '\\texttt{x}'));
    expect(css).toContain('.katex .mathfrak');
    expect(css).toMatch(/@font-face\{[^}]*KaTeX_Fraktur/);
    expect(families).not.toContain('KaTeX_Fraktur');
    expect(families).not.toContain('KaTeX_Typewriter');
  });

  it('keeps of a selector list only the selectors the page can match, and leaves rules of its own alone', () => {
    const css = '.katex .a,.katex .b{color:red}.katex .c{color:blue}.mine .c{color:green}@media print{.katex .c{color:red}}';
    const out = pruneKatex(css, new Set(['katex', 'b']));
    expect(out.css).toBe('.katex .b{color:red}.mine .c{color:green}@media print{.katex .c{color:red}}');
    expect([out.rules, out.dropped]).toEqual([1, 1]);
  });

  it('reads class names from markup without its stylesheets, and any word from scripts', () => {
    const names = classNames('<style>.katex .unused{}</style><span class="katex mord">x</span>', ['el.className = "vlist-t"']);
    expect(names.has('mord')).toBe(true);
    expect(names.has('vlist-t')).toBe(true);
    expect(names.has('unused')).toBe(false);
  });

  it('refuses a stylesheet cut off inside a rule', () => {
    expect(() => pruneKatex('.katex .a{color:red', new Set(['katex', 'a']))).toThrow(/ends inside a rule/);
  });
});
