/** Every interactive component that the client hydrates, by the name the page marks it with. */
import { ScaleFigure } from '../widgets/Scale/ScaleFigure';
import { ThemeToggle } from './ThemeToggle';

export const islands = {
  scale: ScaleFigure,
  theme: ThemeToggle,
} as const;

export type IslandName = keyof typeof islands;
