/**
 * React's half of the page, loaded only when a figure nears the screen or is touched
 * (./shell.ts): hydrates one island from its prerendered markup and its props.
 */
import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { withEquationHtml } from '../viz/TypesetMath';
import { islandLoaders } from '../widgets/islandLoaders';
import type { IslandName } from '../widgets/islands';
import { IslandBoundary } from './IslandBoundary';

/** Marks an island once React has hydrated it, for tests and styles that wait on it. */
function HydrationMark({ el }: { el: HTMLElement }) {
  useEffect(() => {
    el.dataset.hydrated = 'true';
  }, [el]);
  return null;
}

export async function hydrateIsland(el: HTMLElement): Promise<void> {
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
