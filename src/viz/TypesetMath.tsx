/**
 * A formula typeset at build time (KaTeX HTML and MathML), shown as it came. The same markup
 * appears once in the prose and in a figure, so a hydrated figure's props leave the HTML out
 * (`withoutEquationHtml`) and take it back from the page (`withEquationHtml`): the markup
 * travels once. KaTeX itself never reaches the browser.
 */
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

export function TypesetMath({ markup, className, figure, inline = false }: TypesetMathProps) {
  const Tag = inline ? 'span' : 'div';
  if (typeof window === 'undefined') inPage.add(markup.equationKey);
  if (!figure) return <Tag className={className} data-equation-key={markup.equationKey} dangerouslySetInnerHTML={{ __html: markup.html }} />;
  return (
    <Tag
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

const isMarkup = (value: unknown): value is Partial<EquationMarkup> & { equationKey: unknown } =>
  value !== null && typeof value === 'object' && 'equationKey' in value;

/** JSON.stringify replacer for a figure's props: equation HTML stays out where the page has it. */
export function withoutEquationHtml(_key: string, value: unknown): unknown {
  if (isMarkup(value) && 'html' in value && inPage.has(String(value.equationKey))) {
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
