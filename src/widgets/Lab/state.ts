/**
 * The lab's settings and how they travel in the address: ld (the state size, one of 4 … 128),
 * lkeys (the stream of keys), lbeta and lalpha (the gates), lerase and lwrite (Gated DeltaNet-2's b and w). Anything else is ignored; a number
 * out of range is clamped, a size between two is taken to the nearer.
 */
import { LAB_SIZES } from '../../core/lab';
import { LAB_STREAMS, type LabStream } from '../../core/labStreams';
import { clamp, numberParam, oneOf, type UrlCodec } from '../urlState';

export interface LabState {
  d: number;
  stream: LabStream;
  beta: number;
  alpha: number;
  /** Gated DeltaNet-2's erase strength b, on the fast half of the key channels, and write strength w. */
  erase: number;
  write: number;
}

/** β and α from 0 to 1 in steps of 0.05: the state demo's ranges. */
export const BETA_RANGE = { min: 0, max: 1, step: 0.05 } as const;
export const ALPHA_RANGE = { min: 0, max: 1, step: 0.05 } as const;
/** Gated DeltaNet-2's b and w, the same range and steps. */
export const STRENGTH_RANGE = { min: 0, max: 1, step: 0.05 } as const;

const snap = (x: number, r: { min: number; max: number; step: number }) => Number((Math.round(clamp(x, r.min, r.max) / r.step) * r.step).toFixed(2));

/** The lab's size nearest to d on a doubling scale. */
export function nearestSize(d: number): number {
  const target = Math.log2(Math.max(d, 1));
  return LAB_SIZES.reduce((best, s) => (Math.abs(Math.log2(s) - target) < Math.abs(Math.log2(best) - target) ? s : best));
}

export const labCodec: UrlCodec<LabState> = {
  parse(params, d) {
    const size = numberParam(params, 'ld');
    const beta = numberParam(params, 'lbeta');
    const alpha = numberParam(params, 'lalpha');
    const erase = numberParam(params, 'lerase');
    const write = numberParam(params, 'lwrite');
    return {
      d: size === null ? d.d : nearestSize(size),
      stream: oneOf(params, 'lkeys', LAB_STREAMS) ?? d.stream,
      beta: beta === null ? d.beta : snap(beta, BETA_RANGE),
      alpha: alpha === null ? d.alpha : snap(alpha, ALPHA_RANGE),
      erase: erase === null ? d.erase : snap(erase, STRENGTH_RANGE),
      write: write === null ? d.write : snap(write, STRENGTH_RANGE),
    };
  },
  write(s, d) {
    return {
      ld: s.d === d.d ? null : String(s.d),
      lkeys: s.stream === d.stream ? null : s.stream,
      lbeta: s.beta === d.beta ? null : String(s.beta),
      lalpha: s.alpha === d.alpha ? null : String(s.alpha),
      lerase: s.erase === d.erase ? null : String(s.erase),
      lwrite: s.write === d.write ? null : String(s.write),
    };
  },
};
