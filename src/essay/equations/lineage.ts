/** Equations owned by the `lineage` section; merged into the registry by ../equations.ts. */
export const lineageEquations = {
  cacheVsState: String.raw`\underbrace{2\,N\,d_{\text{model}}\,L}_{\text{KV cache after } L \text{ tokens}} \qquad\text{against}\qquad \underbrace{N\,H\,d_h^{2}}_{\text{linear-attention state, any } L}`,
  gatedDeltaNet2: String.raw`\Sc{S}_t = \big(I - \kc{k}_t^{\top}(b_t \odot \kc{k}_t)\big)\operatorname{Diag}(\ac{\alpha}_t)\,\Sc{S}_{t-1} + \kc{k}_t^{\top}(w_t \odot \vc{v}_t)`,
} as const satisfies Record<string, string>;
