/**
 * The heavy folds' bodies, put back (scripts/lazy-folds.mjs cuts them out of the first download).
 * Each slot (data-fold-src) names the fold's own page; its body alone is at folds/<page>. A body
 * comes back when its fold is opened, when a link or the address names an id inside it, when a
 * card needs an entry from it (./cards.ts), before printing, and otherwise soon after load: all
 * are asked for at once when the page has painted, and put in one fold at a time as the browser
 * is idle, so find in page reaches every fold's words soon after load. Links the build pointed
 * at a fold's page (so that they work without script) become the in-page links they were. Once
 * every body has come back, or failed to and left its link, the root says so:
 * data-folds="loaded". A body that failed is not asked for again on this load. The rules only
 * the moved bodies use (scripts/fold-styles.mjs, data-fold-styles) come first, once, so no body
 * shows unstyled.
 */

export interface LazyFolds {
  /** Puts every body back; resolves once all are in (or failed, leaving their links). */
  loadAll: () => Promise<void>;
  /** Puts back the bodies inside `root` (a figure's folds, before it hydrates from their markup). */
  loadWithin: (root: Element) => Promise<void>;
}

export function wireLazyFolds(win: Window, adopt: (root: Element) => void): LazyFolds {
  const doc = win.document;
  const slots = [...doc.querySelectorAll<HTMLElement>('[data-fold-src]')];
  const pages = new Set(slots.map((s) => s.dataset.foldSrc ?? ''));
  const inPage = (root: ParentNode) => {
    for (const a of root.querySelectorAll<HTMLAnchorElement>('a[href*=".html#"]')) {
      const href = a.getAttribute('href') ?? '';
      const hash = href.indexOf('#');
      if (pages.has(href.slice(0, hash))) a.setAttribute('href', href.slice(hash));
    }
  };
  inPage(doc);
  let sheet: Promise<void> | null = null;
  /** The rules the moved bodies alone use (data-fold-styles), in place before the first body is. */
  const styles = (href: string | undefined): Promise<void> => {
    if (!href) return Promise.resolve();
    sheet ??= new Promise((resolve) => {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      // A sheet that failed leaves the bodies to come in plain, still to read.
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
      doc.head.append(link);
    });
    return sheet;
  };
  const bodies = new Map<HTMLElement, Promise<string>>();
  /** A body's markup, asked for once. */
  const body = (slot: HTMLElement): Promise<string> => {
    let known = bodies.get(slot);
    if (!known) {
      known = win.fetch(`folds/${slot.dataset.foldSrc}`).then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))));
      bodies.set(slot, known);
    }
    return known;
  };
  const loads = new Map<HTMLElement, Promise<void>>();
  let settled = 0;
  const load = (slot: HTMLElement): Promise<void> => {
    const known = loads.get(slot);
    if (known) return known;
    const started = body(slot)
      .then((html) => styles(slot.dataset.foldStyles).then(() => html))
      .then((html) => {
        const template = doc.createElement('template');
        template.innerHTML = html;
        const fold = slot.parentElement;
        slot.replaceWith(template.content);
        if (fold) adopt(fold);
      })
      // Offline without the worker's copy: the slot stays, with its link to the fold's page.
      .catch(() => undefined)
      .then(() => {
        settled += 1;
        if (settled === slots.length) doc.documentElement.dataset.folds = 'loaded';
      });
    loads.set(slot, started);
    return started;
  };
  const loadAll = () => Promise.all(slots.map(load)).then(() => undefined);
  const loadWithin = (root: Element) => Promise.all(slots.filter((s) => root.contains(s)).map(load)).then(() => undefined);
  if (slots.length === 0) {
    doc.documentElement.dataset.folds = 'loaded';
    return { loadAll: () => Promise.resolve(), loadWithin: () => Promise.resolve() };
  }

  /** The element an address names, once every fold that might hold it is back. */
  const reveal = () => {
    const id = decodeURIComponent(win.location.hash.slice(1));
    if (!id || doc.getElementById(id)) return;
    void loadAll().then(() => {
      const target = doc.getElementById(id);
      if (!target) return;
      for (let d = target.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
      target.scrollIntoView({ block: 'start' });
    });
  };
  reveal();
  win.addEventListener('hashchange', reveal);
  doc.addEventListener(
    'toggle',
    (event) => {
      const fold = event.target as HTMLDetailsElement;
      const slot = fold.open ? fold.querySelector<HTMLElement>(':scope > [data-fold-src]') : null;
      if (slot && slots.includes(slot)) void load(slot);
    },
    true,
  );
  win.addEventListener('beforeprint', () => void loadAll());

  // After load the bodies and their sheet are asked for together, and put in one fold per idle
  // moment, so no one task holds the page for long.
  const idle = (run: () => void) => (typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(run, { timeout: 2000 }) : win.setTimeout(run, 50));
  const next = (i: number) => {
    const slot = slots[i];
    if (!slot) return;
    idle(() => void load(slot).then(() => next(i + 1)));
  };
  const fetchAll = () =>
    idle(() => {
      void styles(slots[0]?.dataset.foldStyles);
      // A failure is met, and answered, when that body is put in.
      for (const slot of slots) body(slot).catch(() => undefined);
      next(0);
    });
  // Not before the page has painted: the first screen's paint waits for no fold.
  const afterLoad = () => win.requestAnimationFrame(() => win.setTimeout(fetchAll, 0));
  if (doc.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
  return { loadAll, loadWithin };
}
