/**
 * The forget figure's state: what the reader has set, how each control changes it, and how it
 * travels in the URL. Everything drawn is derived from this with the core, never stored.
 */
import { MAX_SEED, type StreamKind, STREAM_KINDS } from '../../core/stream';
import type { ForgetSettings, Metric } from '../../content/defaults';
import { clamp, numberParam, oneOf, unlessDefault, type UrlCodec } from '../urlState';

export type { Metric };
export const MAX_PAIRS = 128;
export const METRICS: readonly Metric[] = ['error', 'cosine'];

export interface ForgetState extends ForgetSettings {
  playing: boolean;
}

export type GateName = 'beta' | 'alpha' | 'slow' | 'fast';
const GATES: readonly GateName[] = ['beta', 'alpha', 'slow', 'fast'];

export type Action =
  | { type: 'setN'; n: number }
  | { type: 'step'; by: 1 | -1 }
  | { type: 'tick' }
  | { type: 'togglePlay' }
  | { type: 'setStream'; stream: StreamKind }
  | { type: 'newSeed'; seed: number }
  | { type: 'setGate'; gate: GateName; value: number }
  | { type: 'setMetric'; metric: Metric }
  | { type: 'reset'; defaults: ForgetSettings }
  | { type: 'load'; settings: ForgetSettings };

const clampN = (n: number) => clamp(Math.round(n), 1, MAX_PAIRS);
/** Gates move in hundredths, so URLs stay short and sliders land on their steps. */
const clampGate = (x: number) => Math.round(clamp(x, 0, 1) * 100) / 100;

export function initialState(defaults: ForgetSettings): ForgetState {
  return { ...defaults, playing: false };
}

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
      return initialState(action.defaults);
    case 'load':
      return { ...state, ...action.settings };
  }
}

/** The shareable settings in the address (n, stream, seed, the four gates, metric); nonsense is clamped or ignored. */
export const forgetCodec: UrlCodec<ForgetSettings> = {
  parse(params, defaults) {
    const n = numberParam(params, 'n');
    const seed = numberParam(params, 'seed');
    const gate = (name: GateName) => {
      const x = numberParam(params, name);
      return x === null ? defaults[name] : clampGate(x);
    };
    return {
      n: n === null ? defaults.n : clampN(n),
      stream: oneOf(params, 'stream', STREAM_KINDS) ?? defaults.stream,
      seed: seed === null ? defaults.seed : clamp(Math.floor(Math.abs(seed)), 0, MAX_SEED),
      beta: gate('beta'),
      alpha: gate('alpha'),
      slow: gate('slow'),
      fast: gate('fast'),
      metric: oneOf(params, 'metric', METRICS) ?? defaults.metric,
    };
  },
  write(s, d) {
    const out: Record<string, string | null> = {
      n: unlessDefault(s.n, d.n),
      stream: unlessDefault(s.stream, d.stream),
      seed: unlessDefault(s.seed, d.seed),
    };
    for (const g of GATES) out[g] = unlessDefault(s[g], d[g]);
    out.metric = unlessDefault(s.metric, d.metric);
    return out;
  },
};
