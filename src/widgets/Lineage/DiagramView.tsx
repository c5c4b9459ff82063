/**
 * The small picture beside each step, drawn as SVG from the step's numbers; one component per
 * kind of picture. Colours come from the page's tokens (lineage-diagrams.css).
 */
import { ChunkPicture } from './ChunkPicture';
import { DecayGrid } from './DecayGrid';
import { ExpertGrid, LayerStack } from './K3Pictures';
import { MemoryChart } from './MemoryChart';
import type { Diagram } from './types';
import { WriteGrids } from './WriteGrids';

export function DiagramView({ diagram }: { diagram: Diagram }) {
  switch (diagram.kind) {
    case 'memory':
      return <MemoryChart {...diagram} />;
    case 'write':
      return <WriteGrids {...diagram} />;
    case 'chunks':
      return <ChunkPicture {...diagram} />;
    case 'decay':
      return <DecayGrid {...diagram} />;
    case 'k3':
      return (
        <>
          <LayerStack {...diagram} />
          <ExpertGrid {...diagram} />
        </>
      );
  }
}
