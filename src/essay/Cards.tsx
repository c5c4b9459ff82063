/**
 * The reader's apparatus in the prose: numbered citations, footnotes and glossary terms. Each is a
 * link that works without script: it jumps to the reference, the section's note or the glossary
 * entry. With script, hovering or focusing it opens that entry as a small card set below its
 * line, so it never covers the words it annotates (src/app/cards.ts); Escape closes it. In print
 * there are no cards: the notes, glossary and references print where they stand.
 */
import type { ReactNode } from 'react';
import { glossaryEntry } from '../content/glossary';
import { type Reference, referenceAt, referenceById } from '../content/references';
import { type SectionId, sectionTitle } from './sections';

/** A reference's year, or the word for a source that states none. */
export const yearOf = (r: Pick<Reference, 'year'>) => (r.year === null ? 'undated' : String(r.year));

/**
 * The numbered mark after a citation: jumps to the reference. Its card is the reference's entry
 * in the list, shown by the shell on hover or focus (src/app/cards.ts), so the page carries each
 * reference once.
 */
export function CiteMark({ reference: r }: { reference: Reference }) {
  return (
    <sup className="cite-mark has-card">
      <a href={`#ref-${r.id}`} aria-label={`Reference ${r.number}`}>
        [{r.number}]
      </a>
    </sup>
  );
}

/** Cites references by id, at a claim in the prose that names no link of its own. */
export function Refs({ ids }: { ids: readonly string[] }) {
  return (
    <>
      {ids.map((id) => (
        <CiteMark key={id} reference={referenceById(id)} />
      ))}
    </>
  );
}

/** The numbered mark for a link that is a reference, or nothing for one that is not. */
export function MarkFor({ href }: { href: string }) {
  const r = referenceAt(href);
  return r ? <CiteMark reference={r} /> : null;
}

/** A section's footnotes: each has a number, its words, and an id unique on the page. */
export interface Notes {
  section: SectionId;
  list: { id: string; text: ReactNode }[];
}

export function notes(section: SectionId, list: Notes['list']): Notes {
  return { section, list };
}

/** A footnote's mark in the prose: jumps to the note at the section's end, whose words are its card. */
export function NoteMark({ notes: n, id }: { notes: Notes; id: string }) {
  const index = n.list.findIndex((x) => x.id === id);
  if (index < 0) throw new Error(`no footnote "${id}" in the ${n.section} section`);
  return (
    <sup className="note-mark has-card" id={`${n.section}-noteref-${id}`}>
      <a href={`#${n.section}-note-${id}`} aria-label={`Note ${index + 1}`}>
        {index + 1}
      </a>
    </sup>
  );
}

/** The section's footnotes, at its end: where a mark jumps without script, and what prints. */
export function NoteList({ notes: n }: { notes: Notes }) {
  return (
    <aside className="notes" aria-label={`Notes to “${sectionTitle(n.section)}”`}>
      <ol>
        {n.list.map((note) => (
          <li key={note.id} id={`${n.section}-note-${note.id}`}>
            {note.text}{' '}
            <a className="back-link" href={`#${n.section}-noteref-${note.id}`} aria-label="Back to the text">
              ↩
            </a>
          </li>
        ))}
      </ol>
    </aside>
  );
}

/**
 * A term's first use, linked to the glossary, whose entry is its card. `highlight` also lights
 * where it lives in the figure beside it (src/app/highlight.ts).
 */
export function Term({ id, highlight, children }: { id: string; highlight?: string; children?: ReactNode }) {
  const entry = glossaryEntry(id);
  return (
    <span className="term has-card">
      <a href={`#glossary-${entry.id}`} className="term-link" data-highlight={highlight}>
        {children ?? entry.term}
      </a>
    </span>
  );
}

/**
 * A rule's name or a symbol in the prose, linked to the figure that shows it: hovering or focusing
 * it lights the figure's part (src/app/highlight.ts); without script it jumps to the figure.
 */
export function Lit({ figure, highlight, children }: { figure: string; highlight: string; children: ReactNode }) {
  return (
    <a href={`#${figure}-figure`} className="highlight-link" data-highlight={highlight}>
      {children}
    </a>
  );
}
