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
