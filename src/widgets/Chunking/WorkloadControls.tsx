/**
 * The workload and hardware controls: GPU, sequence length, heads, head dimension, per-step
 * latency and a reset, in a fold whose summary says the workload drawn. None of them moves with C,
 * so a move of C skips this whole subtree.
 */
import { memo, useCallback } from 'react';
import type { FigureGpu } from '../../content/chunking';
import { fixed, integer } from '../../format';
import { RangeControl } from '../../viz/RangeControl';
import { BH_EXPONENTS, HEAD_DIMS, L_EXPONENTS, TAU, WIDEST_LENGTH, roundTau, type ChunkingControls } from './model';
import { Fold } from '../../viz/Fold';
import { Select } from '../../viz/Select';

interface WorkloadControlsProps {
  gpu: string;
  L: number;
  bh: number;
  d: number;
  tau: number;
  gpus: readonly FigureGpu[];
  /** Both keep one identity for the figure's life, so a move of C leaves this memo alone. */
  onSet: (patch: Partial<ChunkingControls>) => void;
  onReset: () => void;
}

export const WorkloadControls = memo(function WorkloadControls({ gpu, L, bh, d, tau, gpus, onSet, onReset }: WorkloadControlsProps) {
  // One identity each, so a move of one control leaves the others' inputs untouched.
  const setGpu = useCallback((gpu: string) => onSet({ gpu }), [onSet]);
  const setL = useCallback((v: number) => onSet({ L: 2 ** v }), [onSet]);
  const setBh = useCallback((v: number) => onSet({ bh: 2 ** v }), [onSet]);
  const setD = useCallback((d: string) => onSet({ d: Number(d) }), [onSet]);
  const setTau = useCallback((v: number) => onSet({ tau: roundTau(v) }), [onSet]);
  const gpuName = gpus.find((g) => g.id === gpu)?.name ?? gpu;
  return (
    <Fold className="chunking-workload" summary={`Workload and hardware: ${gpuName}, L = ${integer(L)}, B·H = ${bh}, d = ${d}, τ₀ = ${fixed(tau)} µs`}>
      <fieldset className="chunking-controls">
        <legend>Workload and hardware</legend>
        <div className="chunking-control">
          <label htmlFor="chunking-gpu">GPU</label>
          <Select id="chunking-gpu" value={gpu} onChange={setGpu}>
            {gpus.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </Select>
        </div>
        <RangeControl
          className="chunking-control"
          id="chunking-L"
          label="Sequence length L"
          min={L_EXPONENTS.min}
          max={L_EXPONENTS.max}
          step={1}
          value={Math.log2(L)}
          valueText={`L = ${integer(L)} tokens`}
          display={`${integer(L)} tokens`}
          widest={`${integer(WIDEST_LENGTH)} tokens`}
          onValue={setL}
        />
        <RangeControl
          className="chunking-control"
          id="chunking-bh"
          label="Heads B·H"
          min={BH_EXPONENTS.min}
          max={BH_EXPONENTS.max}
          step={1}
          value={Math.log2(bh)}
          valueText={`B·H = ${bh}`}
          display={String(bh)}
          widest={String(2 ** BH_EXPONENTS.max)}
          onValue={setBh}
        />
        <div className="chunking-control">
          <label htmlFor="chunking-d">Head dimension d</label>
          <Select id="chunking-d" value={String(d)} onChange={setD}>
            {HEAD_DIMS.map((dim) => (
              <option key={dim} value={dim}>
                {dim}
              </option>
            ))}
          </Select>
        </div>
        <RangeControl
          className="chunking-control"
          id="chunking-tau"
          label="Per-step latency τ₀"
          min={TAU.min}
          max={TAU.max}
          step={TAU.step}
          value={tau}
          valueText={`τ₀ = ${tau} microseconds`}
          display={`${fixed(tau)} µs`}
          widest={`${fixed(TAU.max)} µs`}
          onValue={setTau}
        />
        <div className="chunking-control chunking-reset">
          <button type="button" onClick={onReset}>
            Reset
          </button>
        </div>
      </fieldset>
    </Fold>
  );
});
