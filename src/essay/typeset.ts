/**
 * KaTeX at build time only. Strict mode and throwOnError: a malformed formula stops the
 * build with its id, instead of shipping red error text to readers.
 */
import katex from 'katex';
import { equationMacros, equations, type EquationId } from './equations';

export class EquationError extends Error {
  override name = 'EquationError';
}

export function typeset(id: string, tex: string, displayMode: boolean): string {
  try {
    return katex.renderToString(tex, {
      displayMode,
      throwOnError: true,
      // Strict in everything but the one extension we use on purpose: \htmlClass colours symbols.
      strict: (code: string) => (code === 'htmlExtension' ? 'ignore' : 'error'),
      output: 'htmlAndMathml',
      macros: { ...equationMacros },
      trust: (context) => context.command === '\\htmlClass',
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EquationError(`Equation "${id}" does not compile: ${reason}`);
  }
}

/** Typesets a whole registry, failing on the first bad entry with its id. */
export function typesetAll(registry: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, tex] of Object.entries(registry)) out[id] = typeset(id, tex, true);
  return out;
}

const cache = new Map<string, string>();

/**
 * A typeset equation handed to a hydrated figure. The page serialises only `equationKey`
 * (src/app/Island.tsx); the client takes the HTML back from the prerendered element carrying
 * the same key, so the markup travels once instead of twice.
 */
export interface EquationMarkup {
  equationKey: string;
  html: string;
}

export function equationKey(id: EquationId, display: boolean): string {
  return `${id}:${display ? 'display' : 'inline'}`;
}

export function equationMarkup(id: EquationId, display: boolean): EquationMarkup {
  return { equationKey: equationKey(id, display), html: equationHtml(id, display) };
}

export function equationHtml(id: EquationId, display: boolean): string {
  const key = `${id}:${display ? 'd' : 'i'}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = typeset(id, equations[id], display);
    cache.set(key, html);
  }
  return html;
}
