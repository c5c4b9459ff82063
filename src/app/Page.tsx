/** The page shell: header, contents, the essay and the footer. */
import { Essay } from '../essay/Essay';
import { STATUS_WORDS } from '../content/schema';
import { SECTIONS, TITLE } from '../essay/sections';
import { ThemeToggle } from './ThemeToggle';
import { Byline } from '../essay/Byline';

export function Page({ siteUrl }: { siteUrl?: string }) {
  return (
    <>
      <SiteHeader skipTo="the essay" home="#scale" />
      <div className="layout">
        <main id="main" className="essay">
          <h1>{TITLE}</h1>
          <p className="dek">From GPT-2 to Kimi K3 in seven steps: what a model&rsquo;s memory is allowed to forget, and what each rule costs.</p>
          <Byline />
          <Essay siteUrl={siteUrl} />
        </main>
        <nav className="toc" id="contents" aria-label="Contents">
          <h2 className="toc-title">Contents</h2>
          <ol>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} data-toc={s.id}>
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </div>
      <footer className="site-footer">
        <p>
          Every figure on this page comes from the data files in the source, each with its link. Where a figure is missing or qualified, one word says what is
          known, never an estimate:
        </p>
        <dl className="status-words">
          {Object.entries(STATUS_WORDS).map(([word, meaning]) => (
            <div key={word}>
              <dt>{word}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </footer>
    </>
  );
}

/** The link past the header, the site's name leading home, and the theme switch: the essay's and the trainer's page's. */
export function SiteHeader({ skipTo, home }: { skipTo: string; home: string }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {`Skip to ${skipTo}`}
      </a>
      <header className="site-header">
        <p className="site-name">
          <a href={home}>Eviction policies</a>
        </p>
        <ThemeToggle />
      </header>
    </>
  );
}
