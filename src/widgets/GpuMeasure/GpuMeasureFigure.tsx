/**
 * The chunk-size tradeoff timed on the reader's own GPU: on a press, a worker checks the page's
 * WGSL kernels against float64 and times C = 1 … 256 for 1, 8 and 32 heads; the figure draws the
 * points beside the cost model fitted to them and the model's curve for the chunking figure's reference GPU. Before a press, and
 * without script, it says what the model predicts and what the measurement would do.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { integer } from '../../format';
import type { Gpu } from '../../core/costInputs';
import { achievedFlops, SWEEP_CHUNKS, SWEEP_HEADS, sweepPlan } from '../../core/gpuSweep';
import { LabelledSelect } from '../../viz/Select';
import { save } from '../Lab/download';
import { useUrlState } from '../urlState';
import { adapterWords, csv, gpuModelMs, json, measured, methodWords, SOFTWARE, sentences } from './describe';
import { MeasureChart } from './MeasureChart';
import type { MeasureRequest } from './protocol';
import { LENGTHS, type MeasureState, measureCodec, RULES, WIDTHS } from './state';
import { type MeasureRun, useMeasure } from './useMeasure';

export interface GpuMeasureFigureProps {
  reference: Gpu;
  defaults: MeasureState;
}

const requestOf = (s: MeasureState): MeasureRequest => ({ L: s.L, d: s.d, rule: s.rule, heads: SWEEP_HEADS, chunks: SWEEP_CHUNKS });
const RULE_WORDS = { delta: 'delta rule', gated: 'gated delta rule' } as const;
const f3 = (x: number) => x.toPrecision(3);

function statusText(run: MeasureRun, total: number): string {
  const n = run.points.length;
  switch (run.status) {
    case 'idle':
      return 'Nothing measured yet.';
    case 'running':
      return run.points.length === 0 ? `Checking each kernel against float64 (${run.checks.length} checked)…` : `Timing: ${n} of ${total} points.`;
    case 'stopped':
      return `Stopped after ${n} of ${total} points.`;
    case 'done':
      return `Done: ${n} points.`;
    case 'failed':
      return run.failure?.reason === 'no-webgpu' || run.failure?.reason === 'no-adapter'
        ? `${run.failure.message} The model alone is drawn. WebGPU needs a secure page and a browser that ships it: Chrome or Edge 113 and later, Safari 26, Firefox 141 on Windows.`
        : `Stopped: ${run.failure?.message ?? 'the run failed.'}`;
  }
}

export function GpuMeasureFigure({ reference, defaults }: GpuMeasureFigureProps) {
  const [state, setState] = useState(defaults);
  useUrlState(measureCodec, state, defaults, setState, { hash: 'chunking-measured' });
  const set = useCallback((s: Partial<MeasureState>) => setState((x) => ({ ...x, ...s })), []);
  const { run, start, stop } = useMeasure();
  // Controls, chart and table are drawn by script only: without it the words carry the model, and the page stays within its three round trips.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const req = run.request ?? requestOf(state);
  const shape = { L: req.L, d: req.d, heads: state.heads };
  const total = sweepPlan({ L: req.L, chunks: req.chunks, heads: req.heads }).length;
  const pts = useMemo(() => measured(req, run.points), [req, run.points]);
  const said = useMemo(() => sentences(run, state.heads, reference), [run, state.heads, reference]);
  const modelBest = SWEEP_CHUNKS.filter((C) => C > 1 && C <= state.L).reduce((b, C) =>
    gpuModelMs(reference, { ...state, C }) < gpuModelMs(reference, { ...state, C: b }) ? C : b,
  );
  const file = `measured-${req.rule}-L${req.L}-d${req.d}`;
  const running = run.status === 'running';
  const cs = SWEEP_CHUNKS.filter((C) => C <= req.L);

  return (
    <div className="lab figure-inputs">
      {/* One text node: React writes no separators inside one, and the page has bytes to spare only so. */}
      <p>
        {`For ${state.heads} heads of width ${state.d} over ${integer(state.L)} tokens, the model puts the fastest chunk on an ${reference.name} at C = ${modelBest}, ${f3(gpuModelMs(reference, { ...state, C: modelBest }))} ms (token by token: ${f3(gpuModelMs(reference, { ...state, C: 1 }))} ms). With script on, a press checks these WebGPU kernels against float64, then times C = 1 to 256 at 1, 8 and 32 heads; nothing leaves the browser.`}
      </p>
      {live ? (
        <>
          <p>{`What to look for: where the measured curve bottoms out, against the model of an ${reference.name}, and whether token by token wins with few heads.`}</p>
          <div className="lab-controls">
            <LabelledSelect label="Head width d" value={String(state.d)} options={WIDTHS.map(String)} onChange={(v) => set({ d: Number(v) })} />
            <LabelledSelect label="Rule" value={state.rule} options={RULES} words={(r) => RULE_WORDS[r]} onChange={(rule) => set({ rule })} />
            <LabelledSelect label="Tokens L" value={String(state.L)} options={LENGTHS.map(String)} onChange={(v) => set({ L: Number(v) })} />
            <LabelledSelect label="Heads drawn" value={String(state.heads)} options={SWEEP_HEADS.map(String)} onChange={(v) => set({ heads: Number(v) })} />
          </div>
          <div className="lab-run">
            {running ? (
              <button type="button" onClick={stop}>
                Stop
              </button>
            ) : (
              <button type="button" onClick={() => start(requestOf(state))}>
                {run.status === 'idle' ? 'Measure on your GPU' : 'Measure again'}
              </button>
            )}
            <progress max={total} value={run.points.length} aria-label="Points timed" />
            <p className="lab-progress" role="status">
              {statusText(run, total)}
            </p>
          </div>
          {run.adapter ? (
            <p className={run.adapter.fallback ? 'gm-adapter gm-software' : 'gm-adapter'}>
              {run.adapter.fallback ? <strong>{SOFTWARE}. </strong> : null}
              {`Adapter: ${adapterWords(run.adapter, true)}; workgroup memory ${run.adapter.workgroupBytes / 1024} KiB${run.points.length > 0 ? `; ${methodWords(run.points)}` : ''}.`}
            </p>
          ) : null}
          <MeasureChart points={pts} chunks={cs} shape={shape} reference={reference} />
          {said.length > 0 ? (
            <ul className="gm-said">
              {said.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          ) : null}
          {run.points.length > 0 || run.checks.length > 0 ? (
            <>
              {/* Above the box rather than inside the table, so that on a phone it wraps to the column instead of scrolling with a table wider than it. */}
              <p className="gm-table-caption" id="gm-table-caption">
                {`${RULE_WORDS[req.rule]}, d = ${req.d}, L = ${req.L}: milliseconds per forward pass by head count; GFLOP/s of the heads drawn, these kernels’ and not the hardware’s limit; where the prepare pass kept T; on the small case, error against float64, and the largest difference from the token-by-token recurrence, against outputs up to ${run.checks[0] ? run.checks[0].scale.toPrecision(2) : '–'}`}
              </p>
              <div className="chunking-table-region gm-table-region" role="region" aria-labelledby="gm-table-caption" tabIndex={0}>
                <table className="chunking-data gm-table" aria-labelledby="gm-table-caption">
                  <thead>
                    <tr>
                      <th scope="col">C</th>
                      {req.heads.map((h) => (
                        <th key={h} scope="col">{`${h} head${h === 1 ? '' : 's'}`}</th>
                      ))}
                      <th scope="col">{`GFLOP/s (${state.heads})`}</th>
                      <th scope="col">T in</th>
                      <th scope="col">error</th>
                      <th scope="col">max |chunked − recurrent|</th>
                    </tr>
                  </thead>
                  <tbody>
                    {cs.map((C) => {
                      const drawn = pts.find((p) => p.C === C && p.heads === state.heads);
                      const check = run.checks.find((c) => c.C === C && c.rule === req.rule);
                      return (
                        <tr key={C}>
                          <th scope="row">{C}</th>
                          {req.heads.map((h) => {
                            const p = pts.find((x) => x.C === C && x.heads === h);
                            return <td key={h}>{p ? f3(p.ms) : '–'}</td>;
                          })}
                          <td>{drawn ? f3(achievedFlops(drawn) / 1e9) : '–'}</td>
                          <td>{C === 1 ? '–' : (run.points.find((p) => p.C === C)?.path ?? '–')}</td>
                          <td>{check ? check.error.toPrecision(2) : '–'}</td>
                          <td>{check ? check.vsRecurrence.toExponential(1) : '–'}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
          <p className="gm-downloads">
            Download this run, with its method and adapter:{' '}
            <button type="button" disabled={run.points.length === 0} onClick={() => save(csv(run, reference), `${file}.csv`, 'text/csv')}>
              CSV
            </button>{' '}
            <button type="button" disabled={run.points.length === 0} onClick={() => save(json(run, reference), `${file}.json`, 'application/json')}>
              JSON
            </button>
          </p>
        </>
      ) : null}
    </div>
  );
}
