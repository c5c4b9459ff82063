/**
 * The attention-read figure's settings and Kimi K3's memory panel's, how each control changes
 * them, and how they travel in the URL (an, state, sharp; ctx for the panel); nonsense is clamped
 * or ignored. The two log-scale sliders move in quarter octaves: s = 2^(t/4 − 1.5), from 1/√8 to
 * 64; context = 2^(12 + t/4), 4K to 1M.
 */
import { RULES, type Rule } from '../../core/memory';
import type { K3MemorySettings, RecallSettings } from '../../content/defaults';
import { clamp, numberParam, oneOf, unlessDefault, type UrlCodec } from '../urlState';

export const MAX_PAIRS = 128;
export const S_STEPS = 30;
export const CONTEXT_STEPS = 32;

export const sharpnessAt = (t: number) => 2 ** (clamp(Math.round(t), 0, S_STEPS) / 4 - 1.5);
export const sharpnessStep = (s: number) => clamp(Math.round((Math.log2(s) + 1.5) * 4), 0, S_STEPS);
export const contextAt = (t: number) => Math.round(2 ** (12 + clamp(Math.round(t), 0, CONTEXT_STEPS) / 4));
export const contextStep = (c: number) => clamp(Math.round((Math.log2(c) - 12) * 4), 0, CONTEXT_STEPS);

export type Action =
  | { type: 'setN'; n: number }
  | { type: 'setRule'; rule: Rule }
  | { type: 'setSharpness'; step: number }
  | { type: 'reset'; defaults: RecallSettings }
  | { type: 'load'; settings: RecallSettings };

export const clampN = (n: number) => clamp(Math.round(n), 1, MAX_PAIRS);

export function reducer(state: RecallSettings, action: Action): RecallSettings {
  switch (action.type) {
    case 'setN':
      return { ...state, n: clampN(action.n) };
    case 'setRule':
      return { ...state, rule: action.rule };
    case 'setSharpness':
      return { ...state, s: sharpnessAt(action.step) };
    case 'reset':
      return action.defaults;
    case 'load':
      return action.settings;
  }
}

/** Three significant digits keep the address short and land back on the same slider step. */
const short = (x: number) => Number(x.toPrecision(3));

export const recallCodec: UrlCodec<RecallSettings> = {
  parse(params, defaults) {
    const n = numberParam(params, 'an');
    const s = numberParam(params, 'sharp');
    return {
      n: n === null ? defaults.n : clampN(n),
      rule: oneOf(params, 'state', RULES) ?? defaults.rule,
      s: s === null || s <= 0 ? defaults.s : sharpnessAt(sharpnessStep(s)),
    };
  },
  write(state, defaults) {
    return {
      an: unlessDefault(state.n, defaults.n),
      state: unlessDefault(state.rule, defaults.rule),
      sharp: unlessDefault(short(state.s), short(defaults.s)),
    };
  },
};

/** Kimi K3's memory panel: its context, on the slider's quarter-octave steps. */
export const k3Codec: UrlCodec<K3MemorySettings> = {
  parse(params, defaults) {
    const ctx = numberParam(params, 'ctx');
    return { context: ctx === null || ctx <= 0 ? defaults.context : contextAt(contextStep(ctx)) };
  },
  write(state, defaults) {
    return { ctx: unlessDefault(state.context, defaults.context) };
  },
};
