/**
 * The client's side of ./islands.ts: one lazily loaded chunk per island, so each figure's
 * code is fetched only when its node comes near and is measured against its own budget.
 */
import type { ComponentType } from 'react';
import type { IslandName } from './islands';

/** Where the build writes each island's props beside the page, as <name>.json (src/essay/Island.tsx). */
export const ISLAND_PROPS_DIR = 'islands';

type Loader = () => Promise<ComponentType<Record<string, unknown>>>;
const as = <T>(c: T) => c as unknown as ComponentType<Record<string, unknown>>;

export const islandLoaders: Record<IslandName, Loader> = {
  forget: () => import('./Forget/ForgetFigure').then((m) => as(m.ForgetFigure)),
  lab: () => import('./Lab/LabFigure').then((m) => as(m.LabFigure)),
  chunking: () => import('./Chunking/ChunkingFigure').then((m) => as(m.ChunkingFigure)),
  gpuMeasure: () => import('./GpuMeasure/GpuMeasureFigure').then((m) => as(m.GpuMeasureFigure)),
  shipping: () => import('./Shipping/ShippingFigure').then((m) => as(m.ShippingFigure)),
  memory: () => import('./Memory/MemoryFigure').then((m) => as(m.MemoryFigure)),
  k3Memory: () => import('./Recall/K3MemoryFigure').then((m) => as(m.K3MemoryFigure)),
  lineage: () => import('./Lineage/LineageFigure').then((m) => as(m.LineageFigure)),
  recall: () => import('./Recall/RecallFigure').then((m) => as(m.RecallFigure)),
  evidence: () => import('./Evidence/EvidenceFigure').then((m) => as(m.EvidenceFigure)),
  train: () => import('./Train/TrainFigure').then((m) => as(m.TrainFigure)),
  trainGates: () => import('./TrainGates/TrainGatesFigure').then((m) => as(m.TrainGatesFigure)),
};
