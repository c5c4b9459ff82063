/**
 * The eviction ladder: the seven steps of the lineage on one screen, each with what its memory
 * keeps, its rule, its policy and what it gave up, from data/lineage.json. A rung is a link to its
 * step's card in the page's list; with script the shell opens that card in the stepper instead.
 */
import type { ReactNode } from 'react';
import type { MemoryKeeps } from '../../content/lineage';
import type { RungView } from '../../content/lineageView';

const CELL = 5;
const GAP = 1;

/** A g×g grid of cells at (x, y); `level(row, col)` is each cell's opacity, 0 for an empty one. */
function grid(x: number, y: number, g: number, level: (row: number, col: number) => number): ReactNode[] {
  const cells: ReactNode[] = [];
  for (let r = 0; r < g; r++) {
    for (let c = 0; c < g; c++) {
      const o = level(r, c);
      cells.push(
        <rect
          key={`${x}-${r}-${c}`}
          x={x + c * (CELL + GAP)}
          y={y + r * (CELL + GAP)}
          width={CELL}
          height={CELL}
          className={o > 0 ? 'glyph-on' : 'glyph-off'}
          fillOpacity={o > 0 ? o : undefined}
        />,
      );
    }
  }
  return cells;
}

/** A fixed pseudo-random level per cell, so "piled on" reads as uneven without a generator. */
const piled = (r: number, c: number) => 0.35 + (((r * 5 + c * 3) % 7) / 7) * 0.65;
const FADE_PER_ROW = [1, 0.75, 0.45, 0.2];

/** The small drawing of what a step's memory keeps. */
function glyph(keeps: MemoryKeeps): ReactNode[] {
  switch (keeps) {
    case 'grows':
      return Array.from({ length: 7 }, (_, i) => (
        <rect key={i} x={i * (CELL + GAP)} y={9} width={CELL} height={CELL + 2} className="glyph-on" fillOpacity={0.4 + i * 0.1} />
      )).concat(<path key="arrow" d="M43 12.5h4m-2-2 2 2-2 2" className="glyph-line" />);
    case 'fixed':
      return grid(12, 2, 4, piled);
    case 'replaced':
      return grid(12, 2, 4, (r) => (r === 1 ? 1 : 0.3));
    case 'chunked':
      return [
        ...grid(0, 2, 4, (r) => (r === 1 ? 1 : 0.3)),
        ...[0, 1, 2].map((i) => <rect key={`c${i}`} x={28 + i * 7} y={8} width={5} height={11} className="glyph-on" fillOpacity={0.5} />),
      ];
    case 'faded':
      return grid(12, 2, 4, (r) => (r === 1 ? 1 : 0.22));
    case 'fadedPerChannel':
      return grid(12, 2, 4, (r) => FADE_PER_ROW[r] ?? 0.2);
    case 'mixed':
      return [
        ...grid(0, 2, 2, (r) => (r === 0 ? 1 : 0.3)),
        ...grid(13, 2, 2, (r) => (r === 1 ? 0.9 : 0.3)),
        <rect key="att" x={26} y={2} width={5} height={23} className="glyph-line-box" />,
        ...[0, 1, 2, 3, 4, 5].map((i) => (
          <circle key={`e${i}`} cx={37 + (i % 2) * 6} cy={5 + Math.floor(i / 2) * 8} r={2.2} className={i === 2 ? 'glyph-on' : 'glyph-off'} />
        )),
        ...grid(0, 15, 2, (r, c) => (r + c === 1 ? 0.8 : 0.3)),
        ...grid(13, 15, 2, (_, c) => (c === 0 ? 0.7 : 0.3)),
      ];
  }
}

export function Ladder({ rungs }: { rungs: readonly RungView[] }) {
  return (
    <figure className="figure wide ladder-figure" id="ladder">
      <p className="look-for">Read down the policies: from a memory that evicts nothing to one that chooses, layer by layer and expert by expert, what to let go.</p>
      <ol className="ladder">
        {rungs.map((rung, i) => (
          <li key={rung.id} className="rung">
            <a className="rung-link" href={`#lineage-step-${i + 1}`} data-rung={i + 1}>
              <span className="rung-when">
                <span className="rung-year">{rung.year}</span> <span className="rung-name">{rung.name}</span>
              </span>
              <svg className="rung-glyph" viewBox="0 0 48 27" width="48" height="27" aria-hidden="true" focusable="false">
                {glyph(rung.keeps)}
              </svg>
              <span className="rung-rule">{rung.rule}</span>
              <strong className="rung-policy">{rung.policy}</strong>
              <span className="rung-gave">
                <span className="rung-gave-label">Gave up: </span>
                {rung.gaveUp}
              </span>
            </a>
          </li>
        ))}
      </ol>
      <figcaption>
        The seven steps, oldest first. Each drawing shows what the memory keeps: a cache that grows, a fixed state, one key replaced, rows
        faded. A rung opens its step in full below.
      </figcaption>
    </figure>
  );
}
