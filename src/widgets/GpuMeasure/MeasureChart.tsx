/**
 * Milliseconds against C on log axes for one head count: the points measured here, the cost model
 * fitted to them, and the model's curve for the reference GPU of the chunking figure; the fastest measured C marked.
 */
import type { Gpu } from '../../core/costInputs';
import { fastest, type MeasuredPoint, modelMs } from '../../core/gpuSweep';
import { LogLogChart, type LogLogSeries } from '../../viz/LogLogChart';
import { fitFor, gpuModelMs } from './describe';

interface Props {
  readonly points: readonly MeasuredPoint[];
  readonly chunks: readonly number[];
  readonly shape: { L: number; d: number; heads: number };
  readonly reference: Gpu;
}

const fmtMs = (y: number) => (y >= 1 ? `${y} ms` : `${y * 1000} µs`);

export function MeasureChart({ points, chunks, shape, reference }: Props) {
  const mine = points.filter((p) => p.heads === shape.heads).sort((a, b) => a.C - b.C);
  const cs = chunks.filter((C) => C <= shape.L);
  const referenceLine = cs.map((C) => [C, gpuModelMs(reference, { ...shape, C })] as const);
  const fit = fitFor(points, shape.heads);
  const fitLine = fit ? cs.map((C) => [C, modelMs(fit, { ...shape, C })] as const) : [];
  const series: LogLogSeries[] = [
    { key: 'reference', className: 'is-max', points: referenceLine },
    ...(fitLine.length ? [{ key: 'fit', className: 'is-flops', points: fitLine }] : []),
    { key: 'measured', className: 'is-total', points: mine.map((p) => [p.C, p.ms] as const) },
  ];
  const ys = series.flatMap((s) => s.points.map((p) => p[1])).filter((y) => y > 0 && Number.isFinite(y));
  const yMin = 10 ** Math.floor(Math.log10(Math.min(...ys)));
  const yMax = 10 ** Math.ceil(Math.log10(Math.max(...ys)));
  const best = fastest(mine, shape.heads);
  const xMax = Math.max(2, cs[cs.length - 1] ?? 2);
  return (
    <LogLogChart
      title={`Milliseconds against chunk size, ${shape.heads} head${shape.heads === 1 ? '' : 's'} of width ${shape.d}, ${shape.L} tokens`}
      description={
        best
          ? `Measured on this device: fastest at C = ${best.C}, ${best.ms.toPrecision(3)} ms; the cost model's curve for an ${reference.name} lies ${gpuModelMs(reference, { ...shape, C: best.C }) < best.ms ? 'below' : 'above'} it there.`
          : `The cost model's curve for an ${reference.name}; nothing measured yet.`
      }
      xMax={xMax}
      yMin={yMin}
      yMax={yMax}
      formatX={String}
      formatY={fmtMs}
      xLabel="chunk size C (1 = token by token)"
      series={series}
      markers={best ? [{ key: 'best', className: 'gm-best', x: best.C, y: best.ms, label: `fastest: C = ${best.C}` }] : []}
      cursorX={best?.C ?? 1}
      classPrefix="chunking"
      legend={
        <>
          <span className="chunking-chart-title">Time of one forward pass (log axes)</span>
          <span>
            <span className="chunking-swatch is-total" aria-hidden="true" /> measured here
          </span>
          {fitLine.length ? (
            <span>
              <span className="chunking-swatch is-flops" aria-hidden="true" /> model fitted to it
            </span>
          ) : null}
          <span>
            <span className="chunking-swatch is-max" aria-hidden="true" /> model, {reference.name}
          </span>
        </>
      }
    />
  );
}
