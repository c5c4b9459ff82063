/**
 * A short clause beside a sentence the usual account tells otherwise, linking to that sentence's
 * correction in its one home (data/corrections.json, the Corrections section). An id the data
 * lacks stops the build.
 */
import type { ReactNode } from 'react';
import { corrections } from '../content/corrections';

/** The link to a correction's entry. */
export function correctionHref(id: string): string {
  if (!corrections().some((c) => c.id === id)) throw new Error(`No correction "${id}" in data/corrections.json`);
  return `#correction-${id}`;
}

/** The clause, in brackets: "(not the figure usually quoted)". */
export function CorrectionMark({ id, children }: { id: string; children: ReactNode }) {
  return (
    <a className="correction-link" href={correctionHref(id)}>
      ({children})
    </a>
  );
}
