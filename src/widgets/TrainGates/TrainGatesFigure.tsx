/**
 * What the trained memory learned: for one test sequence of a trained cell, the gates it computed
 * token by token, the state after the token the slider is on, and each query's answer. It opens on
 * the stored cells (their traces come with the figure's props, computed at build time from the
 * stored weights); a run finished on the page above joins them as "your run".
 */
import { useEffect, useMemo, useState } from 'react';
import type { GateCell } from '../../core/mqar/gateView';
import { viewStates } from '../../core/mqar/gateView';
import { Heatmap } from '../../viz/Heatmap';
import { gatesLookFor, KIND_WORDS, MIXER_WORDS, tokenReadout } from './describe';
import { GateStrips } from './GateStrips';
import { gatesCodec, type GatesSettings } from './state';
import { useUrlState } from '../urlState';
import { latestRun, RUN_GATES_EVENT } from '../Train/runGates';
import '../Forget/forget-states.css';
import './train-gates.css';

export interface TrainGatesProps {
  cells: GateCell[];
  /** The cell and token the figure opens on. */
  defaults: GatesSettings;
}

export function TrainGatesFigure({ cells: stored, defaults }: TrainGatesProps) {
  const [run, setRun] = useState<GateCell | null>(null);
  const cells = useMemo(() => (run ? [run, ...stored] : stored), [run, stored]);
  const [state, setState] = useState<GatesSettings>(defaults);
  const codec = useMemo(() => gatesCodec(stored.map((c) => ({ id: c.id, tokens: c.view.kinds.length }))), [stored]);
  useUrlState(codec, state, defaults, setState);
  const cell = cells.find((c) => c.id === state.cell) ?? cells[0]!;
  const { view } = cell;
  const t = Math.min(state.token, view.kinds.length - 1);
  const states = useMemo(() => viewStates(view), [view]);

  // A reader's run: one finished before this figure woke is taken at once, a later one as it ends.
  useEffect(() => {
    const take = (cell: GateCell) => {
      setRun(cell);
      setState({ cell: cell.id, token: Math.max(0, cell.view.kinds.indexOf('separator')) });
    };
    const finished = latestRun();
    if (finished) take(finished);
    const onRun = (e: Event) => take((e as CustomEvent<GateCell>).detail);
    window.addEventListener(RUN_GATES_EVENT, onRun);
    return () => window.removeEventListener(RUN_GATES_EVENT, onRun);
  }, []);

  // The look-for line sits outside the island, above the figure: written here when the cell changes.
  const lookFor = gatesLookFor(view);
  useEffect(() => {
    const line = document.getElementById('train-gates-figure')?.querySelector('.look-for');
    if (line && line.textContent !== lookFor) line.textContent = lookFor;
  }, [lookFor]);

  const queries = view.answers.flatMap((a, i) => (a ? [{ i, ...a }] : []));
  return (
    <div className="train-gates">
      <div className="train-gates-controls">
        <label>
          Cell{' '}
          <select
            value={cell.id}
            onChange={(e) =>
              setState({ cell: e.currentTarget.value, token: Math.max(0, cells.find((c) => c.id === e.currentTarget.value)!.view.kinds.indexOf('separator')) })
            }
          >
            {cells.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="train-gates-token">
          Token{' '}
          <input
            id="train-gates-token"
            type="range"
            min={0}
            max={view.kinds.length - 1}
            value={t}
            aria-valuetext={`token ${t + 1}, ${KIND_WORDS[view.kinds[t]!]}`}
            onChange={(e) => setState({ cell: cell.id, token: Number(e.currentTarget.value) })}
          />
        </label>
      </div>
      <p className="train-gates-readout" role="status">
        {tokenReadout(view, t)}
      </p>
      <GateStrips view={view} at={t} />
      <p className="train-gates-key">
        Columns are tokens: W a write, R a rewrite, | the separator, Q a query. A cell is its gate&rsquo;s value, blank at 0 and full at 1;{' '}
        {view.alpha && view.alpha[0]!.length > 1 ? 'α has a row per key channel' : 'each gate one row'}
        {view.erase ? ', and so do b and w' : ''}. {MIXER_WORDS[view.mixer].charAt(0).toUpperCase() + MIXER_WORDS[view.mixer].slice(1)}, trained
        {cell.run ? ' on this page' : ''}: {cell.note}
      </p>
      <div className="train-gates-state">
        <Heatmap
          values={states[t]!}
          rows={view.d}
          cols={view.d}
          max={1}
          size={176}
          label={`The state after token ${t + 1}, ${view.d} by ${view.d}`}
          rowLabel={(r) => `key channel ${r + 1}`}
          colLabel={(c) => `value channel ${c + 1}`}
        />
        <p className="train-gates-state-note">
          The state after token {t + 1}, {KIND_WORDS[view.kinds[t]!]}: a row per key channel, gold positive, blue negative, full strength at ±1.
        </p>
      </div>
      <ol className="train-gates-answers" aria-label="Each query’s answer">
        {queries.map((q) => (
          <li key={q.i} className={q.right ? 'is-right' : 'is-wrong'}>
            Token {q.i + 1}: {q.right ? 'right' : 'wrong'}, {q.p.toFixed(2)} on the right value
          </li>
        ))}
      </ol>
    </div>
  );
}
