/**
 * The forget figure's state: what the reader has set, how each control changes it, and how it
 * travels in the URL. Everything drawn is derived from this with the core, never stored.
 */
import { MAX_SEED, type StreamKind, STREAM_KINDS } from '../../core';

export const MAX_PAIRS = 128;
export type Metric = 'error' | 'cosine';
export const METRICS: readonly Metric[] = ['error', 'cosine'];

export interface ForgetState {
  n: number;
  stream: StreamKind;
  seed: number;
  beta: number;
  alpha: number;
  slow: number;
  fast: number;
  metric: Metric;
  playing: boolean;
}

export const DEFAULTS: Readonly<ForgetState> = Object.freeze({
  n: 16,
  stream: 'capacity',
  seed: 1,
  beta: 1,
  alpha: 0.9,
  slow: 1,
  fast: 0.5,
  metric: 'error',
  playing: false,
});

export type GateName = 'beta' | 'alpha' | 'slow' | 'fast';

export type Action =
  | { type: 'setN'; n: number }
  | { type: 'step'; by: 1 | -1 }
  | { type: 'tick' }
  | { type: 'togglePlay' }
  | { type: 'setStream'; stream: StreamKind }
  | { type: 'newSeed'; seed: number }
  | { type: 'setGate'; gate: GateName; value: number }
  | { type: 'setMetric'; metric: Metric }
  | { type: 'reset' }
  | { type: 'load'; state: Partial<ForgetState> };

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const clampN = (n: number) => clamp(Math.round(n), 1, MAX_PAIRS);
/** Gates move in hundredths, so URLs stay short and sliders land on their steps. */
const clampGate = (x: number) => Math.round(clamp(x, 0, 1) * 100) / 100;

export function reducer(state: ForgetState, action: Action): ForgetState {
  switch (action.type) {
    case 'setN':
      return { ...state, n: clampN(action.n) };
    case 'step':
      return { ...state, n: clampN(state.n + action.by), playing: false };
    case 'tick': {
      const n = clampN(state.n + 1);
      return { ...state, n, playing: state.playing && n < MAX_PAIRS };
    }
    case 'togglePlay':
      if (state.playing) return { ...state, playing: false };
      // Playing from the end starts again from one pair.
      return { ...state, playing: true, n: state.n >= MAX_PAIRS ? 1 : state.n };
    case 'setStream':
      return { ...state, stream: action.stream };
    case 'newSeed':
      return { ...state, seed: clamp(Math.floor(action.seed), 0, MAX_SEED) };
    case 'setGate':
      return { ...state, [action.gate]: clampGate(action.value) };
    case 'setMetric':
      return { ...state, metric: action.metric };
    case 'reset':
      return { ...DEFAULTS };
    case 'load':
      return { ...state, ...action.state };
  }
}

/** Reads the shareable part of the state from a query string; nonsense is clamped or ignored. */
export function fromQuery(search: string): Partial<ForgetState> {
  const q = new URLSearchParams(search);
  const out: Partial<ForgetState> = {};
  const num = (key: string): number | null => {
    const raw = q.get(key);
    if (raw === null || raw.trim() === '') return null;
    const x = Number(raw);
    return Number.isFinite(x) ? x : null;
  };
  const n = num('n');
  if (n !== null) out.n = clampN(n);
  const stream = q.get('stream');
  if (stream && (STREAM_KINDS as readonly string[]).includes(stream)) out.stream = stream as StreamKind;
  const seed = num('seed');
  if (seed !== null) out.seed = clamp(Math.floor(Math.abs(seed)), 0, MAX_SEED);
  for (const gate of ['beta', 'alpha', 'slow', 'fast'] as const) {
    const x = num(gate);
    if (x !== null) out[gate] = clampGate(x);
  }
  const metric = q.get('metric');
  if (metric && (METRICS as readonly string[]).includes(metric)) out.metric = metric as Metric;
  return out;
}

const SHARED = ['n', 'stream', 'seed', 'beta', 'alpha', 'slow', 'fast', 'metric'] as const;

/**
 * Writes the state into a query string, keeping parameters that belong to other figures.
 * Settings at their defaults are left out, so an untouched page keeps a clean address.
 */
export function toQuery(state: ForgetState, existing: string): string {
  const q = new URLSearchParams(existing);
  for (const key of SHARED) {
    if (state[key] === DEFAULTS[key]) q.delete(key);
    else q.set(key, String(state[key]));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}
