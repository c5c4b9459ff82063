/**
 * A rung of the eviction ladder with script on, loaded on the first press (src/app/shell.ts): it
 * opens its step in the stepper instead of jumping to the list the stepper replaces. The step
 * goes into the address first, which the stepper reads when it hydrates; one already hydrated
 * hears it as a LADDER_EVENT.
 */
const LADDER_EVENT = 'ladder-step';

export function openRung(win: Window, rung: HTMLAnchorElement): void {
  const figure = win.document.getElementById('lineage-figure');
  const step = Number(rung.dataset.rung);
  if (!figure) {
    win.location.hash = rung.hash;
    return;
  }
  const params = new URLSearchParams(win.location.search);
  if (step > 1) params.set('step', String(step));
  else params.delete('step');
  const query = params.toString();
  win.history.replaceState(win.history.state, '', `${win.location.pathname}${query ? `?${query}` : ''}#lineage-figure`);
  win.dispatchEvent(new CustomEvent(LADDER_EVENT, { detail: step - 1 }));
  figure.scrollIntoView({ block: 'start' });
}
