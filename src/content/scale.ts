/**
 * What the opening (`scale`) and the closing lessons (`takeaways`) state: how many GPT-2s fit
 * in Kimi K3, rounded as the prose says it, the years between them, and K3's layer mix.
 */
import { integer, roundTo } from '../format';
import { k3Facts, scaleRatio, type K3Facts, type ScaleRatio } from './architectures';

export interface ScaleFacts extends ScaleRatio {
  /** The ratio as the prose says it: "22,500". */
  about: string;
  /** The ratio usually quoted, which truncates the headline ratio: "22,580". */
  headlineQuoted: number;
  smallYear: string;
  largeYear: string;
  years: number;
  /** Whole copies of the small model in the large one, and copies' worth active on a token: the figure's marks. */
  marks: number;
  activeMarks: number;
  k3: K3Facts;
  /** The ratio at either end of the large total's rounding (2.8T: 2.75T to 2.85T), to the hundred. */
  rounding: { lo: number; hi: number; totalLo: number; totalHi: number };
  /** The ratio on another published count of the large model, where the data has one. */
  alternative: { total: number; ratio: number; what: string } | null;
}

/** Half a unit of a headline figure's last significant digit: 2.8e12 -> 5e10. */
export function halfUnit(value: number): number {
  const digits = String(value).replace(/0+$/, '').replace(/^-/, '').length;
  return 10 ** (Math.floor(Math.log10(Math.abs(value))) - (digits - 1)) / 2;
}

export function scaleFacts(): ScaleFacts {
  const r = scaleRatio();
  const smallYear = r.small.released.value.slice(0, 4);
  const largeYear = r.large.released.value.slice(0, 4);
  return {
    ...r,
    about: integer(roundTo(r.exact, 100)),
    headlineQuoted: Math.floor(r.headline),
    smallYear,
    largeYear,
    years: Number(largeYear) - Number(smallYear),
    marks: Math.round(r.exact),
    activeMarks: Math.round(r.active),
    k3: k3Facts(),
    rounding: (() => {
      const half = halfUnit(r.large.totalParams.value);
      const [totalLo, totalHi] = [r.large.totalParams.value - half, r.large.totalParams.value + half];
      return { totalLo, totalHi, lo: roundTo(totalLo / r.small.totalParams.value, 100), hi: roundTo(totalHi / r.small.totalParams.value, 100) };
    })(),
    alternative: r.large.alternative
      ? {
          total: r.large.alternative.totalParams.value,
          ratio: r.large.alternative.totalParams.value / r.small.totalParams.value,
          what: r.large.alternative.what,
        }
      : null,
  };
}

export interface TakeawaysFacts {
  about: string;
  largeName: string;
  k3: K3Facts;
  /** Cheap recurrent layers per full-attention layer in K3, rounded. */
  linearPerFull: number;
  /** Years from the small model to the large one. */
  years: number;
  smallName: string;
}

export function takeawaysFacts(): TakeawaysFacts {
  const s = scaleFacts();
  return {
    about: s.about,
    largeName: s.large.name,
    k3: s.k3,
    linearPerFull: Math.round(s.k3.linearLayers / s.k3.fullAttentionLayers),
    years: s.years,
    smallName: s.small.name,
  };
}
