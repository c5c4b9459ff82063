/** The state demo's settings: stream, seed, metric, the gates, and what the pictures draw. None of them moves with the slider. */
import { memo, type Dispatch } from 'react';
import { STREAM_KINDS } from '../../core/stream';
import { fixed } from '../../format';
import { RangeInput } from '../../viz/RangeInput';
import { METRIC_LABELS, STREAM_LABELS } from './describe';
import type { Action, Draw, ForgetState, GateName, GatesByStream, Metric } from './state';
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
  { gate: 'slow', symbol: 'α₁…₄', label: 'decay, channels 1–4 (per-channel)' },
  { gate: 'fast', symbol: 'α₅…₈', label: 'decay, channels 5–8 (per-channel)' },
];

const DRAW_LABELS: Record<Draw, string> = { memory: 'Memory', change: 'Last change' };

/** What the four pictures draw: each memory, or what the last write changed in it. */
export const DrawToggle = memo(function DrawToggle({ draw, dispatch }: { draw: Draw; dispatch: Dispatch<Action> }) {
  return (
    <div className="forget-draw" role="group" aria-label="Draw">
      {(['memory', 'change'] as const).map((d) => (
        <button key={d} type="button" aria-pressed={draw === d} onClick={() => dispatch({ type: 'setDraw', draw: d })}>
          {DRAW_LABELS[d]}
        </button>
      ))}
    </div>
  );
});

type OptionsProps = Pick<ForgetState, 'stream' | 'seed' | 'metric' | GateName> & { streamGates: GatesByStream; dispatch: Dispatch<Action> };

/** Memoised: the slider's renders skip it. */
export const Options = memo(function Options({ stream, seed, metric, streamGates, dispatch, ...gates }: OptionsProps) {
  return (
    <div className="forget-options">
      <label>
        Stream{' '}
        <Select
          value={stream}
          onChange={(v) => {
            const kind = v as ForgetState['stream'];
            dispatch({ type: 'setStream', stream: kind, gates: streamGates[kind] });
          }}
        >
          {STREAM_KINDS.map((k) => (
            <option key={k} value={k}>
              {STREAM_LABELS[k]}
            </option>
          ))}
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
      <details className="forget-gates">
        <summary>Gates</summary>
        <p className="gates-note">
          {stream === 'phases'
            ? 'On this stream the gates fire once, at the new context’s first pair; elsewhere they stay at 1.'
            : 'On this stream the gates fire at every write.'}
        </p>
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
    </div>
  );
});
