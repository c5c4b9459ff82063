/**
 * The browser entry, and all the script a reader runs before nearing a figure: styles, the
 * theme switch, the contents marker, the watch that loads React with a figure's own code
 * when that figure comes near or is touched, and, after load, the worker that keeps the page
 * readable offline.
 */
import 'katex/dist/katex.min.css';
import './styles/tokens.css';
import './styles/layout.css';
import './styles/prose.css';
import './styles/controls.css';
import './styles/print-and-paint.css';
import './styles/apparatus.css';
import './styles/highlight.css';
import './styles/ladder.css';
import { holdAnchors } from './anchor';
import { wireLazyFolds } from './lazyFolds';
import { wireCards } from './cards';
import { wireFolds } from './folds';
import { linkProseAndFigures } from './highlight';
import { downloadThroughWorker, registerServiceWorker } from './offline';
import { recordInput } from './replay';
import { wireThemeToggle } from './theme';
import { watchSections } from './toc';
import { wakeWhenNear } from './wake';

wireThemeToggle(document);
// Copy buttons are shown with script on (styles/apparatus.css); their code loads on the first press.
document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('.copy-button');
  if (button) import('./copy').then(({ copyFrom }) => copyFrom(button));
});
wireFolds(window);
holdAnchors(window);
// The cards, the prose's links to figures and the contents' current section wait for a task of
// their own: the shell runs in the same task as the parser's last chunk, and that task stays short.
setTimeout(() => {
  wireCards(document, lazy.loadAll);
  linkProseAndFigures(document);
  watchSections(document);
}, 0);
const recorders = new Map<HTMLElement, ReturnType<typeof recordInput>>();
/** What the page's markup needs from script: its address where it is shown, and its figures' waking. */
function adopt(root: ParentNode) {
  for (const slot of root.querySelectorAll('[data-page-url]')) slot.textContent = location.origin + location.pathname;
  const islands = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  // What a reader does to a figure before it has hydrated is kept, and replayed once it has.
  for (const el of islands) recorders.set(el, recordInput(el));
  wakeWhenNear(islands, (el) => {
    // Without its code (offline, or a page older than the deployed assets) the figure stays as
    // prerendered, to read. A fold of its own that the build took off the page comes back first,
    // so the figure hydrates the markup it rendered.
    lazy
      .loadWithin(el)
      .then(() => import('./hydrate'))
      .then(
        ({ hydrateIsland }) => hydrateIsland(el, () => recorders.get(el)?.take() ?? []),
        () => undefined,
      );
  });
}
// The heavy folds' bodies, fetched back in when needed or idle; each is adopted as it comes.
const lazy = wireLazyFolds(window, adopt);
adopt(document);

if (import.meta.env.PROD) {
  registerServiceWorker(window);
  downloadThroughWorker(document);
}
