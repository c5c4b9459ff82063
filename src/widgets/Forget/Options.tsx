/** The state demo's settings: stream, seed, metric and gates. None of them moves with the slider. */
import { memo, type Dispatch } from 'react';
import { fixed } from '../../format';
import { RangeInput } from '../../viz/RangeInput';
import { METRIC_LABELS, STREAM_LABELS } from './describe';
import type { Action, ForgetState, GateName, Metric } from './state';
import { Select } from '../../viz/Select';

function GateSlider({
  id,
  symbol,
  tokenClass,
  label,
  value,
  onChange,
}: {
  id: string;
  symbol: string;
  tokenClass: string;
  label: string;
  value: number;
  onChange: (v: number) => void;
}) {
  return (
    <div className={`gate gate-${id}`}>
      <label htmlFor={id}>
        <var className={tokenClass}>{symbol}</var> {label} <span className="value">{fixed(value)}</span>
      </label>
      <RangeInput id={id} min={0} max={1} step={0.05} value={value} onValue={onChange} />
    </div>
  );
}

const GATES: readonly { gate: GateName; symbol: string; label: string }[] = [
  { gate: 'beta', symbol: 'β', label: 'write strength (delta rules)' },
  { gate: 'alpha', symbol: 'α', label: 'scalar decay (gated delta)' },
  { gate: 'slow', symbol: 'a₁…₄', label: 'decay, slow channels 1–4 (per-channel)' },
  { gate: 'fast', symbol: 'a₅…₈', label: 'decay, fast channels 5–8 (per-channel)' },
];

type OptionsProps = Pick<ForgetState, 'stream' | 'seed' | 'metric' | GateName> & { dispatch: Dispatch<Action> };

/** Memoised: the slider's renders skip it. */
export const Options = memo(function Options({ stream, seed, metric, dispatch, ...gates }: OptionsProps) {
  return (
    <>
      <div className="forget-options">
        <label>
          Stream{' '}
          <Select value={stream} onChange={(v) => dispatch({ type: 'setStream', stream: v as ForgetState['stream'] })}>
            <option value="capacity">{STREAM_LABELS.capacity} (random keys)</option>
            <option value="orthogonal">{STREAM_LABELS.orthogonal} (one key channel per pair, in turn)</option>
            <option value="lifetimes">{STREAM_LABELS.lifetimes} (slow, then fast)</option>
          </Select>
        </label>
        <button type="button" onClick={() => dispatch({ type: 'newSeed', seed: Math.floor(Math.random() * 1_000_000) })}>
          New stream
        </button>
        <span className="seed">
          seed <strong>{seed}</strong>
        </span>
        <label>
          Metric{' '}
          <Select value={metric} onChange={(v) => dispatch({ type: 'setMetric', metric: v as Metric })}>
            <option value="error">{METRIC_LABELS.error}</option>
            <option value="cosine">{METRIC_LABELS.cosine}</option>
          </Select>
        </label>
      </div>
      <details className="forget-gates">
        <summary>Gates</summary>
        <div className="gates">
          {GATES.map(({ gate, symbol, label }) => (
            <GateSlider
              key={gate}
              id={`forget-${gate}`}
              symbol={symbol}
              tokenClass={gate === 'beta' ? 'tok-beta' : 'tok-alpha'}
              label={label}
              value={gates[gate]}
              onChange={(v) => dispatch({ type: 'setGate', gate, value: v })}
            />
          ))}
        </div>
      </details>
    </>
  );
});
