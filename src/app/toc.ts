/**
 * Marks the contents link of the section being read (aria-current), from the scroll position.
 * Plain DOM: the contents are static, so there is nothing to hydrate.
 */

/** Where a section counts as "being read": its top has passed this share of the viewport. */
const READING_LINE = 0.3;

/**
 * The section being read: the last one whose top has passed the reading line. At the very end
 * of the page the last sections can never reach that line, so there the section named in the
 * address wins if it is on screen, and otherwise the last one on screen.
 */
export function currentSection(tops: { id: string; top: number; bottom: number }[], viewport: number, atEnd: boolean, hash: string): string | null {
  if (tops.length === 0) return null;
  if (atEnd) {
    const onScreen = tops.filter((s) => s.top < viewport && s.bottom > 0);
    if (onScreen.some((s) => s.id === hash)) return hash;
    const last = onScreen[onScreen.length - 1];
    if (last) return last.id;
  }
  let current: string | null = null;
  for (const s of tops) if (s.top <= viewport * READING_LINE) current = s.id;
  return current ?? tops[0]!.id;
}

export function watchSections(doc: Document): () => void {
  const win = doc.defaultView;
  const links = new Map<string, HTMLAnchorElement>();
  doc.querySelectorAll<HTMLAnchorElement>('a[data-toc]').forEach((a) => {
    links.set(a.dataset.toc ?? '', a);
  });
  const sections = [...links.keys()].map((id) => doc.getElementById(id)).filter((s): s is HTMLElement => s !== null);
  if (!win || sections.length === 0) return () => {};

  let marked: string | null = null;
  const mark = (id: string | null) => {
    if (id === marked) return;
    marked = id;
    links.forEach((a, key) => {
      if (key === id) a.setAttribute('aria-current', 'location');
      else a.removeAttribute('aria-current');
    });
  };

  let pending = false;
  const update = () => {
    pending = false;
    const root = doc.documentElement;
    const atEnd = win.scrollY + win.innerHeight >= root.scrollHeight - 2;
    const tops = sections.map((s) => {
      const box = s.getBoundingClientRect();
      return { id: s.id, top: box.top, bottom: box.bottom };
    });
    mark(currentSection(tops, win.innerHeight, atEnd, decodeURIComponent(win.location.hash.slice(1))));
  };
  const schedule = () => {
    if (pending) return;
    pending = true;
    win.requestAnimationFrame(update);
  };

  // While the page loads nothing is measured (a measure would lay the page out early): the
  // section first on screen is the one the address names, or else the first.
  const named = doc.getElementById(decodeURIComponent(win.location.hash.slice(1)))?.closest<HTMLElement>('section.section');
  mark(named && links.has(named.id) ? named.id : (sections[0]?.id ?? null));
  win.addEventListener('scroll', schedule, { passive: true });
  win.addEventListener('resize', schedule);
  win.addEventListener('hashchange', schedule);
  return () => {
    win.removeEventListener('scroll', schedule);
    win.removeEventListener('resize', schedule);
    win.removeEventListener('hashchange', schedule);
  };
}
