/** What the page asks the measuring worker for, and what the worker posts back as it goes. */

export type Rule = 'delta' | 'gated';

export interface MeasureRequest {
  readonly L: number;
  readonly d: number;
  readonly rule: Rule;
  readonly heads: readonly number[];
  readonly chunks: readonly number[];
}

export interface AdapterFacts {
  readonly vendor: string;
  readonly architecture: string;
  readonly description: string;
  /** A software or fallback adapter: its timings mean nothing about a GPU. */
  readonly fallback: boolean;
  readonly timestamps: boolean;
  readonly workgroupBytes: number;
}

export interface CheckResult {
  readonly C: number;
  readonly rule: Rule;
  /** max |GPU − float64| / max |float64| on the small case, against the float64 algorithm of the same C. */
  readonly error: number;
  /** max |GPU output at this C − float64 token-by-token recurrence| on the small case: chunked equals recurrent, shown. */
  readonly vsRecurrence: number;
  /** max |float64 recurrence|, the outputs' scale, for reading vsRecurrence. */
  readonly scale: number;
  readonly ok: boolean;
}

export interface TimedPoint {
  readonly heads: number;
  readonly C: number;
  readonly ms: number;
  readonly method: 'timestamps' | 'wall clock';
  readonly reps: number;
  /** ns per timestamp step, or the empty submission's ms. */
  readonly resolution: number;
  /** Where the prepare pass kept T: C = 1 has none. */
  readonly path: 'recurrent' | 'workgroup' | 'global';
}

export type Failure = 'no-webgpu' | 'no-adapter' | 'mismatch' | 'lost' | 'failed';

export type MeasureMessage =
  | { readonly type: 'adapter'; readonly adapter: AdapterFacts }
  | { readonly type: 'check'; readonly check: CheckResult }
  | { readonly type: 'point'; readonly point: TimedPoint }
  | { readonly type: 'done' }
  | { readonly type: 'failed'; readonly reason: Failure; readonly message: string };

/** The small case every kernel is checked on before anything is timed: two heads of up to 256 tokens. */
export const CHECK_SHAPE = { H: 2, L: 256 } as const;

/** The check's length for a run of L tokens: a whole chunk of 256 where the run has one, else the run's own L. */
export const checkLength = (L: number) => Math.min(CHECK_SHAPE.L, L);

/** Largest max |GPU − float64| / max |float64| taken as float32 rounding. */
export const CHECK_TOLERANCE = 2e-3;
