/**
 * The gates a trained memory computed, one column per token: a row of token kinds (W a write,
 * R a rewrite, | the separator, Q a query), then β, α (one row, or one per key channel), and
 * Gated DeltaNet-2's erase and write gates (one row per channel). A cell's strength is the gate's
 * value, from 0 (blank) to 1 (full colour). The separator's column is drawn as a band across every
 * row; the token the slider is on, as an outline.
 */
import { memo, useMemo } from 'react';
import type { GateView } from '../../core/mqar/gateView';
import type { TokenKind } from '../../core/mqar/gates';

const KIND_MARK: Record<TokenKind, string> = { write: 'W', rewrite: 'R', separator: '|', query: 'Q' };
const LABEL_W = 74;
const WIDTH = 720;
const KIND_H = 16;
/** A gate of one number a token gets a row this tall; a gate of one a channel, ROW_H a channel. */
const ONE_H = 14;
const ROW_H = 6;
const GAP = 6;

interface Block {
  name: string;
  className: string;
  rows: number[][];
}

/** The gate blocks a view holds, each a list of rows (a row: one value per token). */
function blocksOf(view: GateView): Block[] {
  const T = view.kinds.length;
  const channels = (x: number[][], width: number) => Array.from({ length: width }, (_, c) => Array.from({ length: T }, (_, t) => x[t]![c]!));
  const blocks: Block[] = [];
  if (view.beta) blocks.push({ name: 'β', className: 'gate-beta', rows: [view.beta] });
  if (view.alpha) blocks.push({ name: 'α', className: 'gate-alpha', rows: channels(view.alpha, view.alpha[0]!.length) });
  if (view.erase) blocks.push({ name: 'b, erase', className: 'gate-erase', rows: channels(view.erase, view.d) });
  if (view.write) blocks.push({ name: 'w, write', className: 'gate-write', rows: channels(view.write, view.d) });
  return blocks;
}

/** Where the strips' parts go for a view: the columns, each block's top and row height, the height in all. */
function layoutOf(view: GateView) {
  const T = view.kinds.length;
  const cw = (WIDTH - LABEL_W) / T;
  let y = KIND_H + GAP;
  const placed = blocksOf(view).map((b) => {
    const top = y;
    const h = b.rows.length === 1 ? ONE_H : ROW_H;
    y += b.rows.length * h + GAP;
    return { ...b, top, h };
  });
  return { T, cw, x: (t: number) => LABEL_W + t * cw, placed, height: y };
}

const r = (v: number) => Math.round(v * 100) / 100;

/** Every cell of the strips: drawn once a view, so a move of the slider redraws only its outline. */
const Cells = memo(function Cells({ view }: { view: GateView }) {
  const { cw, x, placed, height } = layoutOf(view);
  const sep = view.kinds.indexOf('separator');
  return (
    <>
      {sep >= 0 ? <rect className="gate-separator" x={r(x(sep))} y={0} width={r(cw)} height={height} /> : null}
      {view.kinds.map((k, t) => (
        <text key={`k${t}`} className={`gate-kind gate-kind-${k}`} x={r(x(t) + cw / 2)} y={KIND_H - 4} textAnchor="middle">
          {KIND_MARK[k]}
        </text>
      ))}
      <text className="gate-label" x={0} y={KIND_H - 4}>
        token
      </text>
      {placed.map((b) => (
        <g key={b.name} className={b.className}>
          <text className="gate-label" x={0} y={b.top + Math.min(b.rows.length * b.h, 12) - 2}>
            {b.name}
          </text>
          {b.rows.map((row, c) =>
            row.map((v, t) => (
              <rect
                key={`${c}-${t}`}
                className="gate-cell"
                x={r(x(t) + 0.5)}
                y={b.top + c * b.h}
                width={r(cw - 1)}
                height={b.h - 1}
                fillOpacity={r(Math.max(0.04, v))}
              />
            )),
          )}
        </g>
      ))}
    </>
  );
});

export function GateStrips({ view, at }: { view: GateView; at: number }) {
  const { T, cw, x, height } = useMemo(() => layoutOf(view), [view]);
  return (
    // On a phone the strips scroll sideways in their box, which the keyboard can reach.
    <div className="gate-strips-box" role="region" aria-label="The gates, one column a token" tabIndex={0}>
      <svg
        className="gate-strips"
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={`The gates each of the ${T} tokens set, from 0 to 1; the readout above gives the token the slider is on.`}
      >
        <Cells view={view} />
        <rect className="gate-now" x={r(x(at))} y={0.5} width={r(cw)} height={height - 1} />
      </svg>
    </div>
  );
}
