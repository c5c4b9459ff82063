/**
 * No number typed into the prose: every figure a section states comes from data/ or src/core
 * through src/content. The sections' JSX is parsed, and any digit in its text (words, string
 * children, template text, prose attributes) fails this test unless it is one of the few listed
 * below, each with the reason it is not a figure the data or the maths could supply.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve('src/essay/sections');
const PROSE_ATTRIBUTES = new Set(['label', 'aria-label', 'title', 'alt', 'kicker']);
/** A name with a digit in it (GPT-2, Kimi K3, Mamba-2, Qwen3.8) is not a figure. */
const NAME = /\b[A-Za-z][A-Za-z.]*-?\d[\w.]*/g;

const ALLOWED: { file: string; pattern: RegExp; reason: string }[] = [
  { file: 'Appendix.tsx', pattern: /Attribution 4\.0 licence/, reason: 'the name of a licence, which has a version number' },
  { file: 'Chunking.tsx', pattern: /&nbsp;=&nbsp;1\b/, reason: 'C = 1 is the recurrent form by definition, not a measured size' },
  { file: 'Chunking.tsx', pattern: /^\s*[01]\s*$/, reason: 'a symbol’s subscript: T₀, τ₀, τ₁' },
  { file: 'Credit.tsx', pattern: /22,580(?=: GPT-2 to Kimi K3, explained)/, reason: 'the title of the cited worklog, quoted' },
  { file: 'Credit.tsx', pattern: /30 July 2026/, reason: 'the cited worklog’s publication date' },
  { file: 'Forget.tsx', pattern: /\b1\.00\b/, reason: 'the error of answering zero, which the read error’s definition fixes at exactly 1' },
  { file: 'Forget.tsx', pattern: /&radic;2/, reason: 'the length of the difference of two orthogonal unit vectors (research/math.md §5.2)' },
  { file: 'ForgetLab.tsx', pattern: /\b1\.00\b/, reason: 'the error of answering zero, which the read error’s definition fixes at exactly 1' },
  {
    file: 'ForgetLab.tsx',
    pattern: /\bd\/2 pairs/,
    reason: 'a window with as many numbers as a d × d state: each pair is a key and a value of d, by definition',
  },
  { file: 'ForgetLab.tsx', pattern: /crosses 0\.5\b/, reason: 'the half-error point, defined as where the mean read error crosses one half' },
  { file: 'Scale.tsx', pattern: /117 million/, reason: 'the count OpenAI first published and later withdrew, quoted from the repository linked beside it' },
  { file: 'AttentionRead.tsx', pattern: /1\/&radic;/, reason: 'the textbook scale 1/√d, a formula rather than a figure' },
];

type Node = { type?: string; [key: string]: unknown };

/** The text a reader sees in a section file's JSX. */
function proseOf(source: string, file: string): string[] {
  const pieces: string[] = [];
  const visit = (node: unknown, inJsx: boolean): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n, inJsx);
      return;
    }
    const n = node as Node;
    const jsx = inJsx || n.type === 'JSXElement' || n.type === 'JSXFragment';
    if (n.type === 'JSXText') pieces.push(String(n.value));
    if (n.type === 'JSXExpressionContainer' && inJsx) {
      const e = n.expression as Node;
      if (e.type === 'Literal' && typeof e.value === 'string') pieces.push(e.value);
      if (e.type === 'TemplateLiteral') for (const q of e.quasis as { value: { cooked: string } }[]) pieces.push(q.value.cooked);
    }
    if (n.type === 'JSXAttribute') {
      const name = (n.name as { name: string }).name;
      const value = n.value as Node | null;
      if (PROSE_ATTRIBUTES.has(name) && value?.type === 'Literal') pieces.push(String(value.value));
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'type' && typeof value === 'object') visit(value, jsx);
  };
  visit(parseSync(file, source).program, false);
  return pieces;
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.tsx'));

describe('no number typed into the prose', () => {
  const used = new Set<(typeof ALLOWED)[number]>();

  for (const file of files) {
    it(`${file}: every digit in its text is a name or a listed exception`, () => {
      const rules = ALLOWED.filter((a) => a.file === file);
      for (const piece of proseOf(readFileSync(path.join(DIR, file), 'utf8'), file)) {
        let rest = piece;
        for (const rule of rules) {
          if (rule.pattern.test(rest)) used.add(rule);
          rest = rest.replace(new RegExp(rule.pattern.source, 'g'), '');
        }
        rest = rest.replace(NAME, '');
        expect(rest.match(/\d[\d,.]*/g), `${file}: “${piece.replace(/\s+/g, ' ').trim()}”`).toBeNull();
      }
    });
  }

  it('every listed exception is still needed', () => {
    for (const rule of ALLOWED) expect(used.has(rule), `${rule.file}: ${rule.pattern} (${rule.reason})`).toBe(true);
  });

  it('finds a typed number: the check can fail', () => {
    const source = ['export const A = () => <p>The memory holds 8 pairs and {`about $', '{x} or 64`}.</p>;'].join('');
    const pieces = proseOf(source, 'A.tsx');
    expect(pieces.join(' ')).toMatch(/holds 8 pairs/);
    expect(pieces.join(' ')).toMatch(/or 64/);
  });
});
