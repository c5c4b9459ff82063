/**
 * The line under the title: when the page last changed (data/updates.json) and how long the
 * main path takes to read. tests/e2e/essay.spec.ts counts the words a reader sees and fails when
 * the minutes stated here drift from them.
 */
import { lastUpdated } from '../content/updates';
import { longDate } from '../format';

/** The main path's reading time at 230 words a minute, as `npm run words` measures it. */
export const READING_MINUTES = 11;

export function Byline() {
  const updated = lastUpdated();
  return (
    <p className="byline">
      Updated <time dateTime={updated}>{longDate(updated)}</time> &middot; <span data-reading-minutes={READING_MINUTES}>{READING_MINUTES}-minute read</span>
      <span className="byline-contents">
        {' '}
        &middot; <a href="#contents">Contents</a>
      </span>
    </p>
  );
}
