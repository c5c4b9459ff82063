/**
 * A native range input that hands its value on as a number. Everything else (id, limits,
 * value or defaultValue, aria-valuetext, keys) is the caller's, passed straight through.
 */
import type { InputHTMLAttributes, Ref } from 'react';

export interface RangeInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  onValue: (value: number) => void;
  ref?: Ref<HTMLInputElement>;
}

export function RangeInput({ onValue, ref, ...rest }: RangeInputProps) {
  return <input ref={ref} type="range" {...rest} onChange={(e) => onValue(Number(e.currentTarget.value))} />;
}
