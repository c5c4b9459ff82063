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

/** A display equation, reachable by keyboard and named for screen readers, with the line that names its symbols. */
export function Equation({ id, label }: { id: EquationId; label: string }) {
  return (
    <>
      <TypesetMath className="equation" markup={equationMarkup(id, true)} figure={{ id, label }} />
      <EquationWhere text={whereLine(id)} />
    </>
  );
}
