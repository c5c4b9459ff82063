/**
 * The FLOP count of the chunked delta-rule algorithm (research/math.md §2.2) that the `chunking`
 * figure plots: the dense operations of one chunk, their sum over a prefill, and the number of
 * state-recurrence steps that must run one after another.
 */
import { requirePositiveInteger } from './checks';

/**
 * The dense operations of one chunk, named after rows 2–6 of research §2.2, listed in the order
 * the chunked rules add them to a counter; `prefillFlops` adds in that order too, so the two agree
 * to the last bit even though C³/3 is fractional.
 */
type ChunkOperation = 'kkt' | 'inverse' | 'wu' | 'output' | 'state';

type ChunkFlops = Readonly<Record<ChunkOperation, number>>;

/**
 * The dense FLOPs of one chunk of length C (research §2.2: 2 FLOPs per multiply-add, full C × C
 * tiles even where masked). The inverse is counted as exactly C³/3, the dense convention of §2.2;
 * forward substitution does (C³ − C)/3. With d_k = d_v = d the sum is 10C²d + 6Cd² + C³/3.
 */
export function chunkFlops({ C, dk, dv }: { C: number; dk: number; dv: number }): ChunkFlops {
  return {
    kkt: 2 * C * C * dk,
    inverse: (C * C * C) / 3,
    wu: 2 * C * C * (dk + dv),
    output: 2 * C * dk * dv + 2 * C * C * dk + 2 * C * C * dv,
    state: 4 * C * dk * dv,
  };
}

/**
 * Dense forward FLOPs of the chunked algorithm for one head with d_k = d_v = d: the sum of
 * `chunkFlops` over ⌈L/C⌉ chunks, the last one of length L − C⌊(L−1)/C⌋. For C dividing L this is
 * L(10Cd + 6d² + C²/3), the F(C) of research §2.2. C > L means one chunk of the whole sequence.
 */
export function prefillFlops({ L, d, C }: { L: number; d: number; C: number }): number {
  requirePositiveInteger('L', L);
  requirePositiveInteger('d', d);
  requirePositiveInteger('C', C);
  // Summed chunk by chunk in the counter's order rather than in closed form, so that the two
  // round alike: C³/3 is fractional and floating-point addition is not associative.
  const addChunk = (total: number, f: ChunkFlops): number => total + f.kkt + f.inverse + f.wu + f.output + f.state;
  const full = chunkFlops({ C, dk: d, dv: d });
  const chunks = Math.floor(L / C);
  let total = 0;
  for (let i = 0; i < chunks; i++) total = addChunk(total, full);
  const rest = L - chunks * C;
  return rest > 0 ? addChunk(total, chunkFlops({ C: rest, dk: d, dv: d })) : total;
}

/** ⌈L/C⌉: the iterations the state recurrence must take one after another (research §2.2). */
export function sequentialSteps({ L, C }: { L: number; C: number }): number {
  requirePositiveInteger('L', L);
  requirePositiveInteger('C', C);
  return Math.ceil(L / C);
}
