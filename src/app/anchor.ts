/**
 * Keeps a linked section where the link put it. Sections far from the screen hold a measured
 * placeholder height until they are drawn (styles/print-and-paint.css); at a window width the
 * build did not measure, the ones above a target can settle to a different height just after
 * the jump. Until the reader scrolls, touches or presses a key, each such change puts the
 * target back at the top.
 */

/** How long after a jump the target is held, in ms: time enough for the sections near it to draw. */
const HOLD_MS = 3000;
const READER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

export function holdAnchors(win: Window): () => void {
  const doc = win.document;
  if (typeof ResizeObserver === 'undefined') return () => {};
  let target: HTMLElement | null = null;
  let until = 0;
  // On arrival the page is put right at once; after a followed link, the page's own scrolling
  // (smooth unless the reader asks for reduced motion) carries on to where the target now is.
  let behavior: ScrollBehavior = 'instant';
  const hold = (how: ScrollBehavior) => {
    const id = decodeURIComponent(win.location.hash.slice(1));
    target = id ? doc.getElementById(id) : null;
    until = win.performance.now() + HOLD_MS;
    behavior = how;
  };
  const release = () => {
    target = null;
  };
  const observer = new ResizeObserver(() => {
    if (!target) return;
    if (win.performance.now() > until) release();
    else target.scrollIntoView({ block: 'start', behavior });
  });
  doc.querySelectorAll('section.section').forEach((s) => {
    observer.observe(s);
  });
  for (const type of READER_INPUT) win.addEventListener(type, release, { passive: true, capture: true });
  const onHashChange = () => {
    hold('auto');
    // Where the browser has already scrolled to the target this changes nothing.
    target?.scrollIntoView({ block: 'start', behavior });
  };
  win.addEventListener('hashchange', onHashChange);
  if (win.location.hash) hold('instant');
  return () => {
    observer.disconnect();
    for (const type of READER_INPUT) win.removeEventListener(type, release, { capture: true });
    win.removeEventListener('hashchange', onHashChange);
  };
}
