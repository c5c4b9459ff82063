/**
 * What every symbol of an equation means, said right under it (src/viz/SymbolText.tsx gives the
 * notation: {x} is a symbol, {x_sub} one with a subscript). tests/essay/equations.test.ts holds
 * each equation's letters to the symbols its line names.
 */
import { afterKdaWhere } from './afterKda';

export const equationWhere = {
  ...afterKdaWhere,
  kvCache:
    '{o_t} is the output for token {t}, {q_t} its query, {k_i} and {v_i} the key and value cached for each token {i} up to {t}, and {d} the width of a head.',
  linearAttention:
    '{S_t} is the state after token {t}, a matrix of fixed size; {k_t} and {v_t} are that token’s key and value, as row vectors; {v̂} is what a key {k} reads back from the state {S}.',
  cacheVsState:
    '{N} is the number of layers, {d_model} the model’s width, {L} the tokens read so far, {H} the heads in a layer and {d_h} the width of one head.',
  deltaRule:
    '{β_t}, between 0 and 1, is how strongly token {t} writes; {k_t}{S_t−1} is what the old state {S_t−1} returned for the key {k_t}, so only the difference from the value {v_t} goes into {S_t}.',
  deltaProjector:
    '{I} is the identity; for a unit key, {I} − {β_t}{k_t}ᵀ{k_t} shrinks the old state {S_t−1} along the key’s direction only and leaves every other direction as it was, and {β_t}{k_t}ᵀ{v_t} writes the new value into {S_t}.',
  chunkedDelta:
    'For one chunk of {C} tokens, {K} and {V} stack the chunk’s keys and values as rows and {β} holds their write strengths; tril(·, −1) keeps the part strictly below the diagonal; {A}, {Λ}, {W} and {U} are the WY form (built by the UT transform) that folds the chunk’s delta writes into matrix products; {I} is the identity, {S} the state carried in from the chunk before and {S_next} the one passed on.',
  gatedDelta:
    '{α_t}, between 0 and 1, is one decay for the whole state, set per token: the old state {S_t−1} fades by it before the delta write ({I}, {β_t}, {k_t}, {v_t} and {S_t} as in the delta rule).',
  perChannelDelta:
    '{α_t} is now a vector with one decay per key channel, and Diag({α_t}) fades each row of the old state {S_t−1} at its own rate before the delta write ({I}, {β_t}, {k_t}, {v_t} and {S_t} as before).',
  mixtureOfExperts:
    'For a token’s hidden vector {x}, {s}({x}) scores every routed expert and TopK keeps the best few; {g_e}({x}) is the weight the router gives expert {e}, {E_e} that expert (a feed-forward network), {E_shared} an expert every token passes through, and {y} the layer’s output.',
  attentionResiduals:
    '{h_l} is the input of sub-layer {l}; the {b_i} are the summaries of the blocks of layers stored before sub-layer {l}, and the running sum of its own block; {q_l} is a learned query of sub-layer {l}, and RMSNorm a normalisation, so each sub-layer picks by softmax how much of each earlier block to read.',
  gatedDeltaNet2:
    '{α_t} decays each key channel of {S_t−1}; the erase gate {b_t} weighs each key channel of the read taken out along {k_t}, the write gate {w_t} each value channel of {v_t} written into {S_t}; {I} is the identity. With {b_t} = {w_t} = {β_t}, it is KDA.',
  readError:
    '{E} is the read error over the kinds {G} of question the stream asks; each kind {g} holds its keys, asked at their latest write. The read {k_i}{S} is what key {i} gets back from the state {S}, and {v̂_i} its latest value {v_i}, or zero for a key of an ended context. With one kind, {E} is the mean over the pairs.',
  readCosine:
    'The same reads {k_i}{S} of the state {S}, scored by the cosine of the angle each makes with its value {v_i}, which ignores their lengths. {G} holds only the kinds {g} of key with a value: a cosine cannot score silence.',
  chunkFlops: '{F}({C}) counts floating-point operations per token and per head, for chunks of {C} tokens and heads of width {d}.',
  sequentialSteps: 'For a sequence of {L} tokens cut into chunks of {C}.',
  chunkBytes:
    'Bytes({C}) counts memory traffic per token and per head, in bf16 (bfloat16, two bytes a number), for heads of width {d}: the last term is the {d} × {d} state, written out and read back once per chunk of {C} tokens.',
  chunkTime:
    '{T}({C}) is the modelled prefill time for chunks of {C}; {T_0} a fixed launch cost; {T_tc}, {T_mem} and {T_seq} the tensor-core work, the memory traffic and the sequential steps; {𝒥} combines the first two: their sum (no overlap) or their maximum (full overlap).',
  chunkTimeTerms:
    'With {T_tc}, {T_mem} and {T_seq} as above, {B}·{H} is the number of heads in the batch (sequences times heads) and {L} the tokens in each sequence; {P_tc} is the GPU’s dense tensor-core peak in BF16, {BW} the bandwidth of its high-bandwidth memory (HBM) and {N_SM} its number of streaming multiprocessors (SMs); {η}({C}) is the share of that peak a chunk of {C} reaches, {η_max} with full tiles of height {M_tile}; {η_bw} and {η_seq} are the shares of bandwidth and of tensor cores that the memory-bound and the sequential kernels reach; {τ_0} is the fixed latency of one sequential step, {d} the head width and {B_V} the value columns one program of the sequential kernel handles; and {w} = ⌈{B}·{H}·⌈{d}/{B_V}⌉ / {N_SM}⌉ is the number of waves of such programs the GPU runs one after another, each wave paying for its own steps.',
} as const satisfies Record<string, string>;
