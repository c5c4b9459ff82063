/**
 * Horizontal bars on one scale, the longest at full width: a label, the bar and its value as
 * text. Decoration for sighted readers; the caller says the same numbers in words.
 */
import { cssPercent } from './cssPercent';
export interface Bar {
  key: string;
  /** The bar's classes, for its colour. */
  className: string;
  label: string;
  value: number;
}

export function BarList({ bars, format, className }: { bars: readonly Bar[]; format: (x: number) => string; className: string }) {
  const most = Math.max(...bars.map((b) => b.value));
  return (
    <div className={className} aria-hidden="true">
      {bars.map((b) => (
        <div className={`bar-row ${b.className}`} key={b.key}>
          <span className="bar-label">{b.label}</span>
          <span className="bar-track">
            <span className="bar-fill" style={{ width: cssPercent((100 * b.value) / most) }} />
          </span>
          <span className="bar-value">{format(b.value)}</span>
        </div>
      ))}
    </div>
  );
}
