/**
 * Where this page departs from the usual account (data/corrections.json): what is usually said,
 * what the page says instead with every figure filled from the data, a link to the place on the
 * page that says it, and the sources behind it.
 */
import { corrections, type Correction } from '../../content/corrections';
import { urlLabel } from '../../format';
import { SECTIONS } from '../sections';
import { Cite, Section, SourceList } from '../Section';

/** The link's words: the lineage step, or the section the corrected sentence stands in. */
function placeName(c: Correction): string {
  const step = /^lineage-step-(\d+)$/.exec(c.anchor);
  if (step) return `the lineage, step ${step[1]}`;
  const section = SECTIONS.find((s) => c.anchor === s.id || c.anchor.startsWith(`${s.id}-`));
  if (!section) throw new Error(`The correction "${c.id}" points at #${c.anchor}, which is in no section`);
  return `\u201c${section.title}\u201d`;
}

export function Corrections() {
  const list = corrections();
  return (
    <Section id="corrections">
      <p>
        Where this page and the accounts it draws on disagree, the sources decide. Each entry says what one of those
        accounts says, with its source, what this page says instead, and where.
      </p>
      <ol className="corrections">
        {list.map((c) => (
          <li key={c.id} id={`correction-${c.id}`}>
            <span className="correction-usual">
              <strong>One account says:</strong> {c.usual.text}
              {c.usual.source ? (
                <>
                  {' '}
                  (<Cite href={c.usual.source}>{urlLabel(c.usual.source)}</Cite>)
                </>
              ) : null}
              .
            </span>{' '}
            <span className="correction-here">
              <strong>Here:</strong> {c.correction}
            </span> Said in <a href={c.href}>{placeName(c)}</a>
            {'; sources: '}
            <SourceList urls={c.sources} />.
          </li>
        ))}
      </ol>
    </Section>
  );
}
