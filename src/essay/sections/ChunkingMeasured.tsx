/**
 * The chunking section's door to a measurement: the delta rule's kernels timed on the reader's own
 * GPU beside the cost model. A fold of its own, placed at the section's end.
 */
import { MEASURE_DEFAULTS, measureGpu } from '../../content/gpuMeasure';
import { Fold } from '../../viz/Fold';
import { Island } from '../Island';

export function ChunkingMeasured() {
  return (
    <Fold id="chunking-measured" summary="Go deeper: timed on your own GPU">
      <p>The model is an estimate for an {measureGpu().name}. Here the chunked delta rule runs on the GPU of the device you are reading on, and the model is fitted to what it measures.</p>
      <Island name="gpuMeasure" props={{ reference: measureGpu(), defaults: { ...MEASURE_DEFAULTS } }} />
    </Fold>
  );
}
