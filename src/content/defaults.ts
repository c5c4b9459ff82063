/**
 * Where each figure opens: the one place its defaults live. The sections hand these to their
 * figures as props and state the same numbers in the prose; the figures' address codecs leave
 * a setting out of the URL while it is at its default here.
 */
import { DEFAULT_ASSUMPTIONS, PHASES_SWITCH } from '../core';
import { type EvidenceFilter, NO_FILTER } from '../core/evidence';
import type { LabStream, Rule, StreamKind } from '../core';
import { kernelChunkSize } from './hardware';

export type Metric = 'error' | 'cosine';

/** What a reader of the state demo can set and share. */
export interface ForgetSettings {
  /** Pairs written, 1..MAX_PAIRS. */
  readonly n: number;
  readonly stream: StreamKind;
  readonly seed: number;
  /** β, the delta rules' write strength. */
  readonly beta: number;
  /** α, the gated rule's one decay. */
  readonly alpha: number;
  /** The per-channel rule's decay on the slow channels 1–4 and on the fast channels 5–8 (counted from 1, as on the page). */
  readonly slow: number;
  readonly fast: number;
  readonly metric: Metric;
  /** What the four pictures draw: each memory, or what the last write changed in it. */
  readonly draw: Draw;
}

export type Draw = 'memory' | 'change';

/** The gates a stream opens with: β, the scalar α, and the per-channel decays of the slow and the fast channels. */
export type StreamGates = Pick<ForgetSettings, 'beta' | 'alpha' | 'slow' | 'fast'>;

/**
 * Each stream's gates. On the phases stream they fire once, at the new context's first pair, as
 * a gate computed from each token would: α = 0 clears the gated memory, and the per-channel gate
 * clears the fast channels and keeps the slow ones. On the others they fire at every write: a
 * scalar α of 0.9, the slow channels kept and the fast ones halved.
 */
export const STREAM_GATES: Readonly<Record<StreamKind, Readonly<StreamGates>>> = Object.freeze({
  phases: Object.freeze({ beta: 1, alpha: 0, slow: 1, fast: 0 }),
  capacity: Object.freeze({ beta: 1, alpha: 0.9, slow: 1, fast: 0.5 }),
  orthogonal: Object.freeze({ beta: 1, alpha: 0.9, slow: 1, fast: 0.5 }),
  lifetimes: Object.freeze({ beta: 1, alpha: 0.9, slow: 1, fast: 0.5 }),
});

/**
 * The state demo opens on the phases stream at the new context's first pair: the write at which
 * the gates fire (PHASES in src/core/stream.ts: four facts, then twelve writes of the first context).
 */
export const FORGET_DEFAULTS: Readonly<ForgetSettings> = Object.freeze({
  n: PHASES_SWITCH,
  stream: 'phases',
  seed: 1,
  ...STREAM_GATES.phases,
  metric: 'error',
  draw: 'memory',
});

/** The random-key stream the attention figure and the demo's random-key readings use, with its gates. */
export const RANDOM_KEYS: Readonly<ForgetSettings> = Object.freeze({
  n: 16,
  stream: 'capacity',
  seed: 1,
  ...STREAM_GATES.capacity,
  metric: 'error',
  draw: 'memory',
});

/** What a reader of the chunk figure can set and share. */
export interface ChunkingSettings {
  /** Chunk size, a power of two in [1, L]. */
  readonly C: number;
  readonly gpu: string;
  /** Sequence length, a power of two in [2¹⁰, 2²⁰]. */
  readonly L: number;
  /** B·H, a power of two in [1, 1024]. */
  readonly bh: number;
  /** Head dimension d. */
  readonly d: number;
  /** τ₀ in microseconds. */
  readonly tau: number;
}

/**
 * The worked example of research/math.md §4.2: one sequence of 16 heads of dimension 128,
 * 4,096 tokens on an H100, at the chunk size of flash-linear-attention's kernels.
 */
export const CHUNKING_DEFAULTS: Readonly<ChunkingSettings> = Object.freeze({
  C: kernelChunkSize('flaDefaultChunkSize').value,
  gpu: 'h100',
  L: 4096,
  bh: 16,
  d: 128,
  tau: DEFAULT_ASSUMPTIONS.tau0Seconds * 1e6,
});

