/**
 * Marks a hydrated region of the otherwise static page. The server renders the component
 * with its props; the client finds the same props in data-props and hydrates just this node
 * (src/app/client.tsx), equation HTML excepted: the page already holds it (src/viz/TypesetMath.tsx).
 */
import type { ComponentProps, ComponentType } from 'react';
import { withoutEquationHtml } from '../viz/TypesetMath';
import { islands, type IslandName } from '../widgets/islands';

export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  const Component = islands[name] as unknown as ComponentType<Record<string, unknown>>;
  const plain = props as unknown as Record<string, unknown>;
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(plain, withoutEquationHtml)}>
      <Component {...plain} />
    </div>
  );
}
