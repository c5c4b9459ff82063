/**
 * The eviction ladder, which is also the lineage's one navigator: seven rungs, each a native
 * disclosure whose summary states the step in a line and whose card opens in place under it, one
 * at a time. Each step has its own address, #lineage-step-N, read on load and on every change of
 * fragment and written when a reader chooses a step; without script the browser does the same.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
// In this order: one stylesheet for the page keeps the rules in the order they are imported.
import './lineage.css';
import './lineage-diagrams.css';
import './lineage-papers.css';
import { URL_WRITE_DELAY_MS } from '../urlState';
import { StepCard } from './StepCard';
import { LADDER_ANCHOR, legacyStep, stepAnchor, stepFromHash, withoutStep } from './stepAddress';
import type { FigureStep } from './types';

interface LineageFigureProps {
  steps: FigureStep[];
}

/** No step open: how the page is prerendered. */
const NONE = -1;

/** The keys that move focus between rungs, as in an accordion; Enter or Space opens the rung focused. */
const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (i) => i + 1,
  ArrowRight: (i) => i + 1,
  ArrowUp: (i) => i - 1,
  ArrowLeft: (i) => i - 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** Puts the step in the address without a jump; no step open leaves the ladder's own anchor. */
function writeAddress(index: number) {
  const { pathname, search, hash } = window.location;
  const next = `#${index === NONE ? LADDER_ANCHOR : stepAnchor(index)}`;
  if (hash !== next) window.history.replaceState(window.history.state, '', `${pathname}${search}${next}`);
}

export function LineageFigure({ steps }: LineageFigureProps) {
  const count = steps.length;
  const [index, setIndex] = useState(NONE);
  // The cards opened so far: each draws its picture and sets its equations the first time it
  // opens, and keeps them, so a step opened again costs a toggle rather than a rebuild.
  const [built, setBuilt] = useState<readonly number[]>([]);
  // False on the server and in the first render that hydrates its markup.
  const [live, setLive] = useState(false);
  const rungs = useRef<(HTMLDetailsElement | null)[]>([]);
  const summaries = useRef<(HTMLElement | null)[]>([]);
  /** Set by a reader's choice: the address follows the open step once the choice rests. */
  const chosen = useRef(false);
  /** A rung whose place on screen the next render keeps: the card above it closes as it opens. */
  const held = useRef<{ rung: number; top: number } | null>(null);
  /** A step the next render brings into view: one the address asked for. */
  const reveal = useRef<number | null>(null);

  const show = useCallback((i: number) => {
    setIndex(i);
    if (i !== NONE) setBuilt((b) => (b.includes(i) ? b : [...b, i]));
  }, []);

  useEffect(() => {
    setLive(true);
    const { pathname, search, hash } = window.location;
    const linked = stepFromHash(hash, count);
    const legacy = linked === null ? legacyStep(search, hash, count) : null;
    if (legacy) {
      const to = legacy.index === null ? hash : `#${stepAnchor(legacy.index)}`;
      window.history.replaceState(window.history.state, '', `${pathname}${withoutStep(search)}${to}`);
    }
    const asked = linked ?? legacy?.index ?? null;
    // A rung the reader opened before the figure was ready wins over the address.
    const opened = rungs.current.findIndex((d) => d?.open);
    if (opened !== NONE && opened !== asked) {
      chosen.current = true;
      show(opened);
    } else if (asked !== null) {
      if (linked !== null || legacy?.scroll) reveal.current = asked;
      show(asked);
    }
    const onHashChange = () => {
      const step = stepFromHash(window.location.hash, count);
      if (step === null) return;
      reveal.current = step;
      show(step);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [count, show]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of step, which the refs describe
  useLayoutEffect(() => {
    const keep = held.current;
    held.current = null;
    const summary = keep ? summaries.current[keep.rung] : null;
    if (keep && summary) {
      const moved = summary.getBoundingClientRect().top - keep.top;
      if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: 'instant' });
    }
    const step = reveal.current;
    reveal.current = null;
    if (step !== null) document.getElementById(stepAnchor(step))?.scrollIntoView({ block: 'start' });
  }, [index]);

  useEffect(() => {
    if (!chosen.current) return undefined;
    const timer = window.setTimeout(() => writeAddress(index), URL_WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [index]);

  const choose = (e: MouseEvent, i: number) => {
    // The figure opens and closes rungs itself, so that the card and its picture come in one frame.
    e.preventDefault();
    const next = index === i ? NONE : i;
    const summary = summaries.current[i];
    if (next !== NONE && index !== NONE && index < i && summary) held.current = { rung: i, top: summary.getBoundingClientRect().top };
    chosen.current = true;
    show(next);
  };

  // The browser opens a rung by itself for a link to its card or find-in-page, and closes the
  // one open before; the figure follows.
  const onToggle = (i: number, open: boolean) => {
    if (open && index !== i) {
      chosen.current = true;
      show(i);
    } else if (!open && index === i) show(NONE);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    const from = summaries.current.indexOf(e.target as HTMLElement);
    const move = KEY_MOVES[e.key];
    if (from < 0 || !move || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    summaries.current[Math.max(0, Math.min(count - 1, move(from, count)))]?.focus();
  };

  return (
    <div className="lineage-ladder">
      <ol className="ladder" id="ladder" onKeyDown={onKeyDown}>
        {steps.map((step, i) => (
          <li key={step.id} className="rung-item">
            <details
              className="rung"
              name="lineage-step"
              data-step={step.id}
              open={index === i}
              ref={(el) => {
                rungs.current[i] = el;
              }}
              onToggle={(e) => onToggle(i, e.currentTarget.open)}
            >
              {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is its disclosure's button, pressed by pointer, Enter or Space */}
              <summary
                className="rung-head"
                ref={(el) => {
                  summaries.current[i] = el;
                }}
                onClick={(e) => choose(e, i)}
              >
                <span className="rung-when">
                  <span className="visually-hidden">Step {i + 1}: </span>
                  <b>{step.year}</b> {step.name}
                </span>
                <strong className="rung-policy">{step.policy}</strong>
                <span className="rung-rule">{step.rule}</span>
                <span className="rung-gave">Gave up: {step.gaveUp}</span>
              </summary>
              <div className="rung-card" id={stepAnchor(i)}>
                <StepCard step={step} rich={live && built.includes(i)} />
              </div>
            </details>
          </li>
        ))}
      </ol>
      <p className="copy-line">
        <button type="button" className="copy-button" data-copy-link={index === NONE ? LADDER_ANCHOR : stepAnchor(index)}>
          Copy a link to this view
        </button>{' '}
        <span className="copy-status" role="status" />
      </p>
    </div>
  );
}
