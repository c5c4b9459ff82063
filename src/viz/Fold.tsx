/**
 * Long data one press away: a native disclosure, closed at first at every width. Its content
 * stays in the document, so it opens without script, by itself when a link, a citation or
 * find-in-page targets something inside it, and in print (styles/apparatus.css); a reader of
 * a screen reader hears the summary, which says what is folded, and that it is collapsed.
 */
import type { ReactNode } from 'react';

export function Fold({ id, summary, className, children }: { id?: string; summary: ReactNode; className?: string; children: ReactNode }) {
  return (
    <details id={id} className={className ? `fold ${className}` : 'fold'}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
