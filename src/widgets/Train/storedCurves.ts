/**
 * The stored grid's training curves (the build's data/recall-curves.json), fetched once when a
 * reader first trains a cell, so the page carries none of them until then: a run is drawn beside
 * the stored seeds of its memory, load and stream, which shows how much of the budget is plateau.
 */
import { useEffect, useState } from 'react';
import type { CellSpec } from '../../core/mqar/run';
import { curveKey, type StoredCurve } from '../../core/mqar/stored';

/** Where the build serves every stored cell's training curve (src/content/mqar.ts, MQAR_DOWNLOADS.curves). */
export const CURVES_FILE = 'data/recall-curves.json';

interface CurvesFile {
  every: number;
  steps: number;
  cells: Record<string, StoredCurve[]>;
}

let file: Promise<CurvesFile | null> | null = null;

/** The curves' file, asked for once a page; null where it could not be read. */
function loadCurves(): Promise<CurvesFile | null> {
  file ??= fetch(new URL(CURVES_FILE, document.baseURI))
    .then((r) => (r.ok ? (r.json() as Promise<CurvesFile>) : null))
    .catch(() => null);
  return file;
}

/** The stored seeds of the run's memory, load and stream, where the run has the grid's width and steps; null until read, or where there are none to draw. */
export function useStoredCurves(spec: CellSpec | null, grid: { d: number; steps: number }): StoredCurve[] | null {
  const [curves, setCurves] = useState<StoredCurve[] | null>(null);
  const key = spec && spec.d === grid.d && spec.steps === grid.steps ? curveKey(spec.stream, spec.kv, spec.mixer) : null;
  useEffect(() => {
    setCurves(null);
    if (key === null) return;
    let live = true;
    void loadCurves().then((f) => live && setCurves(f?.cells[key] ?? null));
    return () => {
      live = false;
    };
  }, [key]);
  return curves;
}
