import { describe, expect, it } from 'vitest';
import { render } from '../../src/app/entry-server';
import { renderedPage } from '../renderedPage';
import { SECTIONS } from '../../src/essay/sections';
import { scaleRatio } from '../../src/content/architectures';

const { html, head } = renderedPage();
const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the prerendered page', () => {
  it('has every section, in reading order, each with its heading', () => {
    let last = -1;
    for (const s of SECTIONS) {
      const at = html.indexOf(`id="${s.id}"`);
      expect(at, s.id).toBeGreaterThan(last);
      last = at;
      expect(html).toContain(`id="${s.id}-title"`);
    }
  });

  it('states the ratio computed from the data', () => {
    const r = scaleRatio();
    const about = (Math.round(r.exact / 100) * 100).toLocaleString('en-US');
    expect(text).toContain(`about ${about}`);
    expect(text).toContain(Math.round(r.exact).toLocaleString('en-US'));
  });

  it('respects the corrections: 69 + 24 layers, depth summaries, the KV cache from day one', () => {
    expect(text).toMatch(/Of its 93 layers, 69 are Kimi Delta Attention and 24 are gated MLA/);
    expect(text).toMatch(/one summary per 12 layers/);
    expect(text).toMatch(/released code from the first day/);
    expect(text).not.toMatch(/every twelve layers/i);
  });

  it('typesets equations into the static markup: KaTeX in the prose, MathML alone in the prerendered lineage cards', () => {
    const equations = html.match(/data-equation="[^"]*"[^>]*>[\s\S]*?<\/math>/g) ?? [];
    expect(equations.length).toBeGreaterThanOrEqual(15);
    for (const e of equations) expect(e).toMatch(/<math[^>]*display="block"/);
    // Display equations: KaTeX in the prose, MathML alone behind a door.
    expect((html.match(/class="katex-display"|class="equation equation-mathml"/g) ?? []).length).toBeGreaterThanOrEqual(5);
    const list = html.slice(html.indexOf('<ol class="ladder"'));
    const listed = list.slice(0, list.indexOf('</ol>'));
    expect(listed).toContain('<math');
    expect(listed).not.toContain('katex-html');
  });

  it('credits the worklog with its link', () => {
    expect(html).toContain('https://www.baseten.co/blog/22580-gpt-2-to-kimi-k3-explained/');
    expect(text).toContain('Ali Taha');
  });

  it('draws its charts to a hundredth of a unit: no coordinate carries more digits than a screen shows', () => {
    const coordinates = [...html.matchAll(/<(?:line|circle|text|rect|g)\b[^>]*>/g)].flatMap((m) =>
      [...m[0].matchAll(/\s(x|y|x1|x2|y1|y2|cx|cy|transform)="([^"]*)"/g)].map((a) => a[2]!),
    );
    expect(coordinates.length).toBeGreaterThan(500);
    expect(coordinates.filter((v) => /\d\.\d{3}/.test(v))).toEqual([]);
  });

  it('prints no placeholder values', () => {
    expect(text).not.toMatch(/\bNaN\b|\bundefined\b|\[object Object\]/);
  });

  it('writes the head: title, description and social preview tags', () => {
    expect(head).toMatch(/<title>[^<]+<\/title>/);
    expect(head).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(head).toContain('property="og:image"');
    expect(head).toContain('name="twitter:card"');
    expect(render('https://example.org/essay').head).toContain('content="https://example.org/essay/social.png"');
  });
});
