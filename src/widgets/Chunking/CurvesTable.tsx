/**
 * The charts' curves as a table, one row per doubling of C, behind a disclosure. Its rows are
 * built only while it is open, and never on a move of C, which the table does not depend on.
 */
import { memo, useState } from 'react';
import { fixed, integer, powerOfTwo, ratio, time } from '../../format';
import type { Curves } from './model';

interface CurvesTableProps {
  c: Curves;
  gpuName: string;
  L: number;
  bh: number;
  d: number;
  tau: number;
}

/** The curves hold six samples per doubling of C; every sixth is a power of two. */
const PER_ROW = 6;

export const CurvesTable = memo(function CurvesTable({ c, gpuName, L, bh, d, tau }: CurvesTableProps) {
  const [open, setOpen] = useState(false);
  return (
    <details className="chunking-table" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>The curves as a table</summary>
      {open ? (
        <div className="chunking-table-scroll">
          <table>
            {/* biome-ignore format: the {' '} is a text node of its own; merged into the words around it, the glyphs land a subpixel away. */}
            <caption>
              {gpuName}, L = {integer(L)}, B·H = {bh}, d = {d}, τ₀ ={' '}
              {fixed(tau)} µs
            </caption>
            <thead>
              <tr>
                <th scope="col">C</th>
                <th scope="col">FLOPs ÷ recurrent</th>
                <th scope="col">steps</th>
                <th scope="col">time, no overlap</th>
                <th scope="col">time, full overlap</th>
              </tr>
            </thead>
            <tbody>
              {c.points
                .filter((_, k) => k % PER_ROW === 0)
                .map((p) => (
                  <tr key={p.C}>
                    <th scope="row">{powerOfTwo(p.C)}</th>
                    <td>{ratio(p.flopsRatio)}</td>
                    <td>{integer(Math.ceil(L / p.C))}</td>
                    <td>{time(p.sum.totalSeconds)}</td>
                    <td>{time(p.maxTotal)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  );
});
