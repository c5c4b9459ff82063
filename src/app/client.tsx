/** Browser entry: styles, then hydrate each island and mark the section being read. */
import 'katex/dist/katex.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandLoaders } from './islandLoaders';
import type { IslandName } from './islands';
import { watchSections } from './toc';

async function hydrateIsland(el: HTMLElement): Promise<void> {
  const name = el.dataset.island as IslandName;
  const load = islandLoaders[name];
  if (!load) return;
  let props: Record<string, unknown>;
  try {
    props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
  } catch {
    return;
  }
  const Component = await load();
  hydrateRoot(
    el,
    <StrictMode>
      <Component {...props} />
    </StrictMode>,
  );
}

document.querySelectorAll<HTMLElement>('[data-island]').forEach((el) => {
  void hydrateIsland(el);
});
watchSections(document);
