/** One section of the essay: a landmark with its heading, linked from the contents. */
import type { CSSProperties, ReactNode } from 'react';
import { urlLabel } from '../format';
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

export function Section({ id, kicker, children }: { id: SectionId; kicker?: string; children: ReactNode }) {
  return (
    <section id={id} className="section" aria-labelledby={`${id}-title`} style={placeholder(id)}>
      {kicker ? <p className="kicker">{kicker}</p> : null}
      <h2 id={`${id}-title`}>
        <a className="heading-anchor" href={`#${id}`}>
          {sectionTitle(id)}
        </a>
      </h2>
      {children}
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
  minHeight,
  wide = true,
  children,
}: {
  id: string;
  caption: ReactNode;
  minHeight: number;
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <figure className={wide ? 'figure wide' : 'figure'} id={`${id}-figure`} data-figure={id}>
      <div className="figure-body" style={{ minHeight }}>
        {children ?? (
          <p className="figure-pending" aria-hidden="true">
            Interactive figure
          </p>
        )}
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

export function Cite({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="cite" href={href} rel="noopener">
      {children}
    </a>
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
