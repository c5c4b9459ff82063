/**
 * The two themes differ in colours alone: every rule that applies in one theme only sets colour
 * custom properties or `color-scheme`. The browser tests lean on it: after a switch that leaves the
 * markup as it was, they judge the new theme's colours and not its layout again (tests/e2e/helpers.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.css'))
  .map((f) => path.join('src', f));

/** Each rule of a stylesheet, comments out, with its selector and the at-rules it sits in. */
function rules(css: string): { where: string; body: string }[] {
  const out: { where: string; body: string }[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const stack: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') {
      stack.push(text.slice(start, i).trim());
      start = i + 1;
    } else if (c === '}') {
      const body = text.slice(start, i);
      if (body.includes(':') && !body.includes('{')) out.push({ where: stack.join(' › '), body });
      stack.pop();
      start = i + 1;
    } else if (c === ';' && stack.length === 0) start = i + 1;
  }
  return out;
}

const themed = (where: string) => /data-theme|prefers-color-scheme/.test(where);

/** The declarations of a stylesheet's theme-only rules that set anything but a colour. */
const beyondColour = (css: string) =>
  rules(css)
    .filter((r) => themed(r.where))
    .flatMap((r) =>
      r.body
        .split(';')
        .map((d) => d.trim())
        .filter((d) => d && !/^--[\w-]+:\s*#[0-9a-f]{3,8}$/i.test(d) && !/^color-scheme:\s*(light|dark)$/.test(d))
        .map((d) => `${r.where} { ${d} }`),
    );

describe('the themes', () => {
  it('are set in the stylesheets, in rules the parser finds', () => {
    const found = files.flatMap((f) => rules(readFileSync(f, 'utf8')).filter((r) => themed(r.where)));
    expect(found.length).toBeGreaterThanOrEqual(4);
  });

  it('differ in colours alone: a theme-only rule sets colour properties and color-scheme, nothing that moves a box', () => {
    expect(files.flatMap((f) => beyondColour(readFileSync(f, 'utf8')).map((d) => `${f}: ${d}`))).toEqual([]);
  });

  it('would catch a rule that lays out a box, or sets a colour property to something else, in one theme only', () => {
    const css = ':root[data-theme="dark"] { --bg: #000; --gap: 2rem } @media (prefers-color-scheme: dark) { .figure { margin: 2rem; color-scheme: dark } }';
    expect(beyondColour(css)).toEqual([':root[data-theme="dark"] { --gap: 2rem }', '@media (prefers-color-scheme: dark) › .figure { margin: 2rem }']);
  });
});
