/**
 * "What ships today": the table of eight architectures with GPT-2 small pinned below as
 * the reference. The server renders every row; hydration adds sorting (headers, a select
 * and a direction button) and keeps the order in the URL as sort and dir.
 */
import { useState } from 'react';
import './shipping.css';
import './shipping-fit.css';
import './shipping-cards.css';
import './shipping-fold.css';
import './shipping-reads.css';
import type { TableCell as Cell, TableRow as Row } from '../../content/shipping/rows';
import type { StripKey } from '../../content/shipping/strip';
import { ReadStrip, ReadsKey } from './LayerStrip';
import { announce, COLUMNS, directionWords, firstDirection, nextSort, sortCodec, type SortState, sortRows } from './sort';
import { useUrlState } from '../urlState';
import { Fold } from '../../viz/Fold';
import { Select } from '../../viz/Select';
import { cssPercent } from '../../viz/cssPercent';

export interface ShippingFigureProps {
  /** The featured architectures, in file order. */
  rows: Row[];
  /** GPT-2 small: pinned under the table whatever the order. */
  reference: Row;
  /** The share at which a bar is full. */
  barMax: number;
  /** What the bars show, for a reader who cannot see them. */
  description: string;
  /** Prefix of the id of each model's note below the table. */
  notePrefix: string;
  /** The order the table opens in, and what a reset returns to (src/content/defaults.ts). */
  defaultSort: SortState;
  /** The layer strips' common scale and the reads their legend names. */
  stripKey: StripKey;
}

function CellText({ cell }: { cell: Cell }) {
  if (cell.spoken === undefined) return <>{cell.text}</>;
  return (
    <>
      <span aria-hidden="true">{cell.text}</span>
      <span className="visually-hidden">{cell.spoken}</span>
    </>
  );
}

/** A qualified figure's status word ("inherited", "approximate"); a missing one shows the word as its text. */
function StatusWord({ cell }: { cell: Cell }) {
  if (!cell.status || cell.text === cell.status) return null;
  return <span className="shipping-status">{cell.status}</span>;
}

/** Links to the caveats on the cell's figures, numbered as the model's entry below the table lists them. */
function Marks({ marks, href, name }: { marks: number[] | undefined; href: (n: number) => string; name: string }) {
  if (!marks?.length) return null;
  return (
    // The thin space keeps a copied "1.1" and its note "5" from reading as one number, "1.15".
    <sup className="shipping-marks">
      {'\u2009'}
      {marks.map((n, i) => (
        <span key={n}>
          {i > 0 ? ',' : null}
          <a href={href(n)} aria-label={`${name}, note ${n}`}>
            {n}
          </a>
        </span>
      ))}
    </sup>
  );
}

/** The label each figure carries when the table folds into cards on a narrow screen. */
const LABELS = Object.fromEntries(COLUMNS.map((c) => [c.key, 'short' in c ? c.short : c.label])) as Record<string, string>;

function ShareCell({ row, barMax, href }: { row: Row; barMax: number; href: (n: number) => string }) {
  const over = row.share > barMax;
  const width = cssPercent(Math.min(row.share / barMax, 1) * 100);
  return (
    <td className="col-share" data-label={LABELS.share}>
      <span className="shipping-share">
        <span className={over ? 'shipping-bar is-over' : 'shipping-bar'} aria-hidden="true">
          <span style={{ width }} />
        </span>
        <span className="shipping-share-text">
          {row.cells.share.text}
          <Marks marks={row.cells.share.marks} href={href} name={row.name} />
        </span>
      </span>
    </td>
  );
}

const isMissing = (cell: Cell) => cell.sort === null && cell.text === cell.status;

function Figure({ cell, href, name }: { cell: Cell; href: (n: number) => string; name: string }) {
  return (
    <>
      <CellText cell={cell} />
      <StatusWord cell={cell} />
      <Marks marks={cell.marks} href={href} name={name} />
    </>
  );
}

/**
 * On a narrow screen each model is a card of its name, active share and parameter counts; the
 * rest of its row sits in a fold of its own, so the nine cards fit in about two screens. The
 * fold repeats those cells, which the card leaves out, and is not shown beside the full table.
 */
const FOLDED = ['attention', 'layers', 'experts', 'context', 'released', 'licence'] as const;
const FOLDED_SUMMARY = 'Which layers read what, and more';

/**
 * Beside the full table, the release date and the licence stand under the model's name, so the
 * table fits the column without sideways scroll; on a card they are in its fold.
 */
const UNDER_NAME = ['released', 'licence'] as const;

function UnderName({ row, href }: { row: Row; href: (n: number) => string }) {
  return (
    <>
      {UNDER_NAME.map((key) => (
        <span key={key} className="shipping-meta">
          {key === 'released' ? 'Released ' : 'Licence: '}
          <span className={isMissing(row.cells[key]) ? 'is-missing' : undefined}>
            <Figure cell={row.cells[key]} href={href} name={row.name} />
          </span>
        </span>
      ))}
    </>
  );
}

