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

/** The end (index of the closing brace) of the block whose opening brace is at `open`. */
function blockEnd(css, open) {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      if (close < 0) break;
      i = close;
    } else if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      if (close < 0) break;
      i = close + 1;
    } else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  throw new Error(`a block opened at character ${open} of the stylesheet is never closed`);
}

/** Where the next block opens (`{`) or the next statement ends (`;`), past any string. */
function nextBlock(css, from) {
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      if (close < 0) break;
      i = close;
    } else if (c === '{') return { at: i, statement: false };
    else if (c === ';') return { at: i, statement: true };
  }
  return { at: -1, statement: false };
}

/** The selector list split at its top-level commas. */
function selectors(prelude) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (c === ',' && depth === 0) {
      out.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  out.push(prelude.slice(start));
  return out;
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
 * @param {string} css the stylesheet, as the build wrote it
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
    const { at: brace, statement } = nextBlock(css, i);
    if (brace < 0 || statement) {
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
    } else if (selectors(prelude).every((s) => outerClasses(s).some(movedOnly))) {
      folds += css.slice(i, end + 1);
      rules += 1;
    } else {
      head += css.slice(i, end + 1);
    }
    i = end + 1;
  }
  return { head, folds, rules };
}