/** Tokens in the short sequence the chunk figure's diagram cuts into chunks. */
export const CHUNK_DIAGRAM_TOKENS = 256;

export type SortDirection = 'asc' | 'desc';

/** The shipping table opens largest model first. */
export const SHIPPING_DEFAULT_SORT: Readonly<{ key: 'total'; dir: SortDirection }> = Object.freeze({ key: 'total', dir: 'desc' });

/** What a reader of the attention-read figure can set and share. */
export interface RecallSettings {
  /** Pairs written, 1..128, on the state demo's opening stream. */
  readonly n: number;
  /** The fixed state set beside the attention reads. */
  readonly rule: Rule;
  /** The softmax's sharpness s, from 1/√8 to 64. */
  readonly s: number;
}

/**
 * The attention-read figure opens where the state demo's random-key stream does, beside its delta rule, with sharp
 * logits (s = 32: the full cache reads back almost exactly at every n, as trained models' sharp
 * attention does).
 */
export const RECALL_DEFAULTS: Readonly<RecallSettings> = Object.freeze({
  n: RANDOM_KEYS.n,
  rule: 'delta',
  s: 32,
});

/** What a reader of Kimi K3's memory panel can set and share: tokens of context, from 2¹² to 2²⁰. */
export interface K3MemorySettings {
  readonly context: number;
}

/** Kimi K3's memory panel opens at its full context. */
export const K3_MEMORY_DEFAULTS: Readonly<K3MemorySettings> = Object.freeze({ context: 2 ** 20 });

/** The evidence figure opens on every result, the table in the data's order of studies. */
export const EVIDENCE_DEFAULTS: Readonly<{ filter: EvidenceFilter; sort: { key: 'study' | 'benchmark' | 'advantage'; dir: SortDirection } }> = Object.freeze({
  filter: NO_FILTER,
  sort: { key: 'study', dir: 'asc' },
});

/** The memory figure opens at 131,072 tokens (the context every shipping model but GPT-2 takes), bf16 caches, fp32 states, Kimi K3 in focus. */
export const MEMORY_DEFAULTS = Object.freeze({
  context: 131_072,
  cache: 'bf16' as const,
  state: 'fp32' as const,
  sort: 'total' as const,
  focus: 'kimi-k3',
  hidden: Object.freeze([]) as readonly string[],
});

/** What a reader of the lab can set and share. */
export interface LabSettings {
  /** The state's size: one of the lab's sizes, 4 to 128. */
  readonly d: number;
  readonly stream: LabStream;
  /** β and α, as in the state demo. */
  readonly beta: number;
  readonly alpha: number;
  /** Gated DeltaNet-2's erase strength b, on the fast half of the key channels (0 on the slow half), and write strength w, on every value channel. */
  readonly erase: number;
  readonly write: number;
}

/**
 * The lab opens at one Kimi K3 head, d = 128, on random keys, with the state demo's random-key gates; its
 * per-channel rule keeps the state demo's spectrum (the first half of the channels at 1, the rest
 * at 0.5) and its attention reads the attention-read figure's sharpness.
 */
export const LAB_DEFAULTS: Readonly<LabSettings> = Object.freeze({
  d: 128,
  stream: 'random',
  beta: RANDOM_KEYS.beta,
  alpha: RANDOM_KEYS.alpha,
  // Erase what the fast half of the key reads in full, write the new value at half strength: the
  // two strengths apart, where KDA (the per-channel line) ties both to β on every channel.
  erase: 1,
  write: 0.5,
});
export const LAB_FIXED_GATES = Object.freeze({ slow: RANDOM_KEYS.slow, fast: RANDOM_KEYS.fast, s: RECALL_DEFAULTS.s });

/**
 * Streams a run averages at each size. Every fact is read back at every checkpoint, so a stream's
 * arithmetic grows as d³ and d = 128 is the longest run; its eight streams still hold the count of
 * pairs read back at n = 4d to within about half a pair (one standard error).
 */
export const LAB_STREAM_COUNTS: Readonly<Record<number, number>> = Object.freeze({ 4: 400, 8: 200, 16: 100, 32: 50, 64: 20, 128: 8 });
