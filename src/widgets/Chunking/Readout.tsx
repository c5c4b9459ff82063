/**
 * The figure's sentence at the chosen chunk size: FLOPs, sequential steps and modelled time
 * with and without overlap, and the fastest chunk sizes. Screen readers hear it on each change.
 */
import { memo, useMemo } from 'react';
import { flops as formatFlops, integer, ratio, time } from '../../format';
import { Steady } from '../../viz/Steady';
import { WIDEST_LENGTH } from './model';

interface ReadoutProps {
  C: number;
  gpuName: string;
  flops: number;
  ratio: number;
  steps: number;
  sum: number;
  max: number;
  optSum: number;
  optMax: number;
}

function ReadoutText({ C, gpuName, flops, ratio: flopsRatio, steps, sum, max, optSum, optMax }: ReadoutProps) {
  // biome-ignore format: the {' '} is a text node of its own; merged into the words around it, the glyphs land a subpixel away.
  return (
    <>
      C = {integer(C)} on {gpuName}: {formatFlops(flops)} ({ratio(flopsRatio)} the recurrent form), {integer(steps)}{' '}
      sequential {steps === 1 ? 'step' : 'steps'}, modelled {time(sum)} without overlap, {time(max)} with full
      overlap. Fastest: C ≈ {optSum} without overlap, ≈ {optMax} with it.
    </>
  );
}

/** The readout in a box sized once for its longest form: the longest GPU name and the most digits. */
export const Readout = memo(function Readout({ longestGpuName, ...props }: ReadoutProps & { longestGpuName: string }) {
  const template = useMemo(
    () => (
      <ReadoutText
        C={WIDEST_LENGTH}
        gpuName={longestGpuName}
        flops={888e15}
        ratio={888}
        steps={WIDEST_LENGTH}
        sum={0.888}
        max={0.888}
        optSum={WIDEST_LENGTH}
        optMax={WIDEST_LENGTH}
      />
    ),
    [longestGpuName],
  );
  return (
    <Steady className="chunking-readout" role="status" aria-live="polite" template={template}>
      <ReadoutText {...props} />
    </Steady>
  );
});
