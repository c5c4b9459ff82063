/**
 * KaTeX at build time only. Strict mode and throwOnError: a malformed formula stops the
 * build with its id, instead of shipping red error text to readers.
 */
import katex from 'katex';
import type { EquationMarkup } from '../viz/TypesetMath';
import { equationMacros, equations, type EquationId } from './equations';

export class EquationError extends Error {
  override name = 'EquationError';
}

/**
 * KaTeX's MathML carries the formula's TeX source as an annotation, which no browser shows and
 * no screen reader reads; the page leaves it out (about 1 KB of its first download).
 */
const TEX_ANNOTATION = /<annotation encoding="application\/x-tex">[\s\S]*?<\/annotation>/;

export function typeset(id: string, tex: string, displayMode: boolean): string {
  try {
    return renderKatex(tex, displayMode).replace(TEX_ANNOTATION, '');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EquationError(`Equation "${id}" does not compile: ${reason}`);
  }
}

function renderKatex(tex: string, displayMode: boolean): string {
  return katex.renderToString(tex, {
    displayMode,
    throwOnError: true,
    // Strict in everything but the one extension we use on purpose: \htmlClass colours symbols.
    strict: (code: string) => (code === 'htmlExtension' ? 'ignore' : 'error'),
    output: 'htmlAndMathml',
    macros: { ...equationMacros },
    trust: (context) => context.command === '\\htmlClass',
  });
}

/** Typesets a whole registry, failing on the first bad entry with its id. */
export function typesetAll(registry: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, tex] of Object.entries(registry)) out[id] = typeset(id, tex, true);
  return out;
}

const cache = new Map<string, string>();

export function equationKey(id: EquationId, display: boolean): string {
  return `${id}:${display ? 'display' : 'inline'}`;
}

export function equationHtml(id: EquationId, display: boolean): string {
  const key = equationKey(id, display);
  let html = cache.get(key);
  if (html === undefined) {
    html = typeset(id, equations[id], display);
    cache.set(key, html);
  }
  return html;
}

export function equationMarkup(id: EquationId, display: boolean): EquationMarkup {
  return { equationKey: equationKey(id, display), html: equationHtml(id, display) };
}

/**
 * The one way a figure gets a typeset equation: by the registry id it names (in code or in a
 * data file). An id the registry lacks stops the build naming the figure and the equation,
 * rather than shipping an empty box.
 */
export function figureEquation(figure: string, id: string, display: boolean): EquationMarkup {
  if (!Object.hasOwn(equations, id)) {
    throw new EquationError(`The ${figure} figure names equation "${id}", which the registry (src/essay/equations.ts) lacks`);
  }
  return equationMarkup(id as EquationId, display);
}
