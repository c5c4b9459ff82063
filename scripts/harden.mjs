// What the build does to the prerendered page so it runs under a strict Content-Security-Policy,
// and the policy and headers it is served with. Pure functions: scripts/prerender.mjs applies
// them to dist/, and tests/build/harden.test.ts checks them.
import { createHash } from 'node:crypto';

/**
 * The page's style attributes (KaTeX's struts and shifts, a bar's width, a section's stored
 * heights) moved into a stylesheet: each distinct declaration list becomes one class, `_<n>`,
 * and its rule is written as `._n:not(#\#)` so that, like a style attribute, it outranks every
 * selector in the page's own CSS, while a style a script sets later still outranks it. A policy
 * without 'unsafe-inline' blocks style attributes in markup; classes are not styles.
 * A second page whose head holds the first's classes numbers its own on from the first's count.
 * @param {string} html
 * @param {number} [first] the number of the first class
 * @returns {{ html: string, css: string, count: number }}
 */
export function extractStyleAttributes(html, first = 0) {
  /** @type {Map<string, string>} */
  const classes = new Map();
  const out = html.replace(/<[a-zA-Z][^\s/>]*(?:\s[^>]*)?>/g, (tag) => {
    const style = /\sstyle="([^"]*)"/.exec(tag);
    if (!style) return tag;
    const declarations = normalise(unescapeAttribute(style[1] ?? ''));
    let without = tag.slice(0, style.index) + tag.slice(style.index + style[0].length);
    if (declarations === '') return without;
    let name = classes.get(declarations);
    if (!name) {
      name = `_${(first + classes.size).toString(36)}`;
      classes.set(declarations, name);
    }
    const cls = /\sclass="([^"]*)"/.exec(without);
    if (cls) {
      const value = `${cls[1]} ${name}`.trim();
      without = `${without.slice(0, cls.index)} class="${value}"${without.slice(cls.index + cls[0].length)}`;
    } else {
      without = without.replace(/^(<[a-zA-Z][^\s/>]*)/, `$1 class="${name}"`);
    }
    return without;
  });
  const css = [...classes].map(([declarations, name]) => `.${name}:not(#\\#){${declarations}}`).join('\n');
  return { html: out, css: css ? `${css}\n` : '', count: classes.size };
}

