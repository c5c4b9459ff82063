/** A short sample of a chart's line for its legend, drawn with the line's own classes: colour, width and dash alike. */
export function LineSwatch({ className }: { className: string }) {
  return (
    <svg className="line-swatch" viewBox="0 0 28 8" width="28" height="8" aria-hidden="true">
      <line className={className} x1="0" x2="28" y1="4" y2="4" />
    </svg>
  );
}
