/** Equations owned by the `chunking` section; merged into the registry by ../equations.ts. */
export const chunkingEquations = {
  chunkBytes: String.raw`\text{Bytes}(C) \approx 26\,d + 4\,C + \frac{4\,d^{2}}{C} \quad\text{bytes per token per head (bf16)}`,
  chunkTime: String.raw`T(C) = T_0 + \mathcal{J}\big(T_{\text{tc}},\, T_{\text{mem}}\big) + T_{\text{seq}}, \qquad \mathcal{J} \in \{\,\text{sum},\ \max\,\}`,
  chunkTimeTerms: String.raw`\begin{aligned} T_{\text{tc}} &= \frac{BH \cdot L\,\big(10\,C d + \tfrac{1}{3} C^{2} + 2\,d^{2}\big)}{\eta(C)\, P_{\text{tc}}}, & \eta(C) &= \eta_{\text{max}} \min\!\big(1,\, C / M_{\text{tile}}\big),\\ T_{\text{mem}} &= \frac{BH \cdot L \cdot \text{Bytes}(C)}{\eta_{\text{bw}}\, BW}, & T_{\text{seq}} &= w\Big[\frac{L}{C}\,\tau_0 + \frac{4\,L\, d\, B_V}{\eta_{\text{seq}} P_{\text{tc}} / N_{\text{SM}}}\Big] \end{aligned}`,
} as const satisfies Record<string, string>;
