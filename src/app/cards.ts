/**
 * Cards for citations, notes and glossary terms (src/essay/Cards.tsx). Each mark links to its
 * entry: the reference, the note at the section's end, the glossary entry. On the first hover or
 * focus the entry is copied into a card beside the mark, which CSS shows while the mark is
 * hovered or focused, below its line. Escape closes the card until the pointer or focus leaves.
 */
function cardFor(doc: Document, holder: Element, missing: () => Promise<void>): void {
  if (holder.querySelector(':scope > .card')) return;
  const href = holder.querySelector('a')?.getAttribute('href') ?? '';
  const entry = href.startsWith('#') ? doc.getElementById(href.slice(1)) : null;
  if (!entry) {
    // An entry in a fold whose body is still to come (./lazyFolds.ts): the card once it is in.
    if (href.startsWith('#')) void missing().then(() => doc.getElementById(href.slice(1)) && cardFor(doc, holder, () => Promise.resolve()));
    return;
  }
  const card = doc.createElement('span');
  card.className = 'card';
  const term = entry.querySelector('dt');
  if (term) {
    // A glossary entry: the term, then its definition.
    const title = doc.createElement('span');
    title.className = 'card-title';
    title.textContent = term.textContent;
    card.append(title, `: ${entry.querySelector('dd')?.textContent ?? ''}`);
  } else {
    for (const node of entry.childNodes) card.append(node.cloneNode(true));
    for (const el of card.querySelectorAll('[id]')) el.removeAttribute('id');
    card.querySelector('.back-link')?.remove();
  }
  holder.append(card);
}

export function wireCards(doc: Document, missing: () => Promise<void> = () => Promise.resolve()): void {
  const open = (event: Event) => {
    const holder = (event.target as Element | null)?.closest?.('.has-card');
    if (holder) {
      holder.classList.remove('card-closed');
      cardFor(doc, holder, missing);
    }
  };
  doc.addEventListener('pointerover', open);
  doc.addEventListener('focusin', open);
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const el of doc.querySelectorAll('.has-card')) if (el.matches(':hover, :focus-within')) el.classList.add('card-closed');
  });
}
