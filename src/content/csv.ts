/**
 * The architectures file as CSV, for the section's download link: one row per model, each
 * figure as value, status, source and note columns, plus the active share (derived here).
 */
import type { Architectures } from './schema';
import { figuresOf, FIGURE_FIELDS } from './shipping/notes';
import { activeShare } from './shipping/shares';

/** RFC 4180: quote a field when it holds a comma, a quote or a line break. */
export function csvField(value: unknown): string {
  const s = value === undefined || value === null ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function architecturesCsv(data: Architectures): string {
  const figureColumns = FIGURE_FIELDS.flatMap((f) => [f, `${f}Status`, `${f}Source`, `${f}Note`]);
  const header = ['id', 'name', 'lab', 'reference', 'featured', 'moe', ...figureColumns, 'layerReads', 'activeShareDerived'];
  const rows = data.models.map((m) => {
    const byField = new Map(figuresOf(m).map(({ field, figure }) => [field, figure]));
    const figures = FIGURE_FIELDS.flatMap((f) => {
      const fig = byField.get(f);
      return [fig?.value, fig?.status, fig?.source, fig?.note];
    });
    return [m.id, m.name, m.lab, m.reference, m.featured, m.moe, ...figures, m.layerReads.join('; '), activeShare(m)];
  });
  return `${[header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
