/**
 * React's half of the page, loaded only when a figure nears the screen or is touched
 * (./shell.ts): hydrates one island from its prerendered markup and its props, which the build
 * wrote beside the page (src/essay/Island.tsx). If either cannot be had (offline, say), the
 * prerendered figure stays as it is, to read.
 */
import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { withEquationHtml } from '../viz/TypesetMath';
import { ISLAND_PROPS_DIR, islandLoaders } from '../widgets/islandLoaders';
import type { IslandName } from '../widgets/islands';
import { IslandBoundary } from './IslandBoundary';
import { type Pending, replay } from './replay';
import { restoreStyleAttributes } from './styleAttributes';

/**
 * Once React has hydrated an island: replays what the reader did while it loaded, then marks
 * it, for tests and styles that wait on it.
 */
function HydrationMark({ el, pending }: { el: HTMLElement; pending: Pending[] }) {
  useEffect(() => {
    const actions = pending.splice(0);
    const mark = () => {
      el.dataset.hydrated = 'true';
    };
    if (actions.length === 0) mark();
    else void replay(actions).then(mark);
  }, [el, pending]);
  return null;
}

/** Hydrates a figure; `take` hands over the input recorded while it loaded (./replay.ts). */
export async function hydrateIsland(el: HTMLElement, take: () => Pending[] = () => []): Promise<void> {
  const name = el.dataset.island as IslandName;
  const load = islandLoaders[name];
  if (!load) return;
  const propsUrl = new URL(`${ISLAND_PROPS_DIR}/${name}.json`, document.baseURI);
  let props: Record<string, unknown>;
  let Component: Awaited<ReturnType<typeof load>>;
  try {
    const [response, loaded] = await Promise.all([fetch(propsUrl), load()]);
    if (!response.ok) return;
    props = JSON.parse(await response.text(), withEquationHtml(document)) as Record<string, unknown>;
    Component = loaded;
  } catch {
    return;
  }
  restoreStyleAttributes(el);
  // From here React queues and replays what arrives while it hydrates; what came before is ours.
  const pending = take();
  hydrateRoot(
    el,
    <StrictMode>
      <IslandBoundary name={name}>
        <Component {...props} />
      </IslandBoundary>
      <HydrationMark el={el} pending={pending} />
    </StrictMode>,
  );
}
