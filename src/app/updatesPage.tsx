/**
 * The dated updates as a page of their own (updates.html), written beside index.html by the
 * prerender: a change log is read by few, so the essay's first download leaves it out and links
 * to it. Plain HTML and one small stylesheet of its own, readable without script and offline.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { type Update, UPDATES_STYLES, updates } from '../content/updates';
import { longDate } from '../format';
import { TITLE } from '../essay/sections';

/** The page's look in a few rules, light and dark as the reader's system asks. */
export const UPDATES_CSS = `:root{color-scheme:light dark;--fg:#1d2330;--bg:#fbfaf7;--link:#1f5fa8}
@media (prefers-color-scheme:dark){:root{--fg:#e6e8ec;--bg:#15181e;--link:#8cb8f0}}
body{margin:0 auto;max-width:40rem;padding:1.5rem 1rem 3rem;font:1.0625rem/1.6 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--link)}h1{font-size:1.5rem;line-height:1.25}li{margin:0 0 1rem}
`;

function Entry({ u }: { u: Update }) {
  return (
    <li>
      <time dateTime={u.date}>{longDate(u.date)}</time>: <strong>{u.title}.</strong> {u.what} <em>Why:</em> {u.why}
      {u.corrections.length ? (
        <>
          {' '}
          <a href={`./#correction-${u.corrections[0]!.id}`}>{u.corrections.length > 1 ? 'Its corrections' : 'Its correction'}</a>, in the essay.
        </>
      ) : null}
    </li>
  );
}

/** The whole document, newest update first. */
export function updatesPage(list: readonly Update[] = updates): string {
  const body = renderToStaticMarkup(
    <>
      <p>
        <a href="./#updates">&larr; Back to the essay</a>
      </p>
      <h1>Updates to &ldquo;{TITLE}&rdquo;</h1>
      <p>
        What changed on the page, and why: {list.length} dated updates, newest first. Where the essay departs from the accounts it draws on is listed in{' '}
        <a href="./#corrections">the essay&rsquo;s corrections</a>.
      </p>
      <ol reversed>
        {[...list].reverse().map((u) => (
          <Entry key={`${u.date}-${u.title}`} u={u} />
        ))}
      </ol>
    </>,
  );
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>Updates: ${TITLE}</title>
    <link rel="icon" href="./favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="./${UPDATES_STYLES}" />
  </head>
  <body>
    <main>${body}</main>
  </body>
</html>
`;
}
