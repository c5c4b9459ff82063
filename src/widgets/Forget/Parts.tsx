/** The state demo's smaller pieces: row labels beside a memory, the table by group, the colour scale's line. */
import { memo } from 'react';
import { D, RULES, type Rule } from '../../core/memory';
import { cell, GROUP_LABELS, METRIC_LABELS, RULE_LABELS, type rowGroups } from './describe';
import type { GroupTable as Table } from './frame';
import type { Metric } from './state';

/** Row numbers beside a memory, and the bands of rows each group of keys uses. */
export const RowLabels = memo(function RowLabels({ groups }: { groups: ReturnType<typeof rowGroups> }) {
  return (
    <div className="forget-rows" aria-hidden="true">
      {Array.from({ length: D }, (_, r) => (
        <span key={r} className="forget-row">
          {r + 1}
        </span>
      ))}
      {groups.map((g) => (
        <span key={g.label} className={`forget-band forget-band-${g.rows[0]}`} data-rows={`${g.rows[0]}-${g.rows[1]}`}>
          {g.label}
        </span>
      ))}
    </div>
  );
});

/** The table's column heads: each rule's name, short enough for four columns on a phone. */
const SHORT: Record<Rule, string> = { additive: 'Additive', delta: 'Delta', gatedDelta: 'Gated', perChannelGated: 'Per-channel' };

/** Each group's number for each rule; the drag writes its cells and its count of pairs through the refs. */
export function GroupTable({
  table,
  metric,
  n,
  cellRef,
  nRef,
}: {
  table: Table;
  metric: Metric;
  n: number;
  cellRef: (group: number, rule: number) => (el: HTMLElement | null) => void;
  nRef: (el: HTMLElement | null) => void;
}) {
  return (
    <table className="forget-groups">
      <caption>
        {METRIC_LABELS[metric]} by group of pairs, after <span ref={nRef}>{n}</span> pairs
      </caption>
      <thead>
        <tr>
          <th scope="col">Group</th>
          {RULES.map((r) => (
            <th scope="col" key={r} className={`rule-${r}`}>
              <span className="rule-swatch" aria-hidden="true" /> <abbr title={RULE_LABELS[r]}>{SHORT[r]}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.groups.map((g, gi) => (
          <tr key={g}>
            <th scope="row">{GROUP_LABELS[g]}</th>
            {RULES.map((r, ri) => (
              <td key={r} ref={cellRef(gi, ri)}>
                {cell(table.values[r][g])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const ZERO_ROW = new Float64Array(D);

/** The longest line on the last write any stream gives, to size its box: the phases stream's switch. */
export function writeTemplate(last: number): string {
  return `Pair ${last}, the first pair of a new context, writes along rows 5–8. The gates fire first. Each delta rule reads k S after its decay, then adds β(v − k S) along k; additive adds v.`;
}

/** The colour scale, its darker ends for what lies past it, and the note on which pictures go past it now. */
export function ScaleLine({ note, noteRef }: { note: string; noteRef?: (el: HTMLElement | null) => void }) {
  return (
    <>
      <span>past −1</span> <span className="scale-over scale-over-negative" /> <span>−1</span> <span className="scale-ramp" /> <span>+1</span>{' '}
      <span className="scale-over scale-over-positive" /> <span>past +1</span>
      <span className="scale-note" ref={noteRef}>
        {note}
      </span>
    </>
  );
}
