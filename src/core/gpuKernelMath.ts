/**
 * The WebGPU kernels' algorithm (src/widgets/GpuMeasure/shaders.ts) in float64, loop for loop:
 * the same flat head-major layout, the same chunking and the same order of forward substitution
 * and of every sum, so that tests can hold it to the reference recurrence (./reference.ts) and the
 * page can hold the kernels' float32 output to it. Row convention of research/math.md §0.
 */
import { requirePositiveInteger } from './checks';

/** H heads of L tokens, d = d_k = d_v; q, k, v are [H][L][d], betas and logDecays [H][L]. */
export interface FlatProblem {
  readonly H: number;
  readonly L: number;
  readonly d: number;
  readonly q: Float64Array;
  readonly k: Float64Array;
  readonly v: Float64Array;
  readonly betas: Float64Array;
  /** All zeros for the plain delta rule; g ≤ 0 for the gated one. */
  readonly logDecays: Float64Array;
}

/** A seeded uniform source on [0, 1) (mulberry32), so the page and the tests draw the same inputs. */
export function seededUniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Unit keys (so the rule is stable, research §1b), queries and values in [−1, 1), β ∈ [0.1, 0.9)
 * and, when gated, g ∈ [−0.1, 0): small enough that a chunk of 256 keeps its decay in float32.
 */
export function flatProblem({ H, L, d, gated, seed }: { H: number; L: number; d: number; gated: boolean; seed: number }): FlatProblem {
  requirePositiveInteger('H', H);
  requirePositiveInteger('L', L);
  requirePositiveInteger('d', d);
  const u = seededUniform(seed);
  const signed = (n: number) => Float64Array.from({ length: n }, () => 2 * u() - 1);
  const q = signed(H * L * d);
  const k = signed(H * L * d);
  for (let r = 0; r < H * L; r++) {
    let n2 = 0;
    for (let a = 0; a < d; a++) n2 += (k[r * d + a] ?? 0) ** 2;
    const n = Math.sqrt(n2) || 1;
    for (let a = 0; a < d; a++) k[r * d + a] = (k[r * d + a] ?? 0) / n;
  }
  const v = signed(H * L * d);
  const betas = Float64Array.from({ length: H * L }, () => 0.1 + 0.8 * u());
  const logDecays = Float64Array.from({ length: H * L }, () => (gated ? -0.1 * (1 - u()) : 0));
  return { H, L, d, q, k, v, betas, logDecays };
}

const get = (x: Float64Array, i: number): number => x[i] ?? 0;

/** The token-by-token kernel: per head and value column j, S_·j ← α S_·j, u = β(v_j − k·S_·j), S_·j += k u, o_j = q·S_·j. */
export function emulateRecurrent(p: FlatProblem): Float64Array {
  const { H, L, d } = p;
  const out = new Float64Array(H * L * d);
  const S = new Float64Array(d);
  for (let h = 0; h < H; h++) {
    for (let j = 0; j < d; j++) {
      S.fill(0);
      for (let t = 0; t < L; t++) {
        const r = h * L + t;
        const alpha = Math.exp(get(p.logDecays, r));
        let kS = 0;
        for (let a = 0; a < d; a++) {
          S[a] = get(S, a) * alpha;
          kS += get(p.k, r * d + a) * get(S, a);
        }
        const upd = get(p.betas, r) * (get(p.v, r * d + j) - kS);
        let o = 0;
        for (let a = 0; a < d; a++) {
          S[a] = get(S, a) + get(p.k, r * d + a) * upd;
          o += get(p.q, r * d + a) * get(S, a);
        }
        out[r * d + j] = o;
      }
    }
  }
  return out;
}

/** What the prepare kernel leaves for one chunk: in-chunk cumulative log-decays G, W, U and the masked block P = (QKᵀ ⊙ Γ). */
interface Prepared {
  readonly G: Float64Array;
  readonly W: Float64Array;
  readonly U: Float64Array;
  /** n × n, row-major, lower triangle with its diagonal. */
  readonly P: Float64Array;
}

