/**
 * A typeset formula of the prose, from the registry. Server-rendered only: it lives in the
 * static prose, outside every hydrated island, so KaTeX never reaches the client bundle.
 */
import { TypesetMath } from '../viz/TypesetMath';
import type { EquationId } from './equations';
import { equationMarkup } from './typeset';

export function Equation({ id, label }: { id: EquationId; label: string }) {
  return <TypesetMath className="equation" markup={equationMarkup(id, true)} figure={{ id, label }} />;
}
