/** One section of the essay: a landmark with its heading, linked from the contents. */
import type { CSSProperties, ReactNode } from 'react';
import { urlLabel } from '../format';
import { MarkFor, NoteList, type Notes } from './Cards';
import { sectionTitle, type SectionId } from './sections';
import sectionSizes from './sectionSizes.json';

/**
 * The section's height as measured in the built page (scripts/measure-sections.mjs), which it
 * keeps as its placeholder while it is far from the screen and skips layout
 * (styles/print-and-paint.css), so the page's length and every anchor are right from the first frame.
 */
function placeholder(id: SectionId): CSSProperties | undefined {
  const sizes = (sectionSizes as Record<string, Record<string, number> | undefined>)[id];
  if (!sizes) return undefined;
  return Object.fromEntries(Object.entries(sizes).map(([width, height]) => [`--height-${width}`, `${height}px`])) as CSSProperties;
}

export function Section({ id, kicker, notes, children }: { id: SectionId; kicker?: string; notes?: Notes; children: ReactNode }) {
  return (
    <section id={id} className="section" aria-labelledby={`${id}-title`} style={placeholder(id)}>
      {kicker ? <p className="kicker">{kicker}</p> : null}
      <h2 id={`${id}-title`}>
        <a className="heading-anchor" href={`#${id}`}>
          {sectionTitle(id)}
        </a>
      </h2>
      {children}
      {notes ? <NoteList notes={notes} /> : null}
    </section>
  );
}

/**
 * A figure's frame: caption and reserved height are there before (and without) any script,
 * so nothing below it moves when the interactive part arrives.
 */
export function FigureFrame({
  id,
  caption,
  lookFor,
  lookForToo,
  minHeight,
  wide = true,
  children,
}: {
  id: string;
  caption: ReactNode;
  /** The one thing to notice, as an event: a visible line above the figure. */
  lookFor?: ReactNode;
  /** A second such line, for a figure that draws two things (the shipping table's bars and strips). */
  lookForToo?: ReactNode;
  minHeight: number;
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <figure className={wide ? 'figure wide' : 'figure'} id={`${id}-figure`} data-figure={id}>
        {lookFor ? <p className="look-for">{lookFor}</p> : null}
        {lookForToo ? <p className="look-for">{lookForToo}</p> : null}
        <div className="figure-body" style={{ minHeight }}>
          {children ?? (
            <p className="figure-pending" aria-hidden="true">
              Interactive figure
            </p>
          )}
        </div>
        <figcaption>{caption}</figcaption>
      </figure>
      <CopyLink anchor={`${id}-figure`} />
    </>
  );
}

/**
 * "Copy a link to this view": the page's address as it stands (each figure keeps its settings in
 * it) with the figure's own anchor, which lands on it in its section. Handled by the shell
 * (src/app/copy.ts); without script it is not shown.
 */
export function CopyLink({ anchor }: { anchor: string }) {
  return (
    <p className="copy-line">
      <button type="button" className="copy-button" data-copy-link={anchor}>
        Copy a link to this view
      </button>{' '}
      <span className="copy-status" role="status" />
    </p>
  );
}

/** A link to a source; when the source is in the references, its number and card follow. */
export function Cite({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <a className="cite" href={href}>
        {children}
      </a>
      <MarkFor href={href} />
    </>
  );
}

/** Links to several sources, each labelled by its address, separated by commas. */
export function SourceList({ urls }: { urls: readonly string[] }) {
  return (
    <>
      {urls.map((url, i) => (
        <span key={url}>
          {i > 0 ? ', ' : ''}
          <Cite href={url}>{urlLabel(url)}</Cite>
        </span>
      ))}
    </>
  );
}