/** The prepare kernel for the chunk of rows [base, base + n) of the flat arrays. */
function prepare(p: FlatProblem, base: number, n: number): Prepared {
  const { d } = p;
  const dot = (x: Float64Array, i: number, y: Float64Array, j: number) => {
    let s = 0;
    for (let a = 0; a < d; a++) s += get(x, (base + i) * d + a) * get(y, (base + j) * d + a);
    return s;
  };
  const G = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    let acc = 0;
    for (let x = 0; x <= r; x++) acc += get(p.logDecays, base + x);
    G[r] = acc;
  }
  // A_ij = β_i (k_i·k_j) e^{G_i − G_j}, j < i; then T row by row, each column summed over ascending j.
  const A = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) A[i * n + j] = get(p.betas, base + i) * dot(p.k, i, p.k, j) * Math.exp(get(G, i) - get(G, j));
  }
  const T = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let col = 0; col <= i; col++) {
      let t = col === i ? get(p.betas, base + i) : 0;
      for (let j = col; j < i; j++) t -= get(A, i * n + j) * get(T, j * n + col);
      T[i * n + col] = t;
    }
  }
  const W = new Float64Array(n * d);
  const U = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < d; a++) {
      let w = 0;
      let uu = 0;
      for (let j = 0; j <= i; j++) {
        const tij = get(T, i * n + j);
        w += tij * Math.exp(get(G, j)) * get(p.k, (base + j) * d + a);
        uu += tij * get(p.v, (base + j) * d + a);
      }
      W[i * d + a] = w;
      U[i * d + a] = uu;
    }
  }
  const P = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) P[i * n + j] = dot(p.q, i, p.k, j) * Math.exp(get(G, i) - get(G, j));
  }
  return { G, W, U, P };
}

/**
 * The chunked kernels: prepare every chunk, then per head and value column j one pass over the
 * chunks with S_·j held: V' = U − W S, O = γ Q S + P V', S ← γ_n S + Σ_l e^{G_n − G_l} k_lᵀ V'_l.
 */
export function emulateChunked(p: FlatProblem, C: number): Float64Array {
  requirePositiveInteger('C', C);
  const { H, L, d } = p;
  const out = new Float64Array(H * L * d);
  const S = new Float64Array(d);
  for (let h = 0; h < H; h++) {
    const chunks: Prepared[] = [];
    for (let s = 0; s < L; s += C) chunks.push(prepare(p, h * L + s, Math.min(C, L - s)));
    for (let j = 0; j < d; j++) {
      S.fill(0);
      chunks.forEach(({ G, W, U, P }, c) => {
        const base = h * L + c * C;
        const n = G.length;
        const Vp = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          let acc = get(U, i * d + j);
          for (let a = 0; a < d; a++) acc -= get(W, i * d + a) * get(S, a);
          Vp[i] = acc;
        }
        for (let i = 0; i < n; i++) {
          let o = 0;
          for (let a = 0; a < d; a++) o += get(p.q, (base + i) * d + a) * get(S, a);
          o *= Math.exp(get(G, i));
          for (let l = 0; l <= i; l++) o += get(P, i * n + l) * get(Vp, l);
          out[(base + i) * d + j] = o;
        }
        const gl = get(G, n - 1);
        for (let a = 0; a < d; a++) S[a] = get(S, a) * Math.exp(gl);
        for (let l = 0; l < n; l++) {
          const f = Math.exp(gl - get(G, l)) * get(Vp, l);
          for (let a = 0; a < d; a++) S[a] = get(S, a) + get(p.k, (base + l) * d + a) * f;
        }
      });
    }
  }
  return out;
}

/** max |x − ref| / max |ref|: one number for how far a kernel's output is from float64. */
export function relativeMaxError(x: ArrayLike<number>, ref: ArrayLike<number>): number {
  if (x.length !== ref.length) throw new Error(`lengths differ: ${x.length} against ${ref.length}`);
  let err = 0;
  let scale = 0;
  for (let i = 0; i < ref.length; i++) {
    const r = ref[i] ?? 0;
    const e = Math.abs((x[i] ?? Number.NaN) - r);
    err = Number.isNaN(e) ? Number.POSITIVE_INFINITY : Math.max(err, e);
    scale = Math.max(scale, Math.abs(r));
  }
  return err / (scale || 1);
}

/** max |x − ref|: the largest difference between two outputs, in the outputs' own units. */
export function maxAbsDifference(x: ArrayLike<number>, ref: ArrayLike<number>): number {
  if (x.length !== ref.length) throw new Error(`lengths differ: ${x.length} against ${ref.length}`);
  let most = 0;
  for (let i = 0; i < ref.length; i++) {
    const e = Math.abs((x[i] ?? Number.NaN) - (ref[i] ?? 0));
    most = Number.isNaN(e) ? Number.POSITIVE_INFINITY : Math.max(most, e);
  }
  return most;
}
