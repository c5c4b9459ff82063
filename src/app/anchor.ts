/**
 * Keeps a linked section where the link put it. Sections far from the screen hold a measured
 * placeholder height until they are drawn (styles/print-and-paint.css); at a window width the
 * build did not measure, the ones above a target can settle to a different height just after
 * the jump. Until the page is scrolled by anything else (the reader's wheel, finger, keys or
 * scrollbar, find in page, another script), each such change puts the target back at the top.
 */

/** How long after a jump the target is held, in ms: time enough for the sections near it to draw. */
const HOLD_MS = 3000;
/** How far from its place a target may have been moved by the browser's scroll anchoring, not by a reader. */
const AWAY_PX = 24;
const READER_INPUT = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const;

export function holdAnchors(win: Window): () => void {
  const doc = win.document;
  if (typeof ResizeObserver === 'undefined') return () => {};
  const linked = () => {
    const id = decodeURIComponent(win.location.hash.slice(1));
    return id ? doc.getElementById(id) : null;
  };
  let target: HTMLElement | null = null;
  let until = 0;
  /** Where the last correction left the page; a scroll anywhere else was not ours. */
  let placedAt: number | null = null;
  /** Puts the target at its place at the top, at once. */
  const place = () => {
    target?.scrollIntoView({ block: 'start', behavior: 'instant' });
    placedAt = win.scrollY;
  };
  const hold = () => {
    target = linked();
    until = win.performance.now() + HOLD_MS;
    placedAt = null;
  };
  /** Whether a followed link's scroll is under way: not ended, and not taken over by the reader. */
  let jumping = false;
  const release = () => {
    target = null;
    jumping = false;
  };
  const observer = new ResizeObserver(() => {
    if (!target) return;
    // The page moved since the last correction. The browser's scroll anchoring moves it too, to
    // keep what is on screen in place, and leaves the target near the top: that is still ours
    // to correct. Anything that took the target away from the top was not.
    const moved = placedAt !== null && Math.abs(win.scrollY - placedAt) > 1;
    const away = Math.abs(target.getBoundingClientRect().top - (parseFloat(win.getComputedStyle(target).scrollMarginTop) || 0)) > AWAY_PX;
    if (win.performance.now() > until || (moved && away)) {
      release();
      return;
    }
    place();
  });
  for (const s of doc.querySelectorAll('section.section')) observer.observe(s);
  for (const type of READER_INPUT) win.addEventListener(type, release, { passive: true, capture: true });
  // A followed link may scroll smoothly; the hold starts where that scroll ends. Where the
  // browser has already scrolled to the target, the call here changes nothing. A smooth scroll
  // heads for where the target stood when it began: a section above it that changed size on the
  // way (a figure drawn as it came near) leaves the target short of the top, and so the end of
  // the scroll puts it there. A reader who scrolls meanwhile ends the jump where they are.
  const landed = () => {
    if (!jumping) return;
    hold();
    jumping = false;
    place();
  };
  const onHashChange = () => {
    release();
    linked()?.scrollIntoView({ block: 'start' });
    jumping = true;
  };
  win.addEventListener('hashchange', onHashChange);
  win.addEventListener('scrollend', landed);
  if (win.location.hash) hold();
  return () => {
    observer.disconnect();
    for (const type of READER_INPUT) win.removeEventListener(type, release, { capture: true });
    win.removeEventListener('hashchange', onHashChange);
    win.removeEventListener('scrollend', landed);
  };
}
