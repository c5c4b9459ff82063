/**
 * Marks a hydrated region of the otherwise static page. The server renders the component
 * with its props; the client finds the same props in data-props and hydrates just this node.
 */
import type { ComponentProps, ComponentType } from 'react';
import { islands, type IslandName } from './islands';

/**
 * Typeset equations are rendered into the island's markup already; their HTML is left out of
 * the serialised props and read back from that markup on the client (see client.tsx).
 */
function withoutEquationHtml(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && 'equationKey' in value && 'html' in value) {
    const { html: _html, ...rest } = value as { html: unknown };
    return rest;
  }
  return value;
}

export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  const Component = islands[name] as ComponentType<Record<string, unknown>>;
  const plain = props as Record<string, unknown>;
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(plain, withoutEquationHtml)}>
      <Component {...plain} />
    </div>
  );
}
