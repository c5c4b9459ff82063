/**
 * Marks the contents link of the section being read (aria-current), from what is on screen.
 * Plain DOM: the contents are static, so there is nothing to hydrate.
 */
export function watchSections(doc: Document): () => void {
  const links = new Map<string, HTMLAnchorElement>();
  doc.querySelectorAll<HTMLAnchorElement>('a[data-toc]').forEach((a) => links.set(a.dataset.toc ?? '', a));
  const sections = [...links.keys()].map((id) => doc.getElementById(id)).filter((s): s is HTMLElement => s !== null);
  if (sections.length === 0 || typeof IntersectionObserver === 'undefined') return () => {};

  const visible = new Set<string>();
  const mark = (id: string) => {
    links.forEach((a, key) => {
      if (key === id) a.setAttribute('aria-current', 'location');
      else a.removeAttribute('aria-current');
    });
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) visible.add(e.target.id);
        else visible.delete(e.target.id);
      }
      const first = sections.find((s) => visible.has(s.id));
      if (first) mark(first.id);
    },
    { rootMargin: '-20% 0px -60% 0px' },
  );
  sections.forEach((s) => observer.observe(s));
  const fromHash = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (links.has(id)) mark(id);
  };
  fromHash();
  window.addEventListener('hashchange', fromHash);
  return () => {
    observer.disconnect();
    window.removeEventListener('hashchange', fromHash);
  };
}
