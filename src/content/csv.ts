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
  const alternativeColumns = [
    'alternative',
    'alternativeTotalParams',
    'alternativeTotalParamsStatus',
    'alternativeTotalParamsSource',
    'alternativeActiveParams',
    'alternativeActiveParamsStatus',
    'alternativeActiveParamsSource',
  ];
  const header = [
    'id',
    'name',
    'lab',
    'reference',
    'featured',
    'moe',
    ...figureColumns,
    ...alternativeColumns,
    'layerReads',
    'layerReadCounts',
    'layerReadCountsStatus',
    'layerReadCountsSource',
    'activeShareDerived',
  ];
  const rows = data.models.map((m) => {
    const byField = new Map(figuresOf(m).map(({ field, figure }) => [field, figure]));
    const figures = FIGURE_FIELDS.flatMap((f) => {
      const fig = byField.get(f);
      return [fig?.value, fig?.status, fig?.source, fig?.note];
    });
    const alt = m.alternative;
    const alternative = [
      alt?.what,
      alt?.totalParams.value,
      alt?.totalParams.status,
      alt?.totalParams.source,
      alt?.activeParams?.value,
      alt?.activeParams?.status,
      alt?.activeParams?.source,
    ];
    // Each kind of layer by what it reads ("a sliding window + compressed entries"), kinds separated by "; ".
    const reads = m.layerReads.map((k) => k.join(' + ')).join('; ');
    // How many layers of each of those kinds, in the same order, each with its status and source.
    const counts = m.layerReadCounts ?? [];
    const byKind = (f: (c: (typeof counts)[number]) => unknown) => counts.map(f).join('; ');
    const countColumns = [byKind((c) => c.value), byKind((c) => c.status), byKind((c) => c.source ?? '')];
    return [m.id, m.name, m.lab, m.reference, m.featured, m.moe, ...figures, ...alternative, reads, ...countColumns, activeShare(m)];
  });
  return `${[header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
