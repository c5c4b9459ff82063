// The rules of the essay's stylesheet that style nothing but the markup of the folds that left the
// first download (./lazy-folds.mjs) leave its head too: they go to a file of their own, which the
// folds' own pages link and the essay fetches before it puts the first body back.
//
// A rule leaves only when every one of its selectors names, outside any parentheses, a class that
// the moved folds' markup holds and that nothing still in the first download holds: not the page
// as cut, not the other pages that share its head, not the script that draws the figures still in
// it. So a rule that might match anything a reader meets before the folds come back stays. At-rules
// that are not groups (@font-face, @keyframes, @property and the like), rules with urls (written to
// hold from the page) and nested rules stay as they are.
import { selectorParts } from './katex-prune.mjs';

/** Classes named in the markup's class attributes. */
export function classesIn(html) {
  const out = new Set();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1].split(/\s+/)) if (c) out.add(c);
  return out;
}

/** Every word a script holds (a class it may set names one of them). */
export function wordsIn(text) {
  return new Set(text.match(/[\w-]+/g) ?? []);
}

/** The first of `chars` at or after `from` that stands outside a string, or -1. */
function nextOutsideStrings(css, from, chars) {
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close;
    } else if (chars.includes(c)) return i;
  }
  return -1;
}

/** The end (index of the closing brace) of the block whose opening brace is at `open`. */
function blockEnd(css, open) {
  let depth = 0;
  for (let i = nextOutsideStrings(css, open, '{}'); i >= 0; i = nextOutsideStrings(css, i + 1, '{}')) {
    depth += css[i] === '{' ? 1 : -1;
    if (depth === 0) return i;
  }
  throw new Error(`a block opened at character ${open} of the stylesheet is never closed`);
}

/** The classes a selector names outside parentheses, attribute selectors and strings. */
function outerClasses(selector) {
  let plain = selector.replace(/"[^"]*"|'[^']*'/g, '').replace(/\[[^\]]*\]/g, '');
  for (let before = ''; before !== plain; ) {
    before = plain;
    plain = plain.replace(/\([^()]*\)/g, '');
  }
  return [...plain.matchAll(/\.((?:[\w-]|\\.)+)/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

const GROUPS = /^@(media|supports|container|layer)\b/;

/**
 * Splits a stylesheet in two: what stays in the head, and what the moved folds alone need.
 * @param {string} styles the stylesheet, as the build wrote it
 * @param {{ kept: Set<string>, moved: Set<string> }} classes what the first download holds (its
 *   markup's classes and its scripts' words), and the classes of the moved folds' markup
 * @returns {{ head: string, folds: string, rules: number }}
 */
export function splitFoldStyles(styles, classes) {
  // Comments go (the build's stylesheet has none but a licence's).
  const css = styles.replace(/\/\*[\s\S]*?\*\//g, '');
  const movedOnly = (c) => classes.moved.has(c) && !classes.kept.has(c);
  let head = '';
  let folds = '';
  let rules = 0;
  let i = 0;
  while (i < css.length) {
    const brace = nextOutsideStrings(css, i, '{;');
    if (brace < 0 || css[brace] === ';') {
      // A statement (@import, @charset, @layer a, b;) or what is left: it stays.
      const end = brace < 0 ? css.length : brace + 1;
      head += css.slice(i, end);
      i = end;
      continue;
    }
    const end = blockEnd(css, brace);
    const prelude = css.slice(i, brace);
    const body = css.slice(brace + 1, end);
    const at = prelude.trim();
    if (GROUPS.test(at)) {
      const inner = splitFoldStyles(body, classes);
      if (inner.head.trim()) head += `${prelude}{${inner.head}}`;
      if (inner.folds.trim()) folds += `${prelude}{${inner.folds}}`;
      rules += inner.rules;
    } else if (at.startsWith('@') || /[{]|url\(/.test(body.replace(/"[^"]*"|'[^']*'/g, ''))) {
      head += css.slice(i, end + 1);
    } else if (selectorParts(prelude).every((s) => outerClasses(s).some(movedOnly))) {
      folds += css.slice(i, end + 1);
      rules += 1;
    } else {
      head += css.slice(i, end + 1);
    }
    i = end + 1;
  }
  return { head, folds, rules };
}
