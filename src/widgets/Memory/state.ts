/**
 * The memory figure's settings and how they travel in the address: mctx (tokens, snapped to a
 * power of two from 1K to 1M), mcache (bf16, fp8), mstate (fp32, bf16), msort, mfocus (a model's
 * id) and mhide (ids, comma-separated). Anything else is ignored.
 */
import type { CacheType, StateType } from '../../core/hybridMemory';
import type { FigureModel } from '../../content/memoryFigure';
import { clamp, numberParam, oneOf, type UrlCodec } from '../urlState';

export type SortKey = 'total' | 'growing' | 'fixed' | 'name';
export const SORT_KEYS: readonly SortKey[] = ['total', 'growing', 'fixed', 'name'];
export const CACHE_TYPES: readonly CacheType[] = ['bf16', 'fp8'];
export const STATE_TYPES: readonly StateType[] = ['fp32', 'bf16'];

export interface MemoryState {
  context: number;
  cache: CacheType;
  state: StateType;
  sort: SortKey;
  focus: string;
  hidden: readonly string[];
}

/** The nearest power of two in [2^10, 2^20]. */
export function snapContext(tokens: number): number {
  return 2 ** clamp(Math.round(Math.log2(Math.max(tokens, 1))), 10, 20);
}

export function memoryCodec(ids: readonly string[]): UrlCodec<MemoryState> {
  return {
    parse(params, d) {
      const ctx = numberParam(params, 'mctx');
      const focus = params.get('mfocus');
      const hide = params.get('mhide');
      return {
        context: ctx === null ? d.context : snapContext(ctx),
        cache: oneOf(params, 'mcache', CACHE_TYPES) ?? d.cache,
        state: oneOf(params, 'mstate', STATE_TYPES) ?? d.state,
        sort: oneOf(params, 'msort', SORT_KEYS) ?? d.sort,
        focus: focus !== null && ids.includes(focus) ? focus : d.focus,
        hidden: hide === null ? d.hidden : ids.filter((id) => hide.split(',').includes(id)),
      };
    },
    write(s, d) {
      const unless = <T>(v: T, dv: T, text: string) => (v === dv ? null : text);
      return {
        mctx: unless(s.context, d.context, String(s.context)),
        mcache: unless(s.cache, d.cache, s.cache),
        mstate: unless(s.state, d.state, s.state),
        msort: unless(s.sort, d.sort, s.sort),
        mfocus: unless(s.focus, d.focus, s.focus),
        mhide: s.hidden.join(',') === d.hidden.join(',') ? null : s.hidden.join(','),
      };
    },
  };
}

/** A model as the figure draws it: the type src/content/memoryFigure.ts builds. */
export type MemoryModelProps = FigureModel;
