/**
 * Prose and figures, linked: a rule's name or a symbol in the text, hovered or focused, names
 * itself on the page root (`data-highlight`), and the figure beside it lights up that rule's
 * memory and curve, or the places the symbol lives (styles/highlight.css). A memory in the state
 * demo carries the same mark, so hovering or focusing it lights its name in the prose. Works
 * before the figure has hydrated; without script the names are plain links to the figure.
 */
export function linkProseAndFigures(doc: Document): void {
  const root = doc.documentElement;
  const marked = (event: Event) => (event.target as Element | null)?.closest?.('[data-highlight]');
  const on = (event: Event) => {
    const el = marked(event);
    if (el) root.dataset.highlight = el.getAttribute('data-highlight') ?? '';
  };
  const off = (event: Event) => {
    if (marked(event)) delete root.dataset.highlight;
  };
  doc.addEventListener('pointerover', on);
  doc.addEventListener('focusin', on);
  doc.addEventListener('pointerout', off);
  doc.addEventListener('focusout', off);
}