/** A style attribute's declarations, trimmed and ending without a semicolon. */
function normalise(style) {
  // Split at semicolons outside quotes and brackets (a font name or url() may hold one).
  const parts = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < style.length; i++) {
    const c = style[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ';' && depth === 0) {
      parts.push(style.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(style.slice(start));
  return parts
    .map((d) => d.trim())
    .filter(Boolean)
    .join(';');
}

/** The attribute's escapes undone, for a stylesheet (only those React and KaTeX write). */
function unescapeAttribute(value) {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/**
 * The text of every inline script (a `<script>` without `src`), exactly as the browser hashes it.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineStyles(html) {
  return [...html.matchAll(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/g)].map((m) => m[2] ?? '').filter((text) => text.length > 0);
}

/**
 * The stylesheets a page links, written into its head instead: the first paint waits for no
 * request but the page's own. `read` gives a linked file's text by its href; a relative url()
 * inside it is rewritten to hold from the page, which sits one folder above the stylesheets.
 * @param {string} html
 * @param {(href: string) => string} read
 * @returns {{ html: string, inlined: string[] }}
 */
export function inlineStylesheets(html, read) {
  /** @type {string[]} */
  const inlined = [];
  const out = html.replace(/<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g, (_, href) => {
    inlined.push(href);
    const dir = href.slice(0, href.lastIndexOf('/') + 1);
    const css = read(href).replace(/url\((?!data:|https?:|\/|#)(\.\/)?([^)]+)\)/g, (_m, _dot, file) => `url(${dir}${file})`);
    return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
  });
  return { html: out, inlined };
}

/**
 * What the page's markup carries for the build and its tests only, outside the islands: React's
 * separators between adjacent text nodes (`<!-- -->`), which matter only where the markup is
 * hydrated, and the `data-claim` marks by which the claim tests find a sentence in the rendered
 * page (tests/renderedPage.ts renders it in the test itself). Inside an island both stay, so that
 * hydration meets exactly the markup React rendered.
 * @param {string} html
 */
export function stripTextSeparators(html) {
  let out = '';
  let at = 0;
  const opening = /<div class="island" data-island="[^"]*">/g;
  for (let m = opening.exec(html); m; m = opening.exec(html)) {
    out += plain(html.slice(at, m.index));
    // The island ends where its div closes: count the divs opened and closed inside it.
    const tags = /<div[\s>]|<\/div>/g;
    tags.lastIndex = m.index + m[0].length;
    let depth = 1;
    let end = html.length;
    for (let t = tags.exec(html); t; t = tags.exec(html)) {
      depth += t[0] === '</div>' ? -1 : 1;
      if (depth === 0) {
        end = t.index + t[0].length;
        break;
      }
    }
    out += html.slice(m.index, end);
    at = end;
    opening.lastIndex = end;
  }
  return out + plain(html.slice(at));
}

/** @param {string} html */
const plain = (html) => html.replaceAll('<!-- -->', '').replace(/ data-claim="[^"]*"/g, '');

/**
 * React writes every apostrophe as `&#x27;`, six bytes for one. In its markup an apostrophe
 * stands only in text or in a double-quoted attribute, where it needs no escape.
 * @param {string} html markup as React renders it
 */
export function plainApostrophes(html) {
  return html.replaceAll('&#x27;', "'");
}

export function inlineScripts(html) {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\ssrc=/.test(m[1] ?? ''))
    .map((m) => m[2] ?? '')
    .filter((text) => text.length > 0);
}

/** @param {string} text */
export const sha256Source = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The page's Content-Security-Policy. `frame-ancestors` works only as a header (a browser
 * ignores it, with a console error, in a meta element), so the meta form leaves it out.
 * @param {{ scriptHashes: string[], styleHashes?: string[], header: boolean }} options
 */
export function contentSecurityPolicy({ scriptHashes, styleHashes = [], header }) {
  const directives = [
    "default-src 'none'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    `style-src 'self' ${styleHashes.join(' ')}`.trim(),
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ];
  if (header) directives.push("frame-ancestors 'none'");
  return directives.join('; ');
}

/** Powerful features the page never uses, denied to it and to anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
  'browsing-topics',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export const REFERRER_POLICY = 'no-referrer';

/** Cache lifetimes: file names with a content hash never change; everything else revalidates. */
export const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'public, max-age=0, must-revalidate',
  /** The data downloads: five minutes, then revalidated. */
  data: 'public, max-age=300, must-revalidate',
  /** The service worker script is checked on every load, whatever a host's defaults. */
  worker: 'no-cache',
};

/**
 * The headers file in the format static hosts share (Netlify, Cloudflare Pages): a path pattern,
 * then its headers indented. Every path gets the security headers; each kind of file its cache
 * policy. Paths are from the site's root.
 * @param {{ csp: string }} options
 */
export function headersFile({ csp, pages = [] }) {
  const block = (path, headers) =>
    `${path}\n${Object.entries(headers)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join('\n')}\n`;
  return [
    block('/*', {
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': REFERRER_POLICY,
      'Permissions-Policy': PERMISSIONS_POLICY,
      'Cross-Origin-Opener-Policy': 'same-origin',
    }),
    block('/assets/*', { 'Cache-Control': CACHE.immutable }),
    block('/', { 'Cache-Control': CACHE.revalidate }),
    block('/index.html', { 'Cache-Control': CACHE.revalidate }),
    block('/updates.html', { 'Cache-Control': CACHE.revalidate }),
    block('/updates.css', { 'Cache-Control': CACHE.revalidate }),
    block('/train.html', { 'Cache-Control': CACHE.revalidate }),
    block('/train.css', { 'Cache-Control': CACHE.revalidate }),
    ...pages.map((page) => block(`/${page}`, { 'Cache-Control': CACHE.revalidate })),
    block('/islands/*', { 'Cache-Control': CACHE.revalidate }),
    block('/folds/*', { 'Cache-Control': CACHE.revalidate }),
    block('/data/*', { 'Cache-Control': CACHE.data }),
    block('/favicon.svg', { 'Cache-Control': CACHE.revalidate }),
    block('/social.png', { 'Cache-Control': CACHE.revalidate }),
    block('/robots.txt', { 'Cache-Control': CACHE.revalidate }),
    block('/sw.js', { 'Cache-Control': CACHE.worker }),
  ].join('\n');
}

/**
 * Parses a headers file into rules, in order.
 * @param {string} text
 * @returns {{ pattern: string, headers: [string, string][] }[]}
 */
export function parseHeadersFile(text) {
  /** @type {{ pattern: string, headers: [string, string][] }[]} */
  const rules = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(':');
    if (!rule || colon < 0) throw new Error(`_headers line ${i + 1}: a header needs a path above it and a "Name: value" form`);
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/**
 * The headers a host applying the file sends for a path: every matching rule's, in order, a
 * later value for the same name joined to the earlier one as the hosts do.
 * @param {ReturnType<typeof parseHeadersFile>} rules
 * @param {string} pathname
 */
export function headersFor(rules, pathname) {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const rule of rules) {
    const pattern = new RegExp(`^${rule.pattern.split('*').map(escapeRegExp).join('.*')}$`);
    if (!pattern.test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      out.set(key, out.has(key) ? `${out.get(key)}, ${value}` : value);
    }
  }
  return out;
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Files a host sends compressed: text. Fonts and images are compressed already. */
export const COMPRESSIBLE = /\.(html|js|css|json|csv|svg|txt)$/;
