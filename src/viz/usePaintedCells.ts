/**
 * The canvas behind Heatmap and Strip: live once mounted, its colours read from the theme when it
 * appears and when the theme changes, redrawn when its values change, and `paint` for a caller
 * that draws other values at once, without a render.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { draw, type Palette, readPalette } from './cellPaint';
import { useThemeVersion } from './useThemeVersion';

export function usePaintedCells(values: ArrayLike<number>, max: number, rows: number, cols: number) {
  const [live, setLive] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const palette = useRef<Palette | null>(null);
  const themeVersion = useThemeVersion();

  useEffect(() => setLive(true), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the canvas appears once live, and its colours change with the theme.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas) palette.current = readPalette(canvas);
  }, [live, themeVersion]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn once live and on a theme change, with the palette just read.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas && palette.current) draw(canvas, values, max, rows, cols, palette.current);
  }, [live, themeVersion, values, max, rows, cols]);

  const paint = useCallback(
    (next: ArrayLike<number>, nextMax: number) => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      // A drag may come between the canvas appearing and the effect that reads its colours.
      palette.current ??= readPalette(canvas);
      if (palette.current) draw(canvas, next, nextMax, rows, cols, palette.current);
    },
    [rows, cols],
  );

  return { live, canvasRef, paint };
}
