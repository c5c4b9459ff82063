/** Browser entry: styles, then hydrate each island and mark the section being read. */
import 'katex/dist/katex.min.css';
import './styles/tokens.css';
import './styles/layout.css';
import './styles/prose.css';
import './styles/print-and-paint.css';
import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { withEquationHtml } from '../viz/TypesetMath';
import { islandLoaders } from '../widgets/islandLoaders';
import type { IslandName } from '../widgets/islands';
import { IslandBoundary } from './IslandBoundary';
import { watchSections } from './toc';

/** Marks an island once React has hydrated it, for tests and styles that wait on it. */
function HydrationMark({ el }: { el: HTMLElement }) {
  useEffect(() => {
    el.dataset.hydrated = 'true';
  }, [el]);
  return null;
}

async function hydrateIsland(el: HTMLElement): Promise<void> {
  const name = el.dataset.island as IslandName;
  const load = islandLoaders[name];
  if (!load) return;
  let props: Record<string, unknown>;
  try {
    props = JSON.parse(el.dataset.props ?? '{}', withEquationHtml(document)) as Record<string, unknown>;
  } catch {
    return;
  }
  const Component = await load();
  hydrateRoot(
    el,
    <StrictMode>
      <IslandBoundary name={name}>
        <Component {...props} />
      </IslandBoundary>
      <HydrationMark el={el} />
    </StrictMode>,
  );
}

/**
 * Figures hydrate as they come near the screen, so loading the page does not pay for every
 * figure at once; the static markup is already there to read meanwhile.
 */
function hydrateWhenNear(islands: HTMLElement[]): void {
  if (typeof IntersectionObserver === 'undefined') {
    islands.forEach((el) => {
      void hydrateIsland(el);
    });
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        void hydrateIsland(entry.target as HTMLElement);
      }
    },
    { rootMargin: '600px 0px' },
  );
  islands.forEach((el) => {
    observer.observe(el);
  });
}

hydrateWhenNear([...document.querySelectorAll<HTMLElement>('[data-island]')]);

// Once the full page has been laid out and each section's size remembered (see styles/print-and-paint.css),
// let sections far from the screen skip rendering.
window.addEventListener('load', () => requestAnimationFrame(() => requestAnimationFrame(() => document.documentElement.classList.add('skim'))), { once: true });
watchSections(document);
