// KaTeX's stylesheet styles every construct KaTeX can typeset; the page uses a few of them. Its
// rules (those whose selector names `.katex`) are kept only for the classes the page can show:
// the classes in the built markup and any name in the scripts and island props that could become
// one. A font face is kept only while a kept rule names its family.

/** The stylesheet's top-level rules, each as written (an at-rule with its block). @param {string} css */
function topLevelRules(css) {
  /** @type {string[]} */
  const rules = [];
  let depth = 0;
  let start = 0;
  /** @type {string | null} */
  let quote = null;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      rules.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  const rest = css.slice(start);
  if (rest.replace(/\/\*[\s\S]*?\*\//g, '').trim()) throw new Error(`KaTeX pruning: the stylesheet ends inside a rule: ${rest.slice(0, 80)}`);
  if (rest) rules.push(rest);
  return rules;
}

/** A selector list split at its top-level commas. @param {string} selector */
export function selectorParts(selector) {
  /** @type {string[]} */
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selector.slice(start));
  return parts;
}

/**
 * @param {string} css the page's stylesheet
 * @param {Set<string>} names every class name the page can carry
 * @returns {{ css: string, rules: number, dropped: number, families: string[], files: string[] }} the stylesheet pruned, how many KaTeX rules it kept and dropped, the font families left without a face and the files those faces named
 */
export function pruneKatex(css, names) {
  let kept = 0;
  let dropped = 0;
  const pruned = topLevelRules(css).map((rule) => {
    const open = rule.indexOf('{');
    const selector = rule.slice(0, open);
    if (selector.trimStart().startsWith('@') || !selector.includes('.katex')) return rule;
    // A class inside :not(...) is one the element must lack, so the page need not carry it.
    const required = (/** @type {string} */ part) => part.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
    const parts = selectorParts(selector).filter((part) =>
      [...required(part).matchAll(/\.((?:[\w-]|\\.)+)/g)].every((m) => names.has(m[1].replace(/\\(.)/g, '$1'))),
    );
    if (parts.length === 0) {
      dropped++;
      return '';
    }
    kept++;
    return parts.join(',') + rule.slice(open);
  });
  const rulesText = pruned.filter((r) => !r.startsWith('@font-face')).join('');
  /** @type {Set<string>} */
  const gone = new Set();
  /** @type {string[]} */
  const files = [];
  const out = pruned.map((rule) => {
    if (!rule.startsWith('@font-face')) return rule;
    const family = rule.match(/font-family:\s*["']?(KaTeX_\w+)/)?.[1];
    if (!family || new RegExp(`\\b${family}\\b`).test(rulesText)) return rule;
    gone.add(family);
    for (const m of rule.matchAll(/url\(["']?([^)"']+)["']?\)/g)) files.push(m[1]);
    return '';
  });
  return { css: out.join(''), rules: kept, dropped, families: [...gone].sort(), files };
}

/**
 * Every name the page can carry as a class: the built markup's class attributes (its stylesheets
 * left out), and every word in the scripts and island props, which may set one.
 * @param {string} html @param {string[]} scripts
 */
export function classNames(html, scripts) {
  /** @type {Set<string>} */
  const names = new Set();
  for (const m of html.replace(/<style[\s\S]*?<\/style>/g, '').matchAll(/\sclass="([^"]*)"/g)) for (const name of m[1].split(/\s+/)) if (name) names.add(name);
  for (const text of scripts) for (const word of text.match(/[A-Za-z_][\w-]*/g) ?? []) names.add(word);
  return names;
}
