import { describe, expect, it } from 'vitest';
import { equations } from '../../src/essay/equations';
import { lineageFacts } from '../../src/content/lineageView';
import { lineageFigureProps } from '../../src/essay/sections/Lineage';
import { EquationError, figureEquation, typeset, typesetAll } from '../../src/essay/typeset';

describe('the equation registry', () => {
  it('typesets every equation in strict mode, with MathML for screen readers', () => {
    const html = typesetAll(equations);
    for (const id of Object.keys(equations)) {
      expect(html[id], id).toContain('class="katex-display"');
      expect(html[id], id).toContain('<math');
      expect(html[id], id).not.toContain('katex-error');
    }
  });

  it('colours k, v and S with the shared tokens', () => {
    const html = typeset('deltaRule', equations.deltaRule, true);
    expect(html).toContain('tok-k');
    expect(html).toContain('tok-v');
    expect(html).toContain('tok-s');
    expect(html).toContain('tok-beta');
  });

  it('keeps the MathML a screen reader reads, without the TeX source no one is shown', () => {
    const html = typeset('deltaRule', equations.deltaRule, true);
    expect(html).not.toContain('<annotation');
    expect(html).toMatch(/<math[^>]*display="block"><semantics><mrow>[\s\S]*<\/mrow><\/semantics><\/math>/);
    // The MathML still names every symbol the formula shows.
    for (const symbol of ['<mi>S</mi>', '<mi>β</mi>', '<mi>k</mi>', '<mi>v</mi>']) expect(html).toContain(symbol);
  });

  it('names the equation id when the TeX is malformed', () => {
    const broken = { ...equations, brokenOne: String.raw`\frac{a}{` };
    expect(() => typesetAll(broken)).toThrow(EquationError);
    expect(() => typesetAll(broken)).toThrow(/Equation "brokenOne"/);
  });

  it('refuses TeX that only non-strict KaTeX would accept', () => {
    expect(() => typeset('unicodeText', 'é', true)).toThrow(/Equation "unicodeText"/);
  });
});

describe('the hand-off of typeset equations to figures', () => {
  it('gives a figure the markup of an equation it names, keyed for the page to find', () => {
    const markup = figureEquation('forget', 'ruleDelta', false);
    expect(markup.equationKey).toBe('ruleDelta:inline');
    expect(markup.html).toContain('<math');
  });

  it('stops the build naming the figure and the equation when the registry lacks it', () => {
    expect(() => figureEquation('lineage', 'deltaRuel', true)).toThrow(EquationError);
    expect(() => figureEquation('lineage', 'deltaRuel', true)).toThrow(/lineage figure names equation "deltaRuel"/);
    // Inherited names are not equations either.
    expect(() => figureEquation('forget', 'toString', false)).toThrow(/forget figure names equation "toString"/);
  });

  it('catches a lineage step in the data that names a missing equation', () => {
    const [first, ...rest] = lineageFacts().steps;
    const broken = [{ ...first!, equations: [{ id: 'noSuchEquation', label: 'x' }] }, ...rest];
    expect(() => lineageFigureProps(broken)).toThrow(/lineage figure names equation "noSuchEquation"/);
  });
});
