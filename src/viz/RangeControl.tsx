/**
 * A labelled slider with its value in a box beside it. The slider sits in blocks of its own
 * (a track, then a fixed-size box) and the value in a Steady box sized for the longest text it
 * will show, so a drag lays out only those boxes. The caller's stylesheet gives the look.
 */
import { memo, type ReactNode } from 'react';
import { RangeInput } from './RangeInput';
import { Steady } from './Steady';

interface RangeControlProps {
  id: string;
  label: ReactNode;
  min: number;
  max: number;
  step: number;
  value: number;
  valueText: string;
  /** What the box beside the slider shows, and the longest it will ever show. */
  display: string;
  widest: string;
  /** Give it one identity across renders: the control is memoised, and skips a render when nothing it shows changed. */
  onValue: (value: number) => void;
  /** Classes for the whole control. */
  className: string;
}

/*
 * Memoised because a render of a controlled input is not free even when its value stands:
 * React rewrites the input's name, type and default value on every update of its props.
 */
export const RangeControl = memo(function RangeControl({
  id,
  label,
  min,
  max,
  step,
  value,
  valueText,
  display,
  widest,
  onValue,
  className,
}: RangeControlProps) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {/* A grid item cannot lay out alone; the block inside it, a fixed box, can. */}
      <div className="range-control-track">
        <div className="range-control-box">
          <RangeInput id={id} min={min} max={max} step={step} value={value} aria-valuetext={valueText} onValue={onValue} />
        </div>
      </div>
      <Steady className="range-control-value" aria-hidden template={widest}>
        {display}
      </Steady>
    </div>
  );
});
