/**
 * Horizontal bars on one scale, the longest at full width: a label, the bar and its value as
 * text. Decoration for sighted readers; the caller says the same numbers in words.
 */
import { useImperativeHandle, useRef, type Ref } from 'react';
import { cssPercent } from './cssPercent';
export interface Bar {
  key: string;
  /** The bar's classes, for its colour. */
  className: string;
  label: string;
  value: number;
}

/** Redraws the bars' lengths and values at once, without a render; the caller renders the same values soon after. */
export interface BarListHandle {
  show(values: readonly number[]): void;
}

const widths = (values: readonly number[]) => {
  const most = Math.max(...values);
  return values.map((v) => cssPercent((100 * v) / most));
};

export function BarList({
  bars,
  format,
  className,
  ref,
}: {
  bars: readonly Bar[];
  format: (x: number) => string;
  className: string;
  ref?: Ref<BarListHandle>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const formatNow = useRef(format);
  formatNow.current = format;
  useImperativeHandle(
    ref,
    () => ({
      show(values) {
        const rows = box.current?.children;
        if (!rows) return;
        const w = widths(values);
        values.forEach((v, i) => {
          const row = rows[i];
          const fill = row?.querySelector<HTMLElement>('.bar-fill');
          const text = row?.querySelector('.bar-value')?.firstChild;
          if (fill) fill.style.width = w[i]!;
          const words = formatNow.current(v);
          if (text && text.nodeValue !== words) text.nodeValue = words;
        });
      },
    }),
    [],
  );
  const w = widths(bars.map((b) => b.value));
  return (
    <div className={className} aria-hidden="true" ref={box}>
      {bars.map((b, i) => (
        <div className={`bar-row ${b.className}`} key={b.key}>
          <span className="bar-label">{b.label}</span>
          <span className="bar-track">
            <span className="bar-fill" style={{ width: w[i] }} />
          </span>
          <span className="bar-value">{format(b.value)}</span>
        </div>
      ))}
    </div>
  );
}