interface RowProps {
  row: Row;
  barMax: number;
  notePrefix: string;
  /** The strips' common scale, in cells. */
  cells: number;
  reference?: boolean;
}

function ModelRow({ row, barMax, notePrefix, cells, reference }: RowProps) {
  const href = (n: number) => `#${notePrefix}${row.id}-${n}`;
  return (
    <tr data-model={row.id}>
      <th scope="row" className="col-name">
        <a href={`#${notePrefix}${row.id}`}>{row.name}</a>
        <span className="shipping-lab">{reference ? `${row.lab} · reference` : row.lab}</span>
        <UnderName row={row} href={href} />
      </th>
      {COLUMNS.slice(1).map(({ key }) => {
        if (key === 'share') return <ShareCell key={key} row={row} barMax={barMax} href={href} />;
        const cell = row.cells[key];
        return (
          <td key={key} className={isMissing(cell) ? `col-${key} is-missing` : `col-${key}`} data-label={LABELS[key]}>
            {key === 'attention' ? <ReadStrip strip={row.strip} width={cells} /> : null}
            <Figure cell={cell} href={href} name={row.name} />
          </td>
        );
      })}
      <td className="col-more">
        <Fold
          className="shipping-more"
          summary={
            <>
              <span>
                {FOLDED_SUMMARY}
                <span className="visually-hidden">, {row.name}</span>
              </span>
              <ReadStrip strip={row.strip} width={cells} />
            </>
          }
        >
          <dl>
            {FOLDED.map((key) => (
              <div key={key} className={isMissing(row.cells[key]) ? 'is-missing' : undefined}>
                <dt>{LABELS[key]}</dt>
                <dd>
                  <Figure cell={row.cells[key]} href={href} name={row.name} />
                </dd>
              </div>
            ))}
          </dl>
        </Fold>
      </td>
    </tr>
  );
}

/**
 * A header shows its column's short label where the full one contains it ("Total" of "Total
 * parameters"), so the columns fit; the button's name stays the full label.
 */
function HeadLabel({ column }: { column: (typeof COLUMNS)[number] }) {
  const short = 'short' in column ? column.short : null;
  if (!short || !column.label.toLowerCase().includes(short.toLowerCase())) return <>{column.label}</>;
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{column.label}</span>
    </>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function ShippingFigure({ rows, reference, barMax, description, notePrefix, defaultSort, stripKey }: ShippingFigureProps) {
  const [sort, setSort] = useState<SortState>(defaultSort);
  useUrlState(sortCodec, sort, defaultSort, setSort);
  // Fixed ids, not useId: the page renders as one tree on the server and this figure hydrates as
  // a root of its own, so generated ids would differ for any element the client creates anew.
  const uid = 'shipping';
  const captionId = `${uid}-caption`;
  const descriptionId = `${uid}-description`;
  const selectId = `${uid}-sort`;
  const sorted = sortRows(rows, sort);
  const onSelect = (value: string) => {
    const picked = COLUMNS.find((c) => c.key === value);
    if (picked && picked.key !== sort.key) setSort({ key: picked.key, dir: firstDirection(picked.key) });
  };

  return (
    <div className="shipping-figure">
      <div className="shipping-controls">
        <label htmlFor={selectId}>Sort by</label>
        <Select id={selectId} value={sort.key} onChange={onSelect}>
          {COLUMNS.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </Select>
        <button type="button" onClick={() => setSort({ ...sort, dir: sort.dir === 'asc' ? 'desc' : 'asc' })}>
          <span className="visually-hidden">Order: </span>
          {directionWords(sort.key, sort.dir)}
        </button>
        <button type="button" onClick={() => setSort(defaultSort)}>
          Reset order
        </button>
      </div>
      <p className="shipping-readout" role="status" aria-live="polite">
        {announce(rows, sort)}
      </p>
      <p id={descriptionId} className="visually-hidden">
        {description}
      </p>
      <ReadsKey {...stripKey} />
      <p className="shipping-scroll-hint" aria-hidden="true">
        The table scrolls sideways for the remaining columns.
      </p>
      <div className="shipping-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="shipping-table" aria-describedby={descriptionId}>
          <caption id={captionId} className="visually-hidden">
            {rows.length} open-weight architectures and {reference.name} for reference
          </caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const { key } = column;
                const active = sort.key === key;
                return (
                  <th key={key} scope="col" className={`col-${key}`} aria-sort={active ? ARIA_SORT[sort.dir] : undefined}>
                    <button type="button" className="shipping-sort" onClick={() => setSort(nextSort(sort, key))}>
                      <HeadLabel column={column} />
                      <span className="shipping-sort-icon" aria-hidden="true">
                        {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <ModelRow key={row.id} row={row} barMax={barMax} notePrefix={notePrefix} cells={stripKey.width} />
            ))}
          </tbody>
          <tbody className="shipping-reference">
            <ModelRow row={reference} barMax={barMax} notePrefix={notePrefix} cells={stripKey.width} reference />
          </tbody>
        </table>
      </div>
    </div>
  );
}
