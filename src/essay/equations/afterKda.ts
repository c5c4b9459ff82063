/**
 * The updates of the write rules beside and after KDA (data/afterKda.json), in the page's row
 * convention: keys, values and queries are rows, the state S is d × d, a read is k S or q S.
 * Each is read from the source its row names; merged into the registry by ../equations.ts.
 */
export const afterKdaEquations = {
  eraseThenDelta: String.raw`\Sc{S}_t = \big(I - \bc{\beta}_t\,\kc{k}_t^{\top}\kc{k}_t\big)\big(I - \gamma_t\,e_t^{\top}e_t\big)\operatorname{Diag}(\ac{\alpha}_t)\,\Sc{S}_{t-1} + \bc{\beta}_t\,\kc{k}_t^{\top}\vc{v}_t`,
  kaczmarz: String.raw`\Sc{S}_t = \ac{\alpha}_t\big(I - \bc{\beta}_t\,\kc{k}_t^{\top}\kc{k}_t\big)\,\Sc{S}_{t-1} + \bc{\beta}_t\,\kc{k}_t^{\top}\vc{v}_t, \qquad \bc{\beta}_t = \frac{\eta_t}{\lVert \kc{k}_t \rVert^{2} + \varepsilon}`,
  gatedOja: String.raw`\Sc{S}_t = \Sc{S}_{t-1}\operatorname{Diag}(\ac{\alpha}_t)\big(I - \bc{\beta}_t\,\vc{v}_t^{\top}\vc{v}_t\big) + \bc{\beta}_t\,\kc{k}_t^{\top}\vc{v}_t`,
  mesaNet: String.raw`\begin{aligned} \Sc{H}_t &= \ac{\alpha}_t\,\Sc{H}_{t-1} + \bc{\beta}_t\,\kc{k}_t^{\top}\kc{k}_t, \qquad \Sc{S}_t = \ac{\alpha}_t\,\Sc{S}_{t-1} + \bc{\beta}_t\,\kc{k}_t^{\top}\vc{v}_t,\\ o_t &= q_t\big(\Sc{H}_t + \operatorname{Diag}(\lambda)\big)^{-1}\,\Sc{S}_t \end{aligned}`,
  logLinear: String.raw`o_t = \sum_{\ell} \lambda_t^{(\ell)}\, q_t\,\Sc{S}_t^{(\ell)}, \qquad \Sc{S}_t^{(\ell)} = \sum_{s \in B_t^{(\ell)}} \Big(\prod_{r=s+1}^{t}\ac{\alpha}_r\Big)\,\kc{k}_s^{\top}\vc{v}_s`,
  comba: String.raw`\begin{aligned} \Sc{S}_t &= \big(\ac{\alpha}_t I - \bc{\beta}_t\,\kc{k}_t^{\top}p_t\big)\,\Sc{S}_{t-1} + \bc{\beta}_t\,\kc{k}_t^{\top}\vc{v}_t,\\ p_t &= c\,\kc{k}_t, \qquad o_t = \big(q_t - D\,p_t\big)\,\Sc{S}_t \end{aligned}`,
  rwkv7: String.raw`\Sc{S}_t = \big(\operatorname{Diag}(\ac{\alpha}_t) - (a_t \odot \hat{\kappa}_t)^{\top}\hat{\kappa}_t\big)\,\Sc{S}_{t-1} + \tilde{\kc{k}}_t^{\top}\vc{v}_t`,
  deltaProduct: String.raw`\begin{aligned} \Sc{S}_{t,j} &= \big(I - \bc{\beta}_{t,j}\,\kc{k}_{t,j}^{\top}\kc{k}_{t,j}\big)\,\Sc{S}_{t,j-1} + \bc{\beta}_{t,j}\,\kc{k}_{t,j}^{\top}\vc{v}_{t,j},\\ \Sc{S}_{t,0} &= \ac{\alpha}_t\,\Sc{S}_{t-1}, \qquad \Sc{S}_t = \Sc{S}_{t,n} \end{aligned}`,
} as const satisfies Record<string, string>;

/** The line under each update that names its symbols. */
export const afterKdaWhere = {
  eraseThenDelta:
    'Structure only: {e_t} is a learned erase direction and {γ_t} its strength; {α_t}, {β_t}, {k_t}, {v_t}, {I} and {S_t} as in KDA. Where the decay sits was not read.',
  kaczmarz:
    'Gated DeltaNet’s update, {α_t} one decay for the whole state, {I}, {k_t}, {v_t} and {S_t} as there; the strength {β_t} is a learned {η_t} over the key’s squared length, with a small {ε}.',
  gatedOja:
    '{α_t} decays each value channel of {S_t−1}; the erase is along the value {v_t}, not the key, with strength {β_t}; then {k_t}ᵀ{v_t} is written. {I} is the identity.',
  mesaNet:
    '{H_t} sums the keys’ outer products and {S_t} the pairs’, both decayed by {α_t} and written with strength {β_t} ({k_t}, {v_t} as before); the output {o_t} solves for the query {q_t}, with {λ} a learned floor per key channel.',
  logLinear:
    'At token {t}, bucket {B_t} of level ℓ holds older tokens {s} the higher ℓ is; its state {S_t} sums their pairs {k_s}ᵀ{v_s}, each decayed by Mamba-2’s {α_r} since; the output {o_t} weighs the buckets’ reads of the query {q_t} by learned {λ_t}.',
  comba:
    '{α_t} decays the whole state and {β_t} sets the write; {p_t} is the key {k_t} scaled by a learned {c}, and the read of the query {q_t} is corrected by {D} times it; {I}, {v_t}, {S_t} and the output {o_t} as before.',
  rwkv7:
    '{α_t} decays each key channel; {κ̂_t} is an erase key of unit length and {a_t} an erase rate per channel, taken from the memory before the decay; {k̃_t} is the write key, {v_t} the value, {S_t} the state.',
  deltaProduct:
    'A token decays {S_t−1} once by {α_t}, then takes n delta steps (two in fla’s layer), each with its own key {k_t,j}, value {v_t,j} and strength {β_t,j}; {I} is the identity and {S_t} the state after the last step.',
} as const satisfies Record<keyof typeof afterKdaEquations, string>;
