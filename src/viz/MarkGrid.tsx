/**
 * Thousands of identical marks on one canvas, laid out row by row; the first `highlighted`
 * marks take the accent colour. The canvas keeps its aspect ratio in CSS, so the space is
 * reserved before any script runs.
 */
import { useEffect, useRef } from 'react';
import { cssToken } from './palette';
import { useThemeVersion } from './useThemeVersion';

export interface MarkGridProps {
  count: number;
  highlighted: number;
  columns: number;
  label: string;
  fallback: React.ReactNode;
}

export function gridRows(count: number, columns: number): number {
  return Math.ceil(count / columns);
}

export function MarkGrid({ count, highlighted, columns, label, fallback }: MarkGridProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const themeVersion = useThemeVersion();
  const rows = gridRows(count, columns);

  // biome-ignore lint/correctness/useExhaustiveDependencies: themeVersion only asks for a redraw in the new theme's colours.
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const draw = () => {
      const width = canvas.clientWidth;
      if (width === 0) return;
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const cell = width / columns;
      const height = cell * rows;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      const size = Math.max(cell * 0.72, 0.6);
      const muted = cssToken(canvas, '--mark-muted', '#9aa3b2');
      const accent = cssToken(canvas, '--gold', '#b8860b');
      const paint = (ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D) => {
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
        ctx.clearRect(0, 0, width, height);
        ctx.fillStyle = accent;
        for (let i = 0; i < count; i += 1) {
          if (i === highlighted) ctx.fillStyle = muted;
          ctx.fillRect((i % columns) * cell, Math.floor(i / columns) * cell, size, size);
        }
      };
      // Drawn once off screen and handed over as a finished bitmap: a 2D canvas on the page is
      // copied out again on every frame the page draws, whatever else changes; a bitmap is not.
      if (typeof OffscreenCanvas !== 'undefined') {
        const off = new OffscreenCanvas(canvas.width, canvas.height);
        const ctx = off.getContext('2d');
        const shown = ctx ? canvas.getContext('bitmaprenderer') : null;
        if (ctx && shown) {
          paint(ctx);
          shown.transferFromImageBitmap(off.transferToImageBitmap());
          return;
        }
      }
      const ctx = canvas.getContext('2d');
      if (ctx) paint(ctx);
    };
    draw();
    if (typeof ResizeObserver === 'undefined') return undefined;
    // When printing, the page is laid out at paper width; resizing the bitmap then would clear
    // it before the print is taken, so the drawn bitmap is left to scale with the page.
    const observer = new ResizeObserver(() => {
      if (!window.matchMedia?.('print').matches) draw();
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [count, highlighted, columns, rows, themeVersion]);

  return (
    <canvas ref={ref} className="mark-grid" role="img" aria-label={label} style={{ aspectRatio: `${columns} / ${rows}` }}>
      {fallback}
    </canvas>
  );
}
