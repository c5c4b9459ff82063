/** Browser entry: styles, then hydrate each island and mark the section being read. */
import 'katex/dist/katex.min.css';
import './styles.css';
import { StrictMode, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islands, type IslandName } from './islands';
import { watchSections } from './toc';

function hydrateIslands(): void {
  document.querySelectorAll<HTMLElement>('[data-island]').forEach((el) => {
    const name = el.dataset.island as IslandName;
    const Component = islands[name] as ComponentType<Record<string, unknown>> | undefined;
    if (!Component) return;
    let props: Record<string, unknown> = {};
    try {
      props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
    } catch {
      return;
    }
    hydrateRoot(
      el,
      <StrictMode>
        <Component {...props} />
      </StrictMode>,
    );
  });
}

hydrateIslands();
watchSections(document);
