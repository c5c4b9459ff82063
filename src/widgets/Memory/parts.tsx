/**
 * The memory figure's parts below its chart: the readout, the split bars and the config reader.
 */
import { useEffect, useState } from 'react';
import type { ConfigResult } from '../../core/modelConfig';
import { bytes, integer } from '../../format';
import type { MemoryModelProps } from './state';
import { cssPercent } from '../../viz/cssPercent';

export interface Reading {
  m: MemoryModelProps;
  /** Bytes at the chosen context, or null when the model is not drawn or the context is past its limit. */
  at: { growing: number; fixed: number; total: number } | null;
  crossover: number | null;
}

export function readoutOf(r: Reading | undefined, context: number): string {
  if (!r) return '';
  if (!r.m.stack) return `${r.m.name} is not drawn. ${r.m.missing ?? ''}`;
  if (!r.at) return `${r.m.name} takes at most ${integer(r.m.contextTokens ?? 0)} tokens, fewer than ${integer(context)}.`;
  const cross = r.crossover === null ? '' : ` What grows outweighs what is fixed from ${integer(r.crossover)} tokens on.`;
  return `At ${integer(context)} tokens, ${r.m.name} holds ${bytes(r.at.total)} a sequence: ${bytes(r.at.growing)} that grows with the context and ${bytes(r.at.fixed)} fixed.${cross}`;
}

/** What the bars' names do once the figure runs: each is the chart's legend for its line. */
export interface BarsLegend {
  /** The line drawn highlighted: the one pointed at or focused, else the one chosen. */
  lit: string;
  /** A pointer or the keyboard is on a name (its id), or has left it (null). */
  onPeek: (id: string | null) => void;
  /** A press keeps a line highlighted. */
  onPick: (id: string) => void;
}

export function Bars({ readings, max, context, legend }: { readings: Reading[]; max: number; context: number; legend: BarsLegend | null }) {
  return (
    <ol className="mem-bars" aria-label={`Memory per sequence at ${integer(context)} tokens`}>
      {readings.map(({ m, at }) => (
        <li key={m.id} className={`mem-bar is-${m.category ?? 'missing'}${legend?.lit === m.id ? ' is-lit' : ''}`}>
          {legend && m.stack ? (
            <button
              type="button"
              className="mem-bar-name"
              aria-pressed={legend.lit === m.id}
              onPointerEnter={() => legend.onPeek(m.id)}
              onPointerLeave={() => legend.onPeek(null)}
              onFocus={() => legend.onPeek(m.id)}
              onBlur={() => legend.onPeek(null)}
              onClick={() => legend.onPick(m.id)}
            >
              {m.name}
            </button>
          ) : (
            <span className="mem-bar-name">{m.name}</span>
          )}
          {at ? (
            <>
              <span className="mem-bar-track" aria-hidden="true">
                <span className="mem-bar-grows" style={{ width: cssPercent((100 * at.growing) / max) }} />
                <span className="mem-bar-fixed" style={{ width: cssPercent((100 * at.fixed) / max) }} />
              </span>
              <span className="mem-bar-value">
                {bytes(at.total)}
                <span className="visually-hidden">{`: ${bytes(at.growing)} grows, ${bytes(at.fixed)} fixed`}</span>
              </span>
            </>
          ) : (
            <span className="mem-bar-none">{m.stack ? `beyond its ${integer(m.contextTokens ?? 0)}-token context` : (m.missing ?? 'not drawn')}</span>
          )}
          {m.stack && m.missing ? <span className="mem-bar-note">{m.missing}</span> : null}
          {m.engine ? (
            <span className="mem-bar-note">
              {m.engine.brief} <a href={m.engine.source}>Source</a>
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * Scrolls an element into view, as little as shows it: smoothly where the reader has not asked for
 * reduced motion, at once where they have or the browser cannot say.
 */
export function bringIntoView(el: Element | null, win: Window = window): void {
  if (!el || typeof el.scrollIntoView !== 'function') return;
  const smooth = win.matchMedia?.('(prefers-reduced-motion: no-preference)').matches === true;
  el.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'instant' });
}

export function ConfigReader({ onModel }: { onModel: (r: ConfigResult & { ok: true }) => void }) {
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<ConfigResult | null>(null);
  // The reader is fetched on the first press: most readers never paste a config.
  const read = async () => {
    const { readConfig } = await import('../../core/modelConfig');
    const r = readConfig(text);
    setAnswer(r);
    if (r.ok) onModel(r);
  };
  // The text box comes with the figure's script: a textarea in the parsed page makes Chromium lay
  // out the page while it parses (about 50 ms of a phone's load at 4x), and without script the
  // reader could not draw anything anyway.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!live) return <p className="mem-config">Reading a config.json needs JavaScript; it runs in this page and sends nothing.</p>;
  return (
    <div className="mem-config">
      <label htmlFor="mem-config-text">
        Paste a model&rsquo;s <code>config.json</code> (Hugging Face style). It is read here, in this page, and sent nowhere.
      </label>
      <textarea id="mem-config-text" rows={5} spellCheck={false} value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <button type="button" onClick={() => void read()}>
        Draw it
      </button>
      <div className="mem-config-answer" role="status">
        {answer === null ? null : answer.ok ? (
          <>
            <p>
              Drawn as &ldquo;{answer.name ?? 'Your model'}&rdquo;. It is in the chart above, named in the readout over it. Read {answer.used.length} keys:{' '}
              {answer.used.join(', ')}.{answer.ignored.length ? ` Ignored ${answer.ignored.length}: ${answer.ignored.join(', ')}.` : ' Ignored none.'}
            </p>
            {answer.notes.map((n) => (
              <p key={n}>{n}</p>
            ))}
          </>
        ) : (
          <p className="mem-config-error">
            Nothing was drawn. {answer.message}
            {answer.field !== '(root)' ? ` (field: ${answer.field})` : ''}
          </p>
        )}
      </div>
    </div>
  );
}
