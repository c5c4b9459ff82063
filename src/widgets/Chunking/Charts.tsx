/**
 * The two log–log charts over chunk size: FLOPs relative to the recurrent form, and modelled
 * prefill time split into its parts, each with its legend, markers and a sentence for screen
 * readers. The curves depend on the workload only; a move of C moves the cursors and one marker.
 */
import { memo, useMemo } from 'react';
import { decade, integer, powerOfTwo, ratio, time } from '../../format';
import { Swatch } from '../../viz/Legend';
import { LogLogChart, type LogLogMarker, type LogLogSeries } from '../../viz/LogLogChart';
import type { Curves } from './model';

const PREFIX = 'chunking';
const X_LABEL = 'chunk size C (log scale)';

function describeFlops(c: Curves, C: number, flopsRatio: number): string {
  const first = c.points[0];
  const last = c.points[c.points.length - 1];
  if (!first || !last) return '';
  return `Rises from ${ratio(first.flopsRatio)} the recurrent form at C = 1 to ${ratio(last.flopsRatio)} at C = ${integer(last.C)}; at the chosen C = ${integer(C)} it is ${ratio(flopsRatio)}.`;
}

function describeTime(c: Curves, gpuName: string): string {
  const first = c.points[0];
  const last = c.points[c.points.length - 1];
  if (!first || !last) return '';
  return `On ${gpuName}, the time without overlap falls from ${time(first.sum.totalSeconds)} at C = 1 to a minimum of ${time(c.optimumSum.time.totalSeconds)} near C = ${Math.round(c.optimumSum.C)}, then rises to ${time(last.sum.totalSeconds)} at C = ${integer(last.C)}. With full overlap the minimum is near C = ${Math.round(c.optimumMax.C)}. The fused recurrent kernel takes ${time(c.recurrent.totalSeconds)}.`;
}

const FLOPS_TITLE = 'FLOPs relative to the recurrent form';

/*
 * The legends are written out rather than drawn with InlineLegend: it puts the space after a
 * swatch in a text node of its own, and the label's glyphs then land a subpixel away.
 */
const flopsLegend = (
  <>
    <span className="chunking-chart-title">{FLOPS_TITLE}</span>
    <span>
      <Swatch className="chunking-swatch is-flops" /> total FLOPs ÷ 6<var>d</var>² per token
    </span>
  </>
);

function timeLegend(gpuName: string) {
  return (
    <>
      <span className="chunking-chart-title">Modelled prefill time on {gpuName}</span>
      <span>
        <Swatch className="chunking-swatch is-total" /> total, no overlap
      </span>
      <span>
        <Swatch className="chunking-swatch is-max" /> total, full overlap
      </span>
      <span>
        <Swatch className="chunking-swatch is-tensor" /> tensor cores
      </span>
      <span>
        <Swatch className="chunking-swatch is-memory" /> memory
      </span>
      <span>
        <Swatch className="chunking-swatch is-seq" /> sequential steps
      </span>
    </>
  );
}

interface ChartsProps {
  c: Curves;
  gpuName: string;
  L: number;
  C: number;
  /** FLOPs relative to the recurrent form at the chosen C. */
  flopsRatio: number;
}

export const Charts = memo(function Charts({ c, gpuName, L, C, flopsRatio }: ChartsProps) {
  // Everything but the cursors and the FLOPs marker follows the curves alone, and keeps its
  // identity while C moves, so the charts' memoised drawing is skipped then.
  const fixed = useMemo(() => {
    const timeSeries: LogLogSeries[] = [
      { key: 'tensor', className: 'is-tensor', points: c.points.map((p) => [p.C, p.sum.tensorSeconds] as const) },
      { key: 'memory', className: 'is-memory', points: c.points.map((p) => [p.C, p.sum.memorySeconds] as const) },
      { key: 'seq', className: 'is-seq', points: c.points.map((p) => [p.C, p.sum.sequentialSeconds] as const) },
      { key: 'max', className: 'is-max', points: c.points.map((p) => [p.C, p.maxTotal] as const) },
      { key: 'sum', className: 'is-total', points: c.points.map((p) => [p.C, p.sum.totalSeconds] as const) },
    ];
    const flopsSeries: LogLogSeries[] = [{ key: 'flops', className: 'is-flops', points: c.points.map((p) => [p.C, p.flopsRatio] as const) }];
    const optSum = Math.round(c.optimumSum.C);
    const optMax = Math.round(c.optimumMax.C);
    const timeMarkers: LogLogMarker[] = [
      { key: 'recurrent', className: 'is-recurrent', x: 1, y: c.recurrent.totalSeconds, label: 'recurrent kernel', hollow: true },
      { key: 'optMax', className: 'is-optimum-max', x: c.optimumMax.C, y: c.optimumMax.time.totalSeconds, label: `${optMax}`, labelBelow: true },
      { key: 'optSum', className: 'is-optimum', x: c.optimumSum.C, y: c.optimumSum.time.totalSeconds, label: `fastest C ≈ ${optSum}` },
    ];
    return {
      timeSeries,
      flopsSeries,
      timeMarkers,
      timeMax: Math.max(...c.points.map((p) => p.sum.totalSeconds), c.recurrent.totalSeconds) * 1.5,
      timeMin: Math.min(...c.points.map((p) => p.maxTotal)) / 25,
      flopsMax: Math.max(...c.points.map((p) => p.flopsRatio)) * 1.5,
    };
  }, [c]);
  const timeTitle = `Modelled prefill time on ${gpuName}`;
  const timeDescription = useMemo(() => describeTime(c, gpuName), [c, gpuName]);
  const timeKey = useMemo(() => timeLegend(gpuName), [gpuName]);
  const flopsMarkers: LogLogMarker[] = useMemo(
    () => [{ key: 'current', className: 'is-current', x: C, y: flopsRatio, label: ratio(flopsRatio) }],
    [C, flopsRatio],
  );

  return (
    <div className="chunking-charts">
      <LogLogChart
        classPrefix={PREFIX}
        title={FLOPS_TITLE}
        description={describeFlops(c, C, flopsRatio)}
        xMax={L}
        yMin={1}
        yMax={fixed.flopsMax}
        formatX={powerOfTwo}
        formatY={decade}
        xLabel={X_LABEL}
        series={fixed.flopsSeries}
        markers={flopsMarkers}
        cursorX={C}
        legend={flopsLegend}
      />
      <LogLogChart
        classPrefix={PREFIX}
        title={timeTitle}
        description={timeDescription}
        xMax={L}
        yMin={fixed.timeMin}
        yMax={fixed.timeMax}
        formatX={powerOfTwo}
        formatY={time}
        xLabel={X_LABEL}
        series={fixed.timeSeries}
        markers={fixed.timeMarkers}
        cursorX={C}
        legend={timeKey}
      />
    </div>
  );
});
