/**
 * The forget figure's state: what the reader has set, how each control changes it, and how it
 * travels in the URL. Everything drawn is derived from this with the core, never stored.
 */
import { MAX_SEED, type StreamKind, STREAM_KINDS, streamLength } from '../../core/stream';
import type { Draw, ForgetSettings, Metric, StreamGates } from '../../content/defaults';
import { clamp, numberParam, oneOf, unlessDefault, type UrlCodec } from '../urlState';

export type { Draw, Metric, StreamGates };

/** Each stream's own gates (STREAM_GATES in src/content/defaults.ts), handed to the figure by its section. */
export type GatesByStream = Readonly<Record<StreamKind, Readonly<StreamGates>>>;
export const DRAWS: readonly Draw[] = ['memory', 'change'];
/** The slider's far end on the streams that do not end (the phases stream ends sooner: streamLength). */
export const MAX_PAIRS = 128;
export const lastPair = (stream: StreamKind) => streamLength(stream, MAX_PAIRS);
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
  | { type: 'setStream'; stream: StreamKind; gates: Readonly<StreamGates> }
  | { type: 'newSeed'; seed: number }
  | { type: 'setGate'; gate: GateName; value: number }
  | { type: 'setMetric'; metric: Metric }
  | { type: 'setDraw'; draw: Draw }
  | { type: 'reset'; defaults: ForgetSettings }
  | { type: 'load'; settings: ForgetSettings };

const clampN = (n: number, stream: StreamKind) => clamp(Math.round(n), 1, lastPair(stream));
/** Gates move in hundredths, so URLs stay short and sliders land on their steps. */
const clampGate = (x: number) => Math.round(clamp(x, 0, 1) * 100) / 100;

export function initialState(defaults: ForgetSettings): ForgetState {
  return { ...defaults, playing: false };
}

export function reducer(state: ForgetState, action: Action): ForgetState {
  switch (action.type) {
    case 'setN':
      return { ...state, n: clampN(action.n, state.stream) };
    case 'step':
      return { ...state, n: clampN(state.n + action.by, state.stream), playing: false };
    case 'tick': {
      const n = clampN(state.n + 1, state.stream);
      return { ...state, n, playing: state.playing && n < lastPair(state.stream) };
    }
    case 'togglePlay':
      if (state.playing) return { ...state, playing: false };
      // Playing from the end starts again from one pair.
      return { ...state, playing: true, n: state.n >= lastPair(state.stream) ? 1 : state.n };
    case 'setStream':
      // Each stream opens with its own gates, and the slider stays within it.
      return { ...state, ...action.gates, stream: action.stream, n: clampN(state.n, action.stream) };
    case 'newSeed':
      return { ...state, seed: clamp(Math.floor(action.seed), 0, MAX_SEED) };
    case 'setGate':
      return { ...state, [action.gate]: clampGate(action.value) };
    case 'setMetric':
      return { ...state, metric: action.metric };
    case 'setDraw':
      return { ...state, draw: action.draw };
    case 'reset':
      return initialState(action.defaults);
    case 'load':
      return { ...state, ...action.settings };
  }
}

/**
 * The shareable settings in the address (n, stream, seed, the four gates, metric, what the pictures draw); nonsense is
 * clamped or ignored. A gate is written only where it differs from its stream's own.
 */
export const forgetCodec = (streamGates: GatesByStream): UrlCodec<ForgetSettings> => ({
  parse(params, defaults) {
    const n = numberParam(params, 'n');
    const seed = numberParam(params, 'seed');
    const stream = oneOf(params, 'stream', STREAM_KINDS) ?? defaults.stream;
    const own = stream === defaults.stream ? defaults : streamGates[stream];
    const gate = (name: GateName) => {
      const x = numberParam(params, name);
      return x === null ? own[name] : clampGate(x);
    };
    return {
      n: n === null ? clampN(defaults.n, stream) : clampN(n, stream),
      stream,
      seed: seed === null ? defaults.seed : clamp(Math.floor(Math.abs(seed)), 0, MAX_SEED),
      beta: gate('beta'),
      alpha: gate('alpha'),
      slow: gate('slow'),
      fast: gate('fast'),
      metric: oneOf(params, 'metric', METRICS) ?? defaults.metric,
      draw: oneOf(params, 'draw', DRAWS) ?? defaults.draw,
    };
  },
  write(s, d) {
    const out: Record<string, string | null> = {
      n: unlessDefault(s.n, d.n),
      stream: unlessDefault(s.stream, d.stream),
      seed: unlessDefault(s.seed, d.seed),
    };
    const own = s.stream === d.stream ? d : streamGates[s.stream];
    for (const g of GATES) out[g] = unlessDefault(s[g], own[g]);
    out.metric = unlessDefault(s.metric, d.metric);
    out.draw = unlessDefault(s.draw, d.draw);
    return out;
  },
});
