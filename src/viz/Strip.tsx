/**
 * A small picture of a vector (a key as a column, a row written along it) on the heatmap's
 * scale and paint: no focus and no readout of its own, as the figure says in words what it shows.
 * It is drawn once the figure is live: the server sends only its box, which keeps its place.
 */
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { draw, type Palette, readPalette } from './cellPaint';
import type { HeatmapHandle } from './Heatmap';
import { useThemeVersion } from './useThemeVersion';

export interface StripProps {
  values: ArrayLike<number>;
  rows: number;
  cols: number;
  max: number;
  className?: string;
  ref?: Ref<HeatmapHandle>;
}

export function Strip({ values, rows, cols, max, className, ref }: StripProps) {
  const [live, setLive] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const palette = useRef<Palette | null>(null);
  const themeVersion = useThemeVersion();
  useEffect(() => setLive(true), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the canvas appears once live; its colours change with the theme and are read again then.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    palette.current = readPalette(canvas);
    if (palette.current) draw(canvas, values, max, rows, cols, palette.current);
  }, [live, themeVersion, values, max, rows, cols]);
  useImperativeHandle(
    ref,
    () => ({
      show(next: ArrayLike<number>, nextMax: number) {
        const canvas = canvasRef.current;
        if (!canvas) return;
        palette.current ??= readPalette(canvas);
        if (palette.current) draw(canvas, next, nextMax, rows, cols, palette.current);
      },
    }),
    [rows, cols],
  );
  return (
    <span
      className={`heatmap-grid strip${live ? ' is-live' : ''}${className ? ` ${className}` : ''}`}
      aria-hidden="true"
      style={{ aspectRatio: `${cols} / ${rows}`, ['--cols' as string]: cols, ['--rows' as string]: rows }}
    >
      {live ? <canvas ref={canvasRef} className="heatmap-picture heatmap-bitmap" width={cols} height={rows} /> : null}
    </span>
  );
}
