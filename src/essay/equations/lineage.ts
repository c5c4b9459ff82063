/** Equations owned by the `lineage` section; merged into the registry by ../equations.ts. */
export const lineageEquations = {
  cacheVsState: String.raw`\underbrace{2\,L\,d_{\text{model}}\,n}_{\text{KV cache after } n \text{ tokens}} \qquad\text{against}\qquad \underbrace{L\,H\,d_h^{2}}_{\text{linear-attention state, any } n}`,
} as const satisfies Record<string, string>;
