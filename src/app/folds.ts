/**
 * Folds (src/viz/Fold.tsx) with script on: a link to a fold itself opens it (the browser opens
 * one by itself only for a target inside it), and printing opens every fold where the browser
 * cannot do it from the style sheet, closing again those the reader had closed.
 */
export function wireFolds(win: Window): void {
  const doc = win.document;
  const openLinked = () => {
    const target = win.location.hash ? doc.getElementById(decodeURIComponent(win.location.hash.slice(1))) : null;
    if (target?.localName === 'details') (target as HTMLDetailsElement).open = true;
  };
  openLinked();
  win.addEventListener('hashchange', openLinked);
  let opened: HTMLDetailsElement[] = [];
  win.addEventListener('beforeprint', () => {
    opened = [...doc.querySelectorAll<HTMLDetailsElement>('details.fold:not([open])')];
    for (const d of opened) d.open = true;
  });
  win.addEventListener('afterprint', () => {
    for (const d of opened) d.open = false;
    opened = [];
  });
}
