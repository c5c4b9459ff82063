/**
 * The first question drawn: a model's layers as a strip of cells, one per layer, coloured by
 * what each reads (shipping-reads.css). A run of like layers is one rectangle filled with a
 * pattern of one cell per unit, so a strip of a hundred layers is a handful of elements, and
 * it is there without script. A layer that reads several things is split into bands.
 */
import type { LayerStrip, StripKey, StripRead } from '../../content/shipping/strip';

/** Each read's pattern and class: lr + a letter. */
const CODE: Record<StripRead, string> = {
  'every token': 'a',
  'selected tokens': 's',
  'compressed entries': 'c',
  'a sliding window': 'w',
  'a fixed-size state': 'f',
  nothing: 'n',
  unknown: 'u',
};

/** The legend's words, where the read's own name would say less. */
const WORDS: Partial<Record<StripRead, string>> = {
  nothing: 'nothing (feed-forward only)',
  unknown: 'count not published',
};

/** The strip's height in user units: bands of a half and a third stay whole numbers. */
const H = 6;
/** The share of a cell its mark covers; the rest is the gap that tells one layer from the next. */
const MARK = 0.8;

const fill = (read: StripRead) => `url(#lr${CODE[read]})`;

/** One model's strip, drawn to the table's common scale (`width` cells). */
export function ReadStrip({ strip, width }: { strip: LayerStrip; width: number }) {
  return (
    <svg className="lr" viewBox={`0 0 ${width} ${H}`} preserveAspectRatio="none" role="img" aria-label={strip.label}>
      {strip.runs.flatMap(({ at, count, reads }) =>
        reads.map((read, i) => {
          const band = H / reads.length;
          return <rect key={`${at}-${read}`} x={at || undefined} y={i ? i * band : undefined} width={count} height={band} fill={fill(read)} />;
        }),
      )}
    </svg>
  );
}

/** The legend, which also defines each read's pattern for every strip of the figure. */
export function ReadsKey({ reads, kept }: StripKey) {
  return (
    <div className="lr-key">
      <svg className="lr-defs" aria-hidden="true">
        <defs>
          {reads.map((read) => (
            <pattern key={read} id={`lr${CODE[read]}`} width="1" height={H} patternUnits="userSpaceOnUse">
              <rect className={`lr${CODE[read]}`} width={MARK} height={H} />
            </pattern>
          ))}
        </defs>
      </svg>
      <span>A cell per layer, grouped by what it reads (not in layer order), one band per read:</span>
      {reads.map((read) => (
        <span key={read} className="lr-item">
          <i className={`lr${CODE[read]}`} />
          {WORDS[read] ?? read}
        </span>
      ))}
      {kept ? <span className="lr-kept">{kept}</span> : null}
    </div>
  );
}
