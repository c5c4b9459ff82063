// The heavy folds come off the page's first download. A fold whose body holds more than
// LAZY_FOLD_CHARS characters of markup is cut out of index.html into a page of its own beside it,
// <id>.html, with the essay's head: readable without script, and the file the page fetches to
// put the body back. In index.html the fold keeps its summary, its id and a slot naming that
// page (data-fold-src), with a link to it for a reader without script; with script the body is
// put back in place when the reader opens the fold, follows a link into it, or soon after load
// (src/app/lazyFolds.ts), so find in page reaches it as before. What the page fetches is the
// body alone, as it stood in index.html, in folds/<id>.html.
//
// Links are rewritten so that each file works on its own: a link in index.html to an id that
// moved names that fold's page (references-list.html#ref-x), and a link in a fold's page to an id
// not on it names the essay (./#x) or the other fold's page. With script the page turns them back
// into in-page links (#x) as it puts each body in.

/** Bodies longer than this (characters of markup) leave the first download. */
export const LAZY_FOLD_CHARS = 2_500;

const FOLD_OPEN = /<details\b[^>]*>/g;
const isFold = (tag) => /\bclass="(?:[^"]*\s)?fold(?:\s[^"]*)?"/.test(tag);
const idOf = (tag) => tag.match(/\bid="([^"]+)"/)?.[1] ?? null;

/** The end of the element whose start tag begins at `start`, counting nested tags of the same name. */
function closing(html, start, name) {
  const re = new RegExp(`<${name}\\b|</${name}>`, 'g');
  re.lastIndex = start;
  let depth = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[0].startsWith('</')) {
      depth -= 1;
      if (depth === 0) return m.index;
    } else depth += 1;
  }
  throw new Error(`<${name}> at character ${start} is never closed`);
}

const idsIn = (html) => new Set([...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
const plainText = (html) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Cuts the folds whose bodies exceed `minChars` out of the page.
 * @param {string} html the finished index.html
 * @param {number} [minChars]
 * @param {string} [styles] the stylesheet the moved bodies need beside the head's (./fold-styles.mjs),
 *   named on each slot so the page fetches it before it puts a body back
 * @returns {{ html: string, folds: { id: string, title: string, body: string }[] }}
 */
export function cutFolds(html, minChars = LAZY_FOLD_CHARS, styles = '') {
  /** @type {{ id: string, title: string, start: number, end: number, body: string }[]} */
  const cuts = [];
  for (const m of html.matchAll(FOLD_OPEN)) {
    if (!isFold(m[0])) continue;
    if (cuts.some((c) => m.index > c.start && m.index < c.end)) continue;
    const id = idOf(m[0]);
    const close = closing(html, m.index, 'details');
    const summaryEnd = html.indexOf('</summary>', m.index);
    if (summaryEnd < 0 || summaryEnd > close) throw new Error(`the fold at character ${m.index} has no <summary>`);
    const start = summaryEnd + '</summary>'.length;
    const body = html.slice(start, close);
    if (body.length <= minChars) continue;
    if (!id) throw new Error(`a fold of ${body.length} characters at character ${m.index} has no id to name its page by`);
    const summary = html.slice(html.indexOf('<summary', m.index), summaryEnd);
    cuts.push({ id, title: plainText(summary.replace(/^<summary[^>]*>/, '')), start, end: close, body });
  }
  let out = '';
  let at = 0;
  for (const c of cuts) {
    const page = `${c.id}.html`;
    out += html.slice(at, c.start);
    const css = styles ? ` data-fold-styles="${styles}"` : '';
    out += `<div class="fold-slot" data-fold-src="${page}"${css}><p><a href="${page}">${escapeText(c.title)}</a>: on a page of its own.</p></div>`;
    at = c.end;
  }
  out += html.slice(at);
  // Where each moved id now lives.
  /** @type {Map<string, string>} */
  const home = new Map();
  for (const c of cuts) for (const id of idsIn(c.body)) home.set(id, `${c.id}.html`);
  const pointAt = (text, here) =>
    text.replace(/\bhref="#([^"]+)"/g, (whole, id) => {
      const page = home.get(decodeURIComponent(id));
      if (page === here) return whole;
      if (page) return `href="${page}#${id}"`;
      return here ? `href="./#${id}"` : whole;
    });
  return {
    html: pointAt(out, null),
    folds: cuts.map((c) => ({ id: c.id, title: c.title, body: pointAt(c.body, `${c.id}.html`), original: c.body })),
  };
}

const escapeText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A fold's own page: the essay's head with the fold's title, and the fold's body between
 * markers the page reads it back by.
 * @param {string} head everything of index.html up to and including <body>
 * @param {string} [styles] the moved folds' stylesheet, linked last in the head
 */
export function foldPage(head, fold, essayTitle, styles = '') {
  const title = `${escapeText(fold.title)} · ${essayTitle}`;
  const top = head
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/(<meta property="og:title" content=")[^"]*"/, (_, start) => `${start}${title}"`)
    .replace(/\s*<meta property="og:url"[^>]*>/, '')
    .replace(/\s*<link rel="canonical"[^>]*>/, '')
    .replace('</head>', () => (styles ? `  <link rel="stylesheet" href="./${styles}" />\n  </head>` : '</head>'));
  if (!top.includes(`<title>${title}</title>`)) throw new Error(`${fold.id}.html: the essay's head has no <title> to replace`);
  return `${top}
    <div class="layout"><main id="main" class="essay fold-page"><h1><a href="./">${essayTitle}</a></h1><p class="fold-page-back"><a href="./#${fold.id}">Back to where this stands in the essay</a></p><h2>${escapeText(fold.title)}</h2><div class="section">${FOLD_START}${fold.body}${FOLD_END}</div></main></div>
  </body>
</html>
`;
}

export const FOLD_START = '<!--fold-->';
export const FOLD_END = '<!--/fold-->';
