/**
 * A typeset formula of the prose, from the registry, with the line under it that says what each
 * of its symbols means. Server-rendered only: it lives in the static prose, outside every
 * hydrated island, so KaTeX never reaches the client bundle.
 */
import { SymbolText } from '../viz/SymbolText';
import { MATHML_SUFFIX, mathmlOf, TypesetMath } from '../viz/TypesetMath';
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

/**
 * A display equation, reachable by keyboard and named for screen readers, with the line that names its symbols.
 * Behind a door (`folded`) it is set as MathML alone, which the browser draws itself, as the ladder's cards are:
 * KaTeX's drawing of it would weigh on the page's first download for a formula no one sees until the door opens.
 */
export function Equation({ id, label, folded = false }: { id: EquationId; label: string; folded?: boolean }) {
  const full = equationMarkup(id, true);
  const markup = folded ? { equationKey: `${full.equationKey}${MATHML_SUFFIX}`, html: mathmlOf(full.html) } : full;
  return (
    <>
      <TypesetMath className={folded ? 'equation equation-mathml' : 'equation'} markup={markup} figure={{ id, label }} />
      <EquationWhere text={whereLine(id)} />
    </>
  );
}
