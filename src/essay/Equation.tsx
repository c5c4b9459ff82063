/**
 * A typeset formula of the prose, from the registry, with the line under it that says what each
 * of its symbols means. Server-rendered only: it lives in the static prose, outside every
 * hydrated island, so KaTeX never reaches the client bundle.
 */
import { SymbolText } from '../viz/SymbolText';
import { TypesetMath } from '../viz/TypesetMath';
import type { EquationId } from './equations';
import { equationWhere } from './equations/where';
import { equationMarkup } from './typeset';

/** The line that names an equation's symbols, or null for the few the prose around them defines. */
export function whereLine(id: string): string | null {
  return Object.hasOwn(equationWhere, id) ? equationWhere[id as keyof typeof equationWhere] : null;
}

export function EquationWhere({ text }: { text: string | null }) {
  return text ? (
    <p className="equation-where">
      <SymbolText text={text} />
    </p>
  ) : null;
}

/** KaTeX's MathML alone: the formula as every current browser draws it natively. */
const mathmlOf = (html: string) => /<math[\s\S]*<\/math>/.exec(html)?.[0] ?? html;

/**
 * A display equation. `mathml` sets it as MathML alone, for the lineage's no-script list: with
 * script that list is hidden and the stepper shows the cards, so the page does not carry KaTeX's
 * HTML for it twice (about 2 KB of the first download, brotli).
 */
export function Equation({ id, label, mathml = false }: { id: EquationId; label: string; mathml?: boolean }) {
  const full = equationMarkup(id, true);
  const markup = mathml ? { equationKey: `${full.equationKey}:mathml`, html: mathmlOf(full.html) } : full;
  return (
    <>
      <TypesetMath className="equation" markup={markup} figure={{ id, label }} />
      <EquationWhere text={whereLine(id)} />
    </>
  );
}
