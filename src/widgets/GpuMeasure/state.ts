/**
 * The measurement's settings and how they travel in the address: wgd (head width, 16 to 128),
 * wgrule (delta or gated), wgl (tokens, a power of two from 16 to 4,096) and wgh (the head count
 * the chart draws). A number between two allowed ones is taken to the nearer on a doubling scale.
 */
import { SWEEP_HEADS } from '../../core/gpuSweep';
import { numberParam, oneOf, type UrlCodec } from '../urlState';
import type { Rule } from './protocol';

export interface MeasureState {
  d: number;
  rule: Rule;
  L: number;
  heads: number;
}

/** Head widths the kernels take: 64 and 128 are the sizes that matter; 16 and 32 make a run quick. */
export const WIDTHS = [16, 32, 64, 128] as const;
export const LENGTHS = [16, 64, 256, 1024, 4096] as const;
export const RULES: readonly Rule[] = ['delta', 'gated'];

function nearest(x: number, allowed: readonly number[]): number {
  const t = Math.log2(Math.max(x, 1));
  return allowed.reduce((best, s) => (Math.abs(Math.log2(s) - t) < Math.abs(Math.log2(best) - t) ? s : best));
}

export const measureCodec: UrlCodec<MeasureState> = {
  parse(params, d) {
    const width = numberParam(params, 'wgd');
    const length = numberParam(params, 'wgl');
    const heads = numberParam(params, 'wgh');
    return {
      d: width === null ? d.d : nearest(width, WIDTHS),
      rule: oneOf(params, 'wgrule', RULES) ?? d.rule,
      L: length === null ? d.L : nearest(length, LENGTHS),
      heads: heads === null ? d.heads : nearest(heads, SWEEP_HEADS),
    };
  },
  write(s, d) {
    return {
      wgd: s.d === d.d ? null : String(s.d),
      wgrule: s.rule === d.rule ? null : s.rule,
      wgl: s.L === d.L ? null : String(s.L),
      wgh: s.heads === d.heads ? null : String(s.heads),
    };
  },
};
