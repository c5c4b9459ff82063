/**
 * The equation registry: every formula on the page, by id, as TeX. Typeset once, at build
 * time, by ./typeset.ts; the browser receives only the resulting HTML and MathML.
 * \kc, \vc, \Sc, \bc, \ac colour k, v, S, beta and alpha like the controls that set them.
 */
import { afterKdaEquations } from './equations/afterKda';
import { chunkingEquations } from './equations/chunking';
import { forgetEquations } from './equations/forget';
import { lineageEquations } from './equations/lineage';

const baseEquations = {
  kvCache: String.raw`o_t = \sum_{i \le t} \operatorname{softmax}_i\!\left(\frac{q_t\, \kc{k}_i^{\top}}{\sqrt{d}}\right) \vc{v}_i`,
  linearAttention: String.raw`\Sc{S}_t = \Sc{S}_{t-1} + \kc{k}_t^{\top} \vc{v}_t, \qquad \hat{\vc{v}} = \kc{k}\,\Sc{S}`,
  deltaRule: String.raw`\Sc{S}_t = \Sc{S}_{t-1} + \bc{\beta}_t\, \kc{k}_t^{\top}\big(\vc{v}_t - \kc{k}_t \Sc{S}_{t-1}\big)`,
  deltaProjector: String.raw`\Sc{S}_t = \big(I - \bc{\beta}_t\, \kc{k}_t^{\top}\kc{k}_t\big)\,\Sc{S}_{t-1} + \bc{\beta}_t\, \kc{k}_t^{\top}\vc{v}_t`,
  chunkedDelta: String.raw`\begin{aligned} A &= \operatorname{tril}\!\big(\operatorname{diag}(\bc{\beta})\,\kc{K}\kc{K}^{\top},\,-1\big), & \Lambda &= (I + A)^{-1}\operatorname{diag}(\bc{\beta}),\\ W &= \Lambda\kc{K}, \quad U = \Lambda\vc{V}, & \Sc{S}_{\text{next}} &= \Sc{S} + \kc{K}^{\top}\big(U - W\Sc{S}\big) \end{aligned}`,
  gatedDelta: String.raw`\Sc{S}_t = \ac{\alpha}_t\big(I - \bc{\beta}_t\, \kc{k}_t^{\top}\kc{k}_t\big)\,\Sc{S}_{t-1} + \bc{\beta}_t\, \kc{k}_t^{\top}\vc{v}_t`,
  perChannelDelta: String.raw`\Sc{S}_t = \big(I - \bc{\beta}_t\, \kc{k}_t^{\top}\kc{k}_t\big)\operatorname{Diag}(\ac{\alpha}_t)\,\Sc{S}_{t-1} + \bc{\beta}_t\, \kc{k}_t^{\top}\vc{v}_t`,
  mixtureOfExperts: String.raw`y = \sum_{e\, \in\, \operatorname{TopK}(s(x))} g_e(x)\, E_e(x) + E_{\text{shared}}(x)`,
  attentionResiduals: String.raw`h_l = \sum_{i} \operatorname{softmax}_i\!\big(q_l^{\top} \operatorname{RMSNorm}(b_i)\big)\, b_i`,
  readError: String.raw`E = \frac{1}{\lvert G \rvert}\sum_{g \in G} \frac{1}{\lvert g \rvert}\sum_{i \in g} \frac{\lVert \kc{k}_i \Sc{S} - \hat{\vc{v}}_i \rVert}{\lVert \vc{v}_i \rVert}`,
  chunkFlops: String.raw`F(C) = 10\,C d + 6\,d^{2} + \tfrac{1}{3} C^{2} \quad\text{FLOPs per token per head}`,
  sequentialSteps: String.raw`\text{sequential steps} = \left\lceil L / C \right\rceil`,
} as const;

export const equations = {
  ...baseEquations,
  ...forgetEquations,
  ...chunkingEquations,
  ...lineageEquations,
  ...afterKdaEquations,
} as const;

export type EquationId = keyof typeof equations;

export const equationMacros: Record<string, string> = {
  '\\kc': '\\htmlClass{tok-k}{#1}',
  '\\vc': '\\htmlClass{tok-v}{#1}',
  '\\Sc': '\\htmlClass{tok-s}{#1}',
  '\\bc': '\\htmlClass{tok-beta}{#1}',
  '\\ac': '\\htmlClass{tok-alpha}{#1}',
};
