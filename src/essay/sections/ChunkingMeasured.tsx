/**
 * The chunking section's door to a measurement: the delta rule's kernels timed on the reader's own
 * GPU beside the cost model. A fold of its own, placed at the section's end.
 */
import { MEASURE_DEFAULTS, measureGpu } from '../../content/gpuMeasure';
import { Fold } from '../../viz/Fold';
import { Island } from '../Island';

export function ChunkingMeasured() {
  return (
    <Fold id="chunking-measured" summary="Go deeper: measured on this GPU">
      <p>The model is an estimate. Here the chunked delta rule runs on your own device, and the model is fitted to what it measures.</p>
      <Island name="gpuMeasure" props={{ h200: measureGpu(), defaults: { ...MEASURE_DEFAULTS } }} />
    </Fold>
  );
}
