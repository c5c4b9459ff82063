/**
 * Keys for a figure's marks: a swatch in a mark's colour beside its name. The swatch's look
 * (size, colour, dash) comes from the figure's own class; the key itself is decoration, so it
 * is hidden from screen readers, which get the same names from the figure's text.
 */
import { memo, type ReactNode } from 'react';

export function Swatch({ className }: { className: string }) {
  return <span className={className} aria-hidden="true" />;
}

export interface LegendItem {
  key: string;
  /** The swatch's classes. */
  swatch: string;
  label: ReactNode;
  /** Classes for the item itself. */
  className?: string;
}

/** A key as a list, one item per mark; memoised, since a figure's key rarely changes while it renders. */
export const Legend = memo(function Legend({ items, className }: { items: readonly LegendItem[]; className: string }) {
  return (
    <ul className={className} aria-hidden="true">
      {items.map((item) => (
        <li key={item.key} className={item.className}>
          <Swatch className={item.swatch} /> {item.label}
        </li>
      ))}
    </ul>
  );
});
