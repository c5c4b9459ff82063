/**
 * Notation: every symbol of every equation is named in the line under it, each symbol means one
 * thing across the page, and channels are counted one way.
 */
import { describe, expect, it } from 'vitest';
import { renderedPage } from '../renderedPage';
import { equations } from '../../src/essay/equations';
import { equationWhere } from '../../src/essay/equations/where';

/** The forget figure's four rules sit beside the prose list that says what each does, symbol by symbol. */
const DEFINED_BY_THE_PROSE = ['ruleAdditive', 'ruleDelta', 'ruleGatedDelta', 'rulePerChannelGated'];

const GREEK: Record<string, string> = { alpha: 'α', beta: 'β', eta: 'η', tau: 'τ', Lambda: 'Λ' };

/** The letters an equation uses as symbols: its TeX without words, operator names, commands and subscripts (indices and labels). */
function texSymbols(tex: string): Set<string> {
  const bare = tex
    .replace(/\\(?:text|operatorname|begin|end)\{[^{}]*\}/g, ' ')
    .replace(/_(\{[^{}]*\}|\\[A-Za-z]+|[A-Za-z0-9])/g, ' ')
    .replace(/\\mathcal\{J\}/g, '𝒥')
    .replace(/\\([A-Za-z]+)/g, (_, name: string) => GREEK[name] ?? ' ');
  return new Set(bare.match(/[A-Za-zα-ωΛ𝒥]/gu) ?? []);
}

/** The letters the line under an equation names as symbols: {x} and {x_sub}. */
function namedSymbols(where: string): Set<string> {
  return new Set([...where.matchAll(/\{([^{}_]+)(?:_[^{}]+)?\}/g)].flatMap((m) => [...m[1]!.replace(/[\u0302]/g, '')]));
}

describe('every symbol is defined where it is used', () => {
  it('each equation but the forget figure’s four rules has a line naming its symbols', () => {
    for (const id of Object.keys(equations)) {
      if (DEFINED_BY_THE_PROSE.includes(id)) continue;
      expect(Object.hasOwn(equationWhere, id), id).toBe(true);
    }
  });

  it('that line names every letter the equation uses as a symbol', () => {
    for (const [id, where] of Object.entries(equationWhere)) {
      const tex = equations[id as keyof typeof equations];
      const named = namedSymbols(where);
      for (const letter of texSymbols(tex)) expect(named.has(letter), `${id}: ${letter}`).toBe(true);
    }
  });

  it('catches an equation with a symbol its line leaves out', () => {
    expect([...texSymbols(String.raw`y = w\,x + \beta`)]).toEqual(['y', 'w', 'x', 'β']);
    expect(namedSymbols('{y} is the output and {x_t} the input').has('w')).toBe(false);
  });

  it('the page prints each line under its equation, in the prose and in the lineage’s cards', () => {
    const { html } = renderedPage();
    const count = (s: string) => html.split(s).length - 1;
    const prose = Object.keys(equationWhere).length;
    expect(count('class="equation-where"')).toBeGreaterThanOrEqual(prose);
  });
});

describe('the lines under the main path’s equations read as prose', () => {
  it('no sentence of a line under an equation outside every fold runs past 40 words', () => {
    const { html } = renderedPage();
    let checked = 0;
    for (const m of html.matchAll(/<p class="equation-where">([\s\S]*?)<\/p>/g)) {
      const before = html.slice(0, m.index);
      const depth = (before.match(/<details/g) ?? []).length - (before.match(/<\/details>/g) ?? []).length;
      if (depth > 0) continue;
      checked++;
      const text = m[1]!.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
      for (const sentence of text.split(/(?<=[.!?])\s+/)) expect(sentence.split(' ').filter(Boolean).length, sentence).toBeLessThanOrEqual(40);
    }
    // The state demo's read error and cosine, the ladder's rules: the main path has several.
    expect(checked).toBeGreaterThanOrEqual(2);
  });
});

describe('one meaning per symbol', () => {
  const all = Object.values(equations).join(' ');

  it('L is a sequence length everywhere: the cache equation counts layers with N', () => {
    expect(equations.cacheVsState).toMatch(/2\\,N\\,d_\{\\text\{model\}\}\\,L/);
    expect(equationWhere.cacheVsState).toContain('{N} is the number of layers');
    expect(equationWhere.sequentialSteps).toContain('{L} tokens');
  });

  it('T is a time: the chunked form names its triangular inverse Λ; w is a count of waves: the depth query is q', () => {
    expect(equations.chunkedDelta).not.toMatch(/(^|[^_{a-z])T\s*&?=/);
    expect(equations.attentionResiduals).not.toMatch(/w_l/);
    expect(all.match(/\bw\b(?!_)/g)?.length).toBe(1);
  });
});

describe('one numbering for channels', () => {
  it('the page counts channels from 1: no "channel 0" and no channels 0–3 anywhere', () => {
    const text = renderedPage().html.replace(/<[^>]+>/g, ' ');
    expect(text).not.toMatch(/channels? 0\b|channels 0–/);
    expect(text).toMatch(/channels 1–4/);
  });
});
