/**
 * A whole-number field that takes what a reader types when they leave it or press Enter, clamped
 * to its range (and to its step), and shows the value it took.
 */
import { useEffect, useId, useState } from 'react';

export function NumberField({
  label,
  value,
  min,
  max,
  step = 1,
  onValue,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onValue: (v: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const x = Number(text);
    if (text.trim() === '' || !Number.isFinite(x)) return setText(String(value));
    const v = Math.min(max, Math.max(min, Math.round(x / step) * step));
    setText(String(v));
    if (v !== value) onValue(v);
  };
  return (
    <span className="train-number">
      <label htmlFor={id}>{label}</label>{' '}
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </span>
  );
}
