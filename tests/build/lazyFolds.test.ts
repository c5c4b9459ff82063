import { describe, expect, it } from 'vitest';
import { cutFolds, FOLD_END, FOLD_START, foldPage } from '../../scripts/lazy-folds.mjs';

const filler = (n: number) => `<p>${'word '.repeat(n)}</p>`;
const page = (body: string) => `<!doctype html><html><head><title>Essay</title><link rel="canonical" href="https://x/"></head><body>${body}</body></html>`;

describe('the heavy folds leave the first download', () => {
  const big = `<details id="refs" class="fold"><summary>All <em>references</em></summary><ol><li id="ref-a">A, 2020</li><li id="ref-b">B, 2021</li></ol>${filler(40)}<a href="#lede">up</a><a href="#ref-b">b</a></details>`;
  const small = `<details id="note" class="fold"><summary>A note</summary><p>short</p></details>`;
  const html = page(`<p id="lede">See <a href="#ref-a">[1]</a> and <a href="#note">the note</a>.</p>${big}${small}`);
  const { html: cut, folds } = cutFolds(html, 100);

  it('cuts only folds over the threshold, leaving summary, id and a slot that names the page', () => {
    expect(folds.map((f) => f.id)).toEqual(['refs']);
    expect(cut).toContain('<details id="refs" class="fold"><summary>All <em>references</em></summary><div class="fold-slot" data-fold-src="refs.html">');
    expect(cut).toContain('<a href="refs.html">All references</a>');
    expect(cut).not.toContain('A, 2020');
    // The small fold stays whole.
    expect(cut).toContain('<p>short</p>');
  });

  it('points links at the moved ids to the fold page, and leaves the rest in-page', () => {
    expect(cut).toContain('<a href="refs.html#ref-a">[1]</a>');
    expect(cut).toContain('<a href="#note">the note</a>');
  });

  it("gives the fold's page links back to the essay, and keeps its own ids in-page", () => {
    const [fold] = folds;
    expect(fold?.body).toContain('<a href="./#lede">up</a>');
    expect(fold?.body).toContain('<a href="#ref-b">b</a>');
    // What the page fetches is the body as it stood.
    expect(fold?.original).toContain('<a href="#lede">up</a>');
    expect(html).toContain(fold?.original);
  });

  it("writes the fold's page with the essay's head, its own title and the body between markers", () => {
    const [fold] = folds;
    const out = foldPage(html.slice(0, html.indexOf('<body>') + 6), fold!, 'Essay');
    expect(out).toContain('<title>All references · Essay</title>');
    expect(out).not.toContain('rel="canonical"');
    expect(out).toContain('<h1><a href="./">Essay</a></h1>');
    expect(out).toContain('<a href="./#refs">Back to where this stands in the essay</a>');
    expect(out).toContain('<h2>All references</h2>');
    expect(out.slice(out.indexOf(FOLD_START) + FOLD_START.length, out.indexOf(FOLD_END))).toBe(fold?.body);
  });

  it('counts nested details to find where a fold ends', () => {
    const nested = page(
      `<details id="outer" class="fold"><summary>Outer</summary><details><summary>inner</summary>${filler(40)}</details><p>after inner</p></details><p>after outer</p>`,
    );
    const { html: out, folds: f } = cutFolds(nested, 100);
    expect(f[0]?.original.endsWith('<p>after inner</p>')).toBe(true);
    expect(out).toContain('</div></details><p>after outer</p>');
  });

  it('refuses a heavy fold without an id, naming where it is', () => {
    const anonymous = page(`<details class="fold"><summary>x</summary>${filler(40)}</details>`);
    expect(() => cutFolds(anonymous, 100)).toThrow(/has no id/);
  });
});
