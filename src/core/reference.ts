/**
 * The delta rule and the gated delta rule token by token (research/math.md §1b/§1c): the reference
 * recurrence that the chunked algorithm of §2.1 must reproduce. Row convention of §0, and
 * o_t = q_t S_t is read from the updated state, unscaled.
 */
import {
  at,
  axpy,
  initialStateOf,
  readState,
  row,
  scaleState,
  validate,
  writeState,
  type DeltaRuleInput,
  type DeltaRuleResult,
  type GatedDeltaRuleInput,
  type Shape,
} from './sequence';

/**
 * The recurrence of research §1b/§1c in the order of fla's reference loop: S ← α_t S, then
 * u = β_t (v_t − k_t S), S ← S + k_tᵀ u, o_t = q_t S. Without log-decays α_t = 1 (plain delta).
 */
function recurrent(input: DeltaRuleInput, shape: Shape, logDecays?: ArrayLike<number>): DeltaRuleResult {
  const S = initialStateOf(input, shape);
  const outputs: Float64Array[] = [];
  for (let t = 0; t < shape.L; t++) {
    if (logDecays !== undefined) scaleState(S, Math.exp(at(logDecays, t)));
    const k = row(input.keys, t);
    const u = Float64Array.from(row(input.values, t));
    axpy(u, -1, readState(k, S, shape.dv));
    writeState(S, at(input.betas, t), k, u);
    outputs.push(readState(row(input.queries, t), S, shape.dv));
  }
  return { outputs, state: S };
}

/** DeltaNet, token by token: S_t = S_{t−1} + β_t k_tᵀ (v_t − k_t S_{t−1}), o_t = q_t S_t (research §1b). */
export function recurrentDeltaRule(input: DeltaRuleInput): DeltaRuleResult {
  return recurrent(input, validate(input));
}

/**
 * Gated DeltaNet, token by token: S_t = α_t (I − β_t k_tᵀ k_t) S_{t−1} + β_t k_tᵀ v_t with
 * α_t = exp(g_t), the decay applied before the delta read (research §1c).
 */
export function recurrentGatedDeltaRule(input: GatedDeltaRuleInput): DeltaRuleResult {
  return recurrent(input, validate(input, input.logDecays), input.logDecays);
}
