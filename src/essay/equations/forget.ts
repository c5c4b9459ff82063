/** Equations owned by the `forget` section; merged into the registry by ../equations.ts. */
export const forgetEquations = {
  ruleAdditive: String.raw`\Sc{S} \leftarrow \Sc{S} + \kc{k}^{\top}\vc{v}`,
  ruleDelta: String.raw`\Sc{S} \leftarrow \Sc{S} + \bc{\beta}\,\kc{k}^{\top}\big(\vc{v} - \kc{k}\Sc{S}\big)`,
  ruleGatedDelta: String.raw`\Sc{S} \leftarrow \ac{\alpha}\,\Sc{S} \;\rightarrow\; \text{delta}`,
  rulePerChannelGated: String.raw`\Sc{S} \leftarrow \operatorname{Diag}(\ac{\alpha})\,\Sc{S} \;\rightarrow\; \text{delta}`,
  readCosine: String.raw`\cos = \frac{1}{\lvert G \rvert}\sum_{g \in G} \frac{1}{\lvert g \rvert}\sum_{i \in g} \frac{\langle \kc{k}_i \Sc{S},\, \vc{v}_i \rangle}{\lVert \kc{k}_i \Sc{S} \rVert\,\lVert \vc{v}_i \rVert}`,
} as const satisfies Record<string, string>;
