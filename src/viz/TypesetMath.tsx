/**
 * A formula typeset at build time (KaTeX HTML and MathML), shown as it came. The same markup
 * appears once in the prose and in a figure, so a hydrated figure's props leave the HTML out
 * (`withoutEquationHtml`) and take it back from the page (`withEquationHtml`): the markup
 * travels once. KaTeX itself never reaches the browser.
 */
import { type RefObject, useLayoutEffect, useRef } from 'react';

export interface EquationMarkup {
  /** Where the page keeps this equation's markup: `id:display` or `id:inline`. */
  equationKey: string;
  html: string;
}

export interface TypesetMathProps {
  markup: EquationMarkup;
  className: string;
  /** A display equation a reader can reach by keyboard, named for screen readers; its registry id. */
  figure?: { id: string; label: string };
  inline?: boolean;
}

/**
 * The keys whose full markup the prerendered page carries. A figure's props leave out only those
 * equations' HTML; one the page shows elsewhere only as MathML travels whole with the props.
 */
const inPage = new Set<string>();
/** Keys the page carries only as MathML (a `:mathml` copy, see Equation). */
const mathmlOnly = new Set<string>();
export const MATHML_SUFFIX = ':mathml';

/** KaTeX's inline styles, kept as `data-style` in markup that came with a figure's props, set through the CSSOM. */
function useDataStyles(ref: RefObject<HTMLElement | null>, html: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new markup is set as HTML, which the hook reads through the ref, not the string
  useLayoutEffect(() => {
    for (const el of Array.from(ref.current?.querySelectorAll<HTMLElement>('[data-style]') ?? [])) {
      el.style.cssText = el.dataset.style ?? '';
      el.removeAttribute('data-style');
    }
  }, [ref, html]);
}

export function TypesetMath({ markup, className, figure, inline = false }: TypesetMathProps) {
  const Tag = inline ? 'span' : 'div';
  const ref = useRef<HTMLElement>(null);
  useDataStyles(ref, markup.html);
  if (typeof window === 'undefined') {
    const key = markup.equationKey;
    if (key.endsWith(MATHML_SUFFIX)) mathmlOnly.add(key.slice(0, -MATHML_SUFFIX.length));
    else inPage.add(key);
  }
  if (!figure)
    return (
      <Tag
        ref={ref as RefObject<HTMLDivElement & HTMLSpanElement>}
        className={className}
        data-equation-key={markup.equationKey}
        dangerouslySetInnerHTML={{ __html: markup.html }}
      />
    );
  return (
    <Tag
      ref={ref as RefObject<HTMLDivElement & HTMLSpanElement>}
      className={className}
      role="group"
      aria-label={figure.label}
      tabIndex={0}
      data-equation={figure.id}
      data-equation-key={markup.equationKey}
      dangerouslySetInnerHTML={{ __html: markup.html }}
    />
  );
}

/** KaTeX's MathML alone: the formula as every current browser draws it natively. */
export const mathmlOf = (html: string) => /<math[\s\S]*<\/math>/.exec(html)?.[0] ?? html;

/**
 * KaTeX's markup made to travel in a figure's props: its inline styles kept as data, since the
 * page's policy blocks style attributes; TypesetMath sets them through the CSSOM, which it allows.
 */
export const stylesAsData = (html: string) => html.replace(/ style="([^"]*)"/g, ' data-style="$1"');

const isMarkup = (value: unknown): value is Partial<EquationMarkup> & { equationKey: unknown } =>
  value !== null && typeof value === 'object' && 'equationKey' in value;

/** JSON.stringify replacer for a figure's props: equation HTML stays out where the page has it. */
export function withoutEquationHtml(_key: string, value: unknown): unknown {
  const key = isMarkup(value) ? String(value.equationKey) : '';
  if (isMarkup(value) && typeof value.html === 'string' && mathmlOnly.has(key) && !inPage.has(key)) {
    return { ...value, html: stylesAsData(value.html) };
  }
  if (isMarkup(value) && 'html' in value) {
    const { html: _html, ...rest } = value;
    return rest;
  }
  return value;
}

/** JSON.parse reviver for a figure's props: puts back the HTML of each equation from the page. */
export function withEquationHtml(doc: Document) {
  return (_key: string, value: unknown): unknown => {
    if (isMarkup(value) && !('html' in value)) {
      const source = doc.querySelector(`[data-equation-key="${CSS.escape(String(value.equationKey))}"]`);
      return { ...value, html: source?.innerHTML ?? '' };
    }
    return value;
  };
}
