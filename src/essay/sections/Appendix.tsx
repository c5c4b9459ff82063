/**
 * The appendix: what changed and why, the glossary, the references, how the page may be reused,
 * and how to cite it. The citation carries the page's canonical address when SITE_URL is set at
 * build; otherwise the shell writes in the address the reader has open (src/app/copy.ts).
 */
import { glossary } from '../../content/glossary';
import { authorLine, references, unverifiedNote } from '../../content/references';
import { lastUpdated, UPDATES_PAGE, updates } from '../../content/updates';
import { yearOf } from '../Cards';
import { Section } from '../Section';
import { Fold } from '../../viz/Fold';
import { longDate } from '../../format';
import { TITLE } from '../sections';

const SITE_NAME = 'Eviction policies';
const FIRST_YEAR = updates[0]!.date.slice(0, 4);

function PageUrl({ siteUrl }: { siteUrl?: string }) {
  if (siteUrl) return siteUrl;
  return <span data-page-url="">the address of this page</span>;
}

function CopyButton({ target, label }: { target: string; label: string }) {
  return (
    <p className="copy-line">
      <button type="button" className="copy-button" data-copy-target={target}>
        {label}
      </button>{' '}
      <span className="copy-status" role="status" />
    </p>
  );
}

export function Appendix({ siteUrl }: { siteUrl?: string }) {
  const updated = lastUpdated();
  return (
    <Section id="appendix">
      <h3 id="updates">Updates and corrections</h3>
      <p className="updates-link" id="updates-list">
        <a href={`./${UPDATES_PAGE}`}>{`Go deeper: the dated updates, ${updates.length} of them, last on ${longDate(updated)}`}</a>, on a
        page of their own; the corrections they brought are <a href="#corrections">listed above</a>.
      </p>

      <h3 id="glossary">Glossary</h3>
      <dl className="glossary">
        {glossary.map((t) => (
          <div key={t.id} id={`glossary-${t.id}`}>
            <dt>
              {t.term}
              {t.expansion ? <span className="glossary-expansion"> ({t.expansion})</span> : null}
            </dt>
            <dd>{t.definition}</dd>
          </div>
        ))}
      </dl>

      <h3 id="references">References</h3>
      <Fold id="references-list" summary={`All ${references.length} references, each with what this page uses it for`}>
      {/* The list numbers itself: each reference's number is its place in the file (src/content/references.ts). */}
      <ol className="references">
        {references.map((r) => {
          const note = unverifiedNote(r);
          return (
            <li key={r.id} id={`ref-${r.id}`}>
              {authorLine(r.authors)} ({yearOf(r)}).{' '}
              <a href={r.url}>
                {r.title}
              </a>
              .{r.venue ? ` ${r.venue}.` : ''}
              {r.arxiv ? ` arXiv:${r.arxiv}.` : ''} <span className="reference-use">Used for: {r.supports}</span>
              {note ? <span className="status-note"> ({note})</span> : null}
            </li>
          );
        })}
      </ol>
      </Fold>

      <h3 id="reuse">Reuse</h3>
      <p>
        The text and the figures are under the{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">
          Creative Commons Attribution 4.0 licence
        </a>
        : share and adapt them, saying where they came from. The code that builds and tests the page is under the MIT
        licence. Figures taken from other works are facts with their sources linked; quotations stay their
        authors&rsquo;.
      </p>

      <h3 id="cite">Cite this page</h3>
      <p id="cite-plain" className="citation">
        {SITE_NAME}. &ldquo;{TITLE}.&rdquo; {FIRST_YEAR}, updated {longDate(updated)}. <PageUrl siteUrl={siteUrl} />.
      </p>
      <CopyButton target="cite-plain" label="Copy the citation" />
      <pre id="cite-bibtex" className="bibtex">
        <code>
          {'@misc{eviction-policies-'}
          {FIRST_YEAR}
          {',\n  title  = {'}
          {TITLE}
          {'},\n  author = {{'}
          {SITE_NAME}
          {'}},\n  year   = {'}
          {FIRST_YEAR}
          {'},\n  note   = {Interactive essay, updated '}
          {updated}
          {'},\n  url    = {'}
          <PageUrl siteUrl={siteUrl} />
          {'}\n}'}
        </code>
      </pre>
      <CopyButton target="cite-bibtex" label="Copy the BibTeX" />
    </Section>
  );
}
