/**
 * Every interactive component, by the name the page marks it with. The server renders from
 * this map; the client loads each one separately (./islandLoaders.ts) when its node exists.
 */
import { ScaleFigure } from '../widgets/Scale/ScaleFigure';
import { ForgetFigure } from '../widgets/Forget/ForgetFigure';
import { ChunkingFigure } from '../widgets/Chunking/ChunkingFigure';
import { ShippingFigure } from '../widgets/Shipping/ShippingFigure';
import { LineageFigure } from '../widgets/Lineage/LineageFigure';
import { ThemeToggle } from './ThemeToggle';

export const islands = {
  scale: ScaleFigure,
  forget: ForgetFigure,
  chunking: ChunkingFigure,
  shipping: ShippingFigure,
  lineage: LineageFigure,
  theme: ThemeToggle,
} as const;

export type IslandName = keyof typeof islands;
