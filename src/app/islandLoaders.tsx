/**
 * The client's side of ./islands.ts: one lazily loaded chunk per island, so each figure's
 * code is fetched only by pages that show it and is measured against its own budget.
 */
import type { ComponentType } from 'react';
import type { IslandName } from './islands';

type Loader = () => Promise<ComponentType<Record<string, unknown>>>;
const as = <T,>(c: T) => c as unknown as ComponentType<Record<string, unknown>>;

export const islandLoaders: Record<IslandName, Loader> = {
  scale: () => import('../widgets/Scale/ScaleFigure').then((m) => as(m.ScaleFigure)),
  forget: () => import('../widgets/Forget/ForgetFigure').then((m) => as(m.ForgetFigure)),
  chunking: () => import('../widgets/Chunking/ChunkingFigure').then((m) => as(m.ChunkingFigure)),
  shipping: () => import('../widgets/Shipping/ShippingFigure').then((m) => as(m.ShippingFigure)),
  lineage: () => import('../widgets/Lineage/LineageFigure').then((m) => as(m.LineageFigure)),
  theme: () => import('./ThemeToggle').then((m) => as(m.ThemeToggle)),
};
