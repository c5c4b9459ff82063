import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { corrections } from '../../src/content/corrections';
import { parseGlossary } from '../../src/content/glossary';
import { authorLine, parseReferences, references } from '../../src/content/references';
import { lastUpdated, parseUpdates, updates } from '../../src/content/updates';
import { Appendix } from '../../src/essay/sections/Appendix';
import { Byline } from '../../src/essay/Byline';

const raw = (file: string) =>
  JSON.parse(readFileSync(`data/${file}`, 'utf8')) as Record<string, unknown[]> & { references: unknown[]; updates: unknown[]; terms: unknown[] };

describe('the references', () => {
  it('are numbered 1 to N in the order the file states: by year, undated last, then by id', () => {
    expect(references.map((r) => r.number)).toEqual(references.map((_, i) => i + 1));
    const key = (r: (typeof references)[number]) => `${r.year ?? 9999}|${r.id}`;
    expect(references.map(key)).toEqual([...references.map(key)].sort());
  });

  it('refuse a repeated id or address, naming the file and both entries', () => {
    const data = raw('references.json');
    const twice = { ...data, references: [...data.references, { ...(data.references[0] as object), id: 'copy' }] };
    expect(() => parseReferences(twice)).toThrow(/data\/references\.json[\s\S]*"copy": address https:\/\/arxiv\.org\/abs\/1701\.06538 is also shazeer2017's/);
    const sameId = { ...data, references: [...data.references, { ...(data.references[1] as object), url: 'https://example.org/x' }] };
    expect(() => parseReferences(sameId)).toThrow(/id openai2019a is also openai2019a's/);
  });

  it('refuse an arXiv id whose paper is linked anywhere but its abstract page', () => {
    const data = raw('references.json');
    const bad = { ...data, references: [{ ...(data.references[0] as object), url: 'https://arxiv.org/pdf/1701.06538' }] };
    expect(() => parseReferences(bad)).toThrow(/references\[0\] "shazeer2017", field url: a paper with an arXiv id/);
  });

  it('write authors as a reader does', () => {
    expect(authorLine(['A'])).toBe('A');
    expect(authorLine(['A', 'B'])).toBe('A and B');
    expect(authorLine(['A', 'B', 'C'])).toBe('A, B and C');
    expect(authorLine(['A', 'B', 'C', 'et al.'])).toBe('A, B, C et al.');
  });
});

describe('the updates', () => {
  it('list every correction once, under the update that brought it', () => {
    const listed = updates.flatMap((u) => u.corrections.map((c) => c.id));
    expect(listed.sort()).toEqual(
      corrections()
        .map((c) => c.id)
        .sort(),
    );
  });

  it('refuse an unknown, repeated or unlisted correction, and dates out of order', () => {
    const data = raw('updates.json');
    const first = data.updates[1] as { corrections: string[] };
    const withIds = (ids: string[]) => ({ ...data, updates: data.updates.map((u, i) => (i === 1 ? { ...(u as object), corrections: ids } : u)) });
    expect(() => parseUpdates(withIds([...first.corrections, 'nonsense']))).toThrow(/updates\[1\], field corrections: no correction "nonsense"/);
    expect(() => parseUpdates(withIds([...first.corrections, first.corrections[0]!]))).toThrow(/listed twice/);
    expect(() => parseUpdates(withIds(first.corrections.slice(1)))).toThrow(new RegExp(`not listed under any update: ${first.corrections[0]}`));
    const reversed = { ...data, updates: [...data.updates].reverse() };
    expect(() => parseUpdates(reversed)).toThrow(/oldest first/);
  });

  it('the byline and the citation carry the newest update’s date, read from the file itself', () => {
    const dates = (raw('updates.json').updates as { date: string }[]).map((u) => u.date);
    const newest = [...dates].sort().at(-1)!;
    expect(renderToString(<Byline />)).toContain(`<time dateTime="${newest}">`);
    expect(renderToString(<Appendix />).replaceAll('<!-- -->', '')).toContain(`Interactive essay, updated ${newest}}`);
  });

  it('date the page by its latest update', () => {
    expect(lastUpdated()).toBe(
      updates
        .map((u) => u.date)
        .sort()
        .at(-1),
    );
  });
});

describe('the glossary', () => {
  it('refuses a repeated id', () => {
    const data = raw('glossary.json');
    expect(() => parseGlossary({ ...data, terms: [...data.terms, data.terms[0]] })).toThrow(/data\/glossary\.json[\s\S]*ids must be unique/);
  });
});

describe('cite this page', () => {
  it('carries the canonical address when SITE_URL is set, in the citation and the BibTeX', () => {
    const html = renderToString(<Appendix siteUrl="https://example.org/essays/eviction/" />);
    const plain = /<p id="cite-plain"[^>]*>([\s\S]*?)<\/p>/.exec(html)![1]!;
    const bibtex = /<pre id="cite-bibtex"[^>]*>([\s\S]*?)<\/pre>/.exec(html)![1]!.replaceAll('<!-- -->', '');
    expect(plain).toContain('https://example.org/essays/eviction/');
    expect(bibtex).toContain('url    = {https://example.org/essays/eviction/}');
    expect(bibtex).toContain(`note   = {Interactive essay, updated ${lastUpdated()}}`);
    expect(html).not.toContain('data-page-url');
  });

  it('leaves the address to the page when no SITE_URL is set', () => {
    const html = renderToString(<Appendix />);
    expect(html.match(/data-page-url/g)).toHaveLength(2);
  });
});
