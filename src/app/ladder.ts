/**
 * The eviction ladder's rungs with script on: a rung opens its step in the stepper instead of
 * jumping to the list the stepper replaces. The step goes into the address first, which the
 * stepper reads when it hydrates; one already hydrated hears it as a LADDER_EVENT.
 */
export const LADDER_EVENT = 'ladder-step';

export function wireLadder(win: Window): void {
  win.document.addEventListener('click', (event) => {
    const rung = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-rung]');
    const figure = win.document.getElementById('lineage-figure');
    if (!rung || !figure || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const step = Number(rung.dataset.rung);
    const params = new URLSearchParams(win.location.search);
    if (step > 1) params.set('step', String(step));
    else params.delete('step');
    const query = params.toString();
    win.history.replaceState(win.history.state, '', `${win.location.pathname}${query ? `?${query}` : ''}#lineage-figure`);
    win.dispatchEvent(new CustomEvent(LADDER_EVENT, { detail: step - 1 }));
    figure.scrollIntoView({ block: 'start' });
  });
}
