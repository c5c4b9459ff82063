/**
 * The chunking figure: a chunk-size slider that cuts a short sequence into masked blocks and a
 * carried state, and, for realistic sizes, FLOPs against modelled GPU time over chunk size.
 * Owns the controls' state and URL; each part it composes draws one thing from src/core's maths.
 */
import { useCallback, useMemo, useReducer, useState } from 'react';
import type { FigureGpu } from '../../content/chunking';
import { integer } from '../../format';
import { RangeControl } from '../../viz/RangeControl';
import { useUrlState } from '../urlState';
import { ChunkDiagram } from './ChunkDiagram';
import { Charts } from './Charts';
import { CurvesTable } from './CurvesTable';
import { DiagramNotes } from './DiagramNotes';
import { chunkingCodec, currentPoint, curves, WIDEST_LENGTH, type ChunkingControls } from './model';
import { Readout } from './Readout';
import { TimeSplit } from './TimeSplit';
import { WorkloadControls } from './WorkloadControls';
// In this order: one stylesheet for the page keeps the rules in the order they are imported.
import './chunking.css';
import './chunking-charts.css';
import './chunking-tables.css';
import './chunking-paint.css';

export type ChunkingGpu = FigureGpu;

interface ChunkingFigureProps {
  /** The GPUs on offer, in menu order, from data/hardware.json. */
  gpus: ChunkingGpu[];
  /** Where the figure opens, and what a reset returns to (src/content/defaults.ts). */
  defaults: ChunkingControls;
  /** Tokens in the short sequence the diagram cuts into chunks. */
  tokens: number;
}

type Action = { type: 'set'; patch: Partial<ChunkingControls> } | { type: 'load'; controls: ChunkingControls } | { type: 'reset'; controls: ChunkingControls };

function reducer(state: ChunkingControls, action: Action): ChunkingControls {
  if (action.type !== 'set') return action.controls;
  const next = { ...state, ...action.patch };
  // A chunk cannot be longer than the sequence it cuts.
  return next.C > next.L ? { ...next, C: next.L } : next;
}

export function ChunkingFigure({ gpus, defaults, tokens }: ChunkingFigureProps) {
  const [controls, dispatch] = useReducer(reducer, defaults);
  const [hydrated, setHydrated] = useState(false);
  const codec = useMemo(() => chunkingCodec(gpus.map((g) => g.id)), [gpus]);
  const longestGpuName = useMemo(() => gpus.reduce((a, g) => (g.name.length > a.length ? g.name : a), ''), [gpus]);

  useUrlState(codec, controls, defaults, (loaded) => {
    dispatch({ type: 'load', controls: loaded });
    setHydrated(true);
  });

  // One identity for the figure's life, so the controls that do not move with C skip its moves.
  const set = useCallback((patch: Partial<ChunkingControls>) => dispatch({ type: 'set', patch }), []);
  const reset = useCallback(() => dispatch({ type: 'reset', controls: defaults }), [defaults]);
  const setC = useCallback((v: number) => dispatch({ type: 'set', patch: { C: 2 ** v } }), []);

  const gpu = gpus.find((g) => g.id === controls.gpu) ?? gpus[0];
  if (!gpu) throw new Error('the chunking figure needs at least one GPU');
  const { C, L, bh, d, tau } = controls;
  // Moving C alone leaves the curves as they are; only the markers and the readout follow it.
  const c = useMemo(() => curves({ L, bh, d, tau }, gpu), [L, bh, d, tau, gpu]);
  const current = currentPoint(controls, gpu);
  const cur = current.sum;

  return (
    <div className="chunking-figure" data-hydrated={hydrated ? 'true' : undefined}>
      <div className="chunking-top">
        <RangeControl
          className="chunking-control chunking-c"
          id="chunking-C"
          label="Chunk size C"
          min={0}
          max={Math.log2(L)}
          step={1}
          value={Math.log2(C)}
          valueText={`C = ${integer(C)}`}
          display={`C = ${integer(C)}`}
          widest={`C = ${integer(WIDEST_LENGTH)}`}
          onValue={setC}
        />
        <div className="chunking-diagram-wrap">
          {/* In a block of its own, not a grid item, so the diagram lays out alone when C moves. */}
          <div className="chunking-diagram-box">
            <ChunkDiagram tokens={tokens} C={C} />
          </div>
          <DiagramNotes tokens={tokens} C={C} />
        </div>
      </div>

      <WorkloadControls gpu={controls.gpu} L={L} bh={bh} d={d} tau={tau} gpus={gpus} onSet={set} onReset={reset} />

      <Charts c={c} gpuName={gpu.name} L={L} C={C} flopsRatio={current.flopsRatio} />

      <TimeSplit
        C={C}
        tensor={cur.tensorSeconds}
        memory={cur.memorySeconds}
        sequential={cur.sequentialSeconds}
        overhead={cur.overheadSeconds}
        total={cur.totalSeconds}
      />

      <Readout
        longestGpuName={longestGpuName}
        C={C}
        gpuName={gpu.name}
        flops={current.flopsRatio * 6 * d * d * L * bh}
        ratio={current.flopsRatio}
        steps={Math.ceil(L / C)}
        sum={cur.totalSeconds}
        max={current.maxTotal}
        optSum={Math.round(c.optimumSum.C)}
        optMax={Math.round(c.optimumMax.C)}
      />

      <CurvesTable c={c} gpuName={gpu.name} L={L} bh={bh} d={d} tau={tau} />
    </div>
  );
}
