/**
 * A small picture of a vector (a key as a column, a row written along it) on the heatmap's
 * scale and paint: no focus and no readout of its own, as the figure says in words what it shows.
 * It is drawn once the figure is live: the server sends only its box, which keeps its place.
 */
import { useImperativeHandle, type Ref } from 'react';
import type { HeatmapHandle } from './Heatmap';
import { usePaintedCells } from './usePaintedCells';

export interface StripProps {
  values: ArrayLike<number>;
  rows: number;
  cols: number;
  max: number;
  className?: string;
  ref?: Ref<HeatmapHandle>;
}

export function Strip({ values, rows, cols, max, className, ref }: StripProps) {
  const { live, canvasRef, paint } = usePaintedCells(values, max, rows, cols);
  useImperativeHandle(ref, () => ({ show: paint }), [paint]);
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
