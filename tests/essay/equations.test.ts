import { describe, expect, it } from 'vitest';
import { equations } from '../../src/essay/equations';
import { EquationError, typeset, typesetAll } from '../../src/essay/typeset';

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

  it('names the equation id when the TeX is malformed', () => {
    const broken = { ...equations, brokenOne: String.raw`\frac{a}{` };
    expect(() => typesetAll(broken)).toThrow(EquationError);
    expect(() => typesetAll(broken)).toThrow(/Equation "brokenOne"/);
  });

  it('refuses TeX that only non-strict KaTeX would accept', () => {
    expect(() => typeset('unicodeText', 'é', true)).toThrow(/Equation "unicodeText"/);
  });
});
