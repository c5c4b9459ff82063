/**
 * Marks a hydrated region of the otherwise static page. The server renders the component with
 * its props and keeps the props aside (`islandProps`); the build writes them beside the page as
 * islands/<name>.json, which the client fetches when the figure wakes (src/app/hydrate.tsx), so
 * the page itself carries none of them. Equation HTML stays out of the props: the page already
 * holds it (src/viz/TypesetMath.tsx).
 */
import type { ComponentProps, ComponentType } from 'react';
import { withoutEquationHtml } from '../viz/TypesetMath';
import { islands, type IslandName } from '../widgets/islands';

const rendered = new Map<IslandName, string>();

/** The props (JSON) each island was last rendered with, by name. */
export function islandProps(): Partial<Record<IslandName, string>> {
  return Object.fromEntries(rendered);
}

export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  const Component = islands[name] as unknown as ComponentType<Record<string, unknown>>;
  const plain = props as unknown as Record<string, unknown>;
  rendered.set(name, JSON.stringify(plain, withoutEquationHtml));
  return (
    <div className="island" data-island={name}>
      <Component {...plain} />
    </div>
  );
}
