/**
 * A typeset formula from the registry. Server-rendered only: it lives in the static prose,
 * outside every hydrated island, so KaTeX never reaches the client bundle.
 */
import { equationHtml, equationKey } from './typeset';
import type { EquationId } from './equations';

export function Equation({ id, label }: { id: EquationId; label: string }) {
  return (
    <div
      className="equation"
      role="group"
      aria-label={label}
      tabIndex={0}
      data-equation={id}
      data-equation-key={equationKey(id, true)}
      dangerouslySetInnerHTML={{ __html: equationHtml(id, true) }}
    />
  );
}

export function InlineMath({ id }: { id: EquationId }) {
  return <span className="inline-math" data-equation-key={equationKey(id, false)} dangerouslySetInnerHTML={{ __html: equationHtml(id, false) }} />;
}
