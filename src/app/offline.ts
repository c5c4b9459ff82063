/** Reader input that says the page is being read; any of it registers the worker. */
const READING = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;
/** Without any input, the worker registers this long after load. */
export const REGISTER_AFTER_MS = 15_000;

/**
 * Registers the service worker the build writes (scripts/service-worker.mjs) once the page has
 * loaded and the reader starts reading (a scroll, key or touch), or a while after load without
 * one. Its first job is to download the whole build, which should never compete with the page's
 * own first load. Where service workers are unavailable, or the registration fails, the page
 * works as it does without one.
 */
export function registerServiceWorker(win: Window, url = './sw.js'): void {
  const { navigator, document } = win;
  const workers = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  if (!workers) return;
  let done = false;
  let timer = 0;
  const register = () => {
    if (done) return;
    done = true;
    win.clearTimeout(timer);
    for (const type of READING) win.removeEventListener(type, register, true);
    // updateViaCache 'none': every load asks the server for the worker, so a new build is
    // picked up on the next load whatever the host's cache headers say.
    workers.register(url, { updateViaCache: 'none' }).catch(() => undefined);
  };
  const loaded = () => {
    for (const type of READING) win.addEventListener(type, register, { capture: true, passive: true });
    timer = win.setTimeout(register, REGISTER_AFTER_MS);
  };
  if (document.readyState === 'complete') loaded();
  else win.addEventListener('load', loaded, { once: true });
}

/**
 * Chromium sends a link with a `download` attribute past the service worker, so offline such a
 * link fails even though the worker holds the file. While a worker controls the page, a click on
 * one becomes a plain navigation to the file with `?download` added: the worker answers it from
 * the network or its cache, marked as an attachment, and the browser saves it. Without a worker
 * the link does what it always does.
 */
export function downloadThroughWorker(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLAnchorElement>('a[download]');
    const win = doc.defaultView;
    if (!link || !win?.navigator.serviceWorker?.controller || event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(link.href);
    if (url.origin !== win.location.origin) return;
    event.preventDefault();
    url.searchParams.set('download', '');
    win.location.assign(url.href);
  });
}
