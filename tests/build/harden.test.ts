import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  CACHE,
  contentSecurityPolicy,
  inlineStyles,
  inlineStylesheets,
  plainApostrophes,
  stripTextSeparators,
  extractStyleAttributes,
  headersFile,
  headersFor,
  inlineScripts,
  parseHeadersFile,
  sha256Source,
} from '../../scripts/harden.mjs';

/** Each class the stylesheet defines, with its declarations. */
function rules(css: string): Map<string, string> {
  return new Map([...css.matchAll(/^\.(_[0-9a-z]+):not\(#\\#\)\{(.*)\}$/gm)].map((m) => [m[1]!, m[2]!]));
}

describe('style attributes moved into classes', () => {
  it('gives equal declarations one class, keeps existing classes, and drops empty styles', () => {
    const { html, css, count } = extractStyleAttributes(
      '<div style="height:1em;top:-2px"><span class="mord" style="height:1em; top:-2px;"></span><i style=""></i><b style="width:50%"/></div>',
    );
    expect(html).toBe('<div class="_0"><span class="mord _0"></span><i></i><b class="_1"/></div>');
    expect(count).toBe(2);
    expect(rules(css)).toEqual(
      new Map([
        ['_0', 'height:1em;top:-2px'],
        ['_1', 'width:50%'],
      ]),
    );
  });

  it('numbers a second page’s classes on from the first page’s, so a head holding both never gives one name two styles', () => {
    const first = extractStyleAttributes('<p style="color:red"></p><p style="color:blue"></p>');
    const second = extractStyleAttributes('<i style="width:1px"></i><b style="color:red"></b>', first.count);
    expect(second.html).toBe('<i class="_2"></i><b class="_3"></b>');
    expect([...rules(second.css).keys()]).toEqual(['_2', '_3']);
    const all = [...rules(first.css).keys(), ...rules(second.css).keys()];
    expect(new Set(all).size).toBe(all.length);
  });

  it('undoes the attribute escapes in the stylesheet and leaves text alone', () => {
    const { html, css } = extractStyleAttributes('<p style="font-family:&quot;A;B&amp;C&quot;;content:&#x27;;&#x27;">style="x" is text</p>');
    expect(html).toBe('<p class="_0">style="x" is text</p>');
    expect(rules(css).get('_0')).toBe(`font-family:"A;B&C";content:';'`);
  });

  it('for any markup, leaves no style attribute and each element’s class carries exactly its declarations', () => {
    const decl = fc.constantFrom('height:1em', 'top:-2.55em', 'width:50%', 'margin-right:0.05em', '--cols:8', 'aspect-ratio:3 / 2');
    const element = fc.record({
      tag: fc.constantFrom('span', 'div', 'svg', 'rect'),
      cls: fc.option(fc.constantFrom('katex', 'mord vlist', 'bar-fill'), { nil: undefined }),
      style: fc.option(fc.uniqueArray(decl, { maxLength: 4 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(element, { maxLength: 12 }), (elements) => {
        const source = elements
          .map((e, i) => `<${e.tag} id="e${i}"${e.cls ? ` class="${e.cls}"` : ''}${e.style ? ` style="${e.style.join(';')}"` : ''}></${e.tag}>`)
          .join('');
        const { html, css } = extractStyleAttributes(source);
        expect(html).not.toMatch(/\sstyle=/);
        const defined = rules(css);
        for (const [i, e] of elements.entries()) {
          const tag = new RegExp(`<${e.tag}(?: [^>]*)? id="e${i}"[^>]*>`).exec(html);
          expect(tag).not.toBeNull();
          const classes = (/ class="([^"]*)"/.exec(tag![0])?.[1] ?? '').split(' ').filter(Boolean);
          const moved = classes.filter((c) => c.startsWith('_'));
          expect(classes.filter((c) => !c.startsWith('_')).join(' ')).toBe(e.cls ?? '');
          const wanted = e.style?.join(';') ?? '';
          expect(moved.map((c) => defined.get(c)).join(';')).toBe(wanted);
        }
      }),
    );
  });
});

describe('inline scripts and their hashes', () => {
  it('finds scripts without src, as written', () => {
    expect(inlineScripts('<script>a()</script><script type="module" src="./x.js"></script><script>\n b()\n</script>')).toEqual(['a()', '\n b()\n']);
  });

  it('hashes as CSP does: SHA-256 of the UTF-8 text, base64', () => {
    // The SHA-256 of the empty string, a published test vector.
    expect(sha256Source('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(sha256Source('é')).toBe(
      `'sha256-${createHash('sha256')
        .update(Buffer.from([0xc3, 0xa9]))
        .digest('base64')}'`,
    );
  });

  it('allows the inline styles it is given by hash, and nothing else inline', () => {
    const policy = contentSecurityPolicy({ scriptHashes: [], styleHashes: ["'sha256-a'", "'sha256-b'"], header: false });
    expect(policy).toContain("style-src 'self' 'sha256-a' 'sha256-b';");
    expect(contentSecurityPolicy({ scriptHashes: [], header: false })).toContain("style-src 'self';");
  });

  it('the policy allows no inline code or eval, and frame-ancestors only as a header', () => {
    const meta = contentSecurityPolicy({ scriptHashes: ["'sha256-x'"], header: false });
    const header = contentSecurityPolicy({ scriptHashes: ["'sha256-x'"], header: true });
    expect(meta).toContain("script-src 'self' 'sha256-x'");
    expect(meta).toContain("default-src 'none'");
    expect(meta).not.toContain('frame-ancestors');
    expect(header).toBe(`${meta}; frame-ancestors 'none'`);
    expect(header).not.toMatch(/unsafe-|\*|data:|http:/);
  });
});

describe('the headers file', () => {
  const rulesOf = parseHeadersFile(headersFile({ csp: "default-src 'none'" }));
  const cacheFor = (p: string) => headersFor(rulesOf, p).get('cache-control');

  it('gives each kind of file one cache policy', () => {
    expect(cacheFor('/assets/index-B7m4g-76.js')).toBe(CACHE.immutable);
    expect(cacheFor('/assets/KaTeX_Main-Regular-B22Nviop.woff2')).toBe(CACHE.immutable);
    expect(cacheFor('/')).toBe(CACHE.revalidate);
    expect(cacheFor('/index.html')).toBe(CACHE.revalidate);
    expect(cacheFor('/islands/forget.json')).toBe(CACHE.revalidate);
    expect(cacheFor('/data/architectures.csv')).toBe(CACHE.data);
    expect(cacheFor('/sw.js')).toBe(CACHE.worker);
  });

  it('gives every path the security headers', () => {
    for (const p of ['/', '/assets/a.js', '/data/x.json', '/anything']) {
      const h = headersFor(rulesOf, p);
      expect(h.get('content-security-policy')).toBe("default-src 'none'");
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('referrer-policy')).toBeTruthy();
      expect(h.get('permissions-policy')).toMatch(/camera=\(\)/);
    }
  });

  it('reads the common format, joining repeated headers as hosts do, and refuses a header with no path', () => {
    const parsed = parseHeadersFile('# comment\n/a/*\n  X-One: 1\n\n/a/b\n  x-one: 2\n  X-Two: two: parts\n');
    expect(parsed).toEqual([
      { pattern: '/a/*', headers: [['X-One', '1']] },
      {
        pattern: '/a/b',
        headers: [
          ['x-one', '2'],
          ['X-Two', 'two: parts'],
        ],
      },
    ]);
    expect(Object.fromEntries(headersFor(parsed, '/a/b'))).toEqual({ 'x-one': '1, 2', 'x-two': 'two: parts' });
    expect(Object.fromEntries(headersFor(parsed, '/a.b'))).toEqual({});
    expect(() => parseHeadersFile('  X-Orphan: 1\n')).toThrow(/line 1/);
  });
});

describe('stylesheets written into the head', () => {
  const files: Record<string, string> = {
    './assets/a.css': '@font-face{src:url(./F.woff2)}.x{background:url(#clip)}.y{background:url(data:image/png;base64,AA)}.z{b:url(G.woff2)}',
    './assets/b.css': '.q{content:"</style>"}',
  };
  it('replaces each link with its text, fonts linked from where the page is, and nothing else moved', () => {
    const page =
      '<head><link rel="stylesheet" crossorigin href="./assets/a.css"><link rel="stylesheet" href="./assets/b.css"><link rel="icon" href="./f.svg"></head>';
    const { html, inlined } = inlineStylesheets(page, (href) => files[href]!);
    expect(inlined).toEqual(['./assets/a.css', './assets/b.css']);
    expect(html).toBe(
      '<head><style>@font-face{src:url(./assets/F.woff2)}.x{background:url(#clip)}.y{background:url(data:image/png;base64,AA)}.z{b:url(./assets/G.woff2)}</style><style>.q{content:"<\\/style>"}</style><link rel="icon" href="./f.svg"></head>',
    );
    expect(inlineStyles(html)).toHaveLength(2);
  });
});

describe('text separators', () => {
  it('go everywhere but inside an island, whose markup React hydrates', () => {
    const page =
      '<p>a<!-- -->b</p><div class="island" data-island="x"><div><p>c<!-- -->d</p></div><p>e<!-- -->f</p></div><p>g<!-- -->h</p><div class="island" data-island="y">i<!-- -->j</div>';
    expect(stripTextSeparators(page)).toBe(
      '<p>ab</p><div class="island" data-island="x"><div><p>c<!-- -->d</p></div><p>e<!-- -->f</p></div><p>gh</p><div class="island" data-island="y">i<!-- -->j</div>',
    );
  });

  it('drops the claim tests’ marks outside the islands and keeps them inside', () => {
    const page =
      '<p><span data-claim="ratio">about 22,500</span></p><div class="island" data-island="x"><span data-claim="in">y</span></div><b data-claim="z">w</b>';
    expect(stripTextSeparators(page)).toBe('<p><span>about 22,500</span></p><div class="island" data-island="x"><span data-claim="in">y</span></div><b>w</b>');
  });
});

describe('apostrophes', () => {
  it('stand plain in React’s text and attributes, while its other escapes stay', () => {
    const html = renderToStaticMarkup(createElement('p', { title: `it's "quoted" & <tagged>` }, `it's "quoted" & <b>`));
    expect(html).toContain('&#x27;');
    expect(plainApostrophes(html)).toBe(`<p title="it's &quot;quoted&quot; &amp; &lt;tagged&gt;">it's &quot;quoted&quot; &amp; &lt;b&gt;</p>`);
  });
});
