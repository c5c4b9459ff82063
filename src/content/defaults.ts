/**
 * Where each figure opens: the one place its defaults live. The sections hand these to their
 * figures as props and state the same numbers in the prose; the figures' address codecs leave
 * a setting out of the URL while it is at its default here.
 */
import { DEFAULT_ASSUMPTIONS } from '../core';
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
}

/** The state demo opens twice as many pairs into the capacity stream as the memory has channels. */
export const FORGET_DEFAULTS: Readonly<ForgetSettings> = Object.freeze({
  n: 16,
  stream: 'capacity',
  seed: 1,
  beta: 1,
  alpha: 0.9,
  slow: 1,
  fast: 0.5,
  metric: 'error',
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
 * The attention-read figure opens where the state demo does, beside its delta rule, with sharp
 * logits (s = 32: the full cache reads back almost exactly at every n, as trained models' sharp
 * attention does).
 */
export const RECALL_DEFAULTS: Readonly<RecallSettings> = Object.freeze({
  n: FORGET_DEFAULTS.n,
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
}

/**
 * The lab opens at one Kimi K3 head, d = 128, on random keys, with the state demo's gates; its
 * per-channel rule keeps the state demo's spectrum (the first half of the channels at 1, the rest
 * at 0.5) and its attention reads the attention-read figure's sharpness.
 */
export const LAB_DEFAULTS: Readonly<LabSettings> = Object.freeze({ d: 128, stream: 'random', beta: FORGET_DEFAULTS.beta, alpha: FORGET_DEFAULTS.alpha });
export const LAB_FIXED_GATES = Object.freeze({ slow: FORGET_DEFAULTS.slow, fast: FORGET_DEFAULTS.fast, s: RECALL_DEFAULTS.s });

/**
 * Streams a run averages at each size. Every fact is read back at every checkpoint, so a stream's
 * arithmetic grows as d³ and d = 128 is the longest run; its eight streams still hold the count of
 * pairs read back at n = 4d to within about half a pair (one standard error).
 */
export const LAB_STREAM_COUNTS: Readonly<Record<number, number>> = Object.freeze({ 4: 400, 8: 200, 16: 100, 32: 50, 64: 20, 128: 8 });
