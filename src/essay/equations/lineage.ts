/** Equations owned by the `lineage` section; merged into the registry by ../equations.ts. */
export const lineageEquations = {
  cacheVsState: String.raw`\underbrace{2\,N\,d_{\text{model}}\,L}_{\text{KV cache after } L \text{ tokens}} \qquad\text{against}\qquad \underbrace{N\,H\,d_h^{2}}_{\text{linear-attention state, any } L}`,
} as const satisfies Record<string, string>;
