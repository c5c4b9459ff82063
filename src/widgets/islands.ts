/**
 * Every interactive component, by the name the page marks it with. The server renders from
 * this map (src/essay/Island.tsx); the client loads each one separately (./islandLoaders.ts).
 */
import { ChunkingFigure } from './Chunking/ChunkingFigure';
import { EvidenceFigure } from './Evidence/EvidenceFigure';
import { ForgetFigure } from './Forget/ForgetFigure';
import { GpuMeasureFigure } from './GpuMeasure/GpuMeasureFigure';
import { K3MemoryFigure } from './Recall/K3MemoryFigure';
import { LabFigure } from './Lab/LabFigure';
import { LineageFigure } from './Lineage/LineageFigure';
import { MemoryFigure } from './Memory/MemoryFigure';
import { RecallFigure } from './Recall/RecallFigure';
import { ShippingFigure } from './Shipping/ShippingFigure';
import { TrainFigure } from './Train/TrainFigure';
import { TrainGatesFigure } from './TrainGates/TrainGatesFigure';

export const islands = {
  forget: ForgetFigure,
  lab: LabFigure,
  chunking: ChunkingFigure,
  gpuMeasure: GpuMeasureFigure,
  shipping: ShippingFigure,
  memory: MemoryFigure,
  k3Memory: K3MemoryFigure,
  lineage: LineageFigure,
  recall: RecallFigure,
  evidence: EvidenceFigure,
  train: TrainFigure,
  trainGates: TrainGatesFigure,
} as const;

export type IslandName = keyof typeof islands;
