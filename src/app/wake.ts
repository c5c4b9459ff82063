/**
 * When a figure wakes: as it comes near the screen, or at once when a reader touches, focuses
 * or presses a key in it. Until then the page runs no framework code at all; the prerendered
 * figure is there to read.
 */

/** How far ahead of the screen a figure starts loading, so it is ready when the reader arrives. */
export const WAKE_MARGIN = '400px 0px';

const TOUCH_EVENTS = ['pointerdown', 'focusin', 'keydown'] as const;

export function wakeWhenNear(elements: HTMLElement[], wake: (el: HTMLElement) => void): void {
  const woken = new Set<HTMLElement>();
  const observer = typeof IntersectionObserver === 'undefined' ? null : new IntersectionObserver(onSeen, { rootMargin: WAKE_MARGIN });
  const once = (el: HTMLElement) => {
    if (woken.has(el)) return;
    woken.add(el);
    observer?.unobserve(el);
    for (const type of TOUCH_EVENTS) el.removeEventListener(type, onTouch, true);
    wake(el);
  };
  function onSeen(entries: IntersectionObserverEntry[]) {
    for (const entry of entries) if (entry.isIntersecting) once(entry.target as HTMLElement);
  }
  function onTouch(event: Event) {
    once(event.currentTarget as HTMLElement);
  }
  for (const el of elements) {
    for (const type of TOUCH_EVENTS) el.addEventListener(type, onTouch, true);
    if (observer) observer.observe(el);
    else once(el);
  }
}
