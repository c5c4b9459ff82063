/**
 * Prose and figures, linked: a rule's name or a symbol in the text, hovered or focused, names
 * itself on the page root (`data-highlight`), and the figure beside it lights up that rule's
 * memory and curve, or the places the symbol lives (styles/highlight.css). A memory in the state
 * demo carries the same mark, so hovering or focusing it lights its name in the prose. Works
 * before the figure has hydrated; without script the names are plain links to the figure.
 */
export function linkProseAndFigures(doc: Document): void {
  const root = doc.documentElement;
  // What the pointer is over and what has focus are kept apart: the latest to light something
  // shows, and when it ends the other shows again, so a pointer that leaves (or a page that
  // scrolls under it) does not undo what focus lit.
  let hovered: string | null = null;
  let focused: string | null = null;
  const show = (lit: string | null) => {
    if (lit === null) delete root.dataset.highlight;
    else root.dataset.highlight = lit;
  };
  const mark = (event: Event) => (event.target as Element | null)?.closest?.('[data-highlight]:not(html)')?.getAttribute('data-highlight') ?? null;
  doc.addEventListener('pointerover', (event) => {
    hovered = mark(event);
    show(hovered ?? focused);
  });
  doc.addEventListener('focusin', (event) => {
    focused = mark(event);
    show(focused ?? hovered);
  });
  doc.addEventListener('focusout', () => {
    focused = null;
    show(hovered);
  });
  root.addEventListener('pointerleave', () => {
    hovered = null;
    show(focused);
  });
}
