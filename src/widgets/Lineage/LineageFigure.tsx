/**
 * The lineage stepper: one step of the chain at a time, chosen with markers, previous and
 * next, or the arrow, Home and End keys; the step lives in the URL as ?step=N. Everything it
 * shows arrives as props from the build; the prerendered list in the section is the no-script view.
 */
import { Fragment, memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
// In this order: one stylesheet for the page keeps the rules in the order they are imported.
import './lineage.css';
import './lineage-diagrams.css';
import './lineage-papers.css';
import { SymbolText } from '../../viz/SymbolText';
import { TypesetMath } from '../../viz/TypesetMath';
import { useUrlState, type UrlCodec } from '../urlState';

import { describeDiagram } from './describe';
import { DiagramView } from './DiagramView';
import type { FigureStep } from './types';

interface LineageFigureProps {
  steps: FigureStep[];
}

/** The step as ?step=N, 1-based; anything but a whole number 1..count gives the first step, which leaves no trace. */
export function stepCodec(count: number): UrlCodec<number> {
  return {
    parse(params, fallback) {
      const raw = params.get('step');
      if (raw === null || !/^\d{1,3}$/.test(raw)) return fallback;
      const n = Number(raw);
      return n >= 1 && n <= count ? n - 1 : fallback;
    },
    write(index, fallback) {
      return { step: index === fallback ? null : String(index + 1) };
    },
  };
}

const FIRST_STEP = 0;

const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (i) => i - 1,
  ArrowRight: (i) => i + 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The four facts of a step, shared by the stepper's card and the page's static list, and where
 * the usual account tells the step otherwise, a link to its correction.
 */
export function StepFacts({ step }: { step: { wall: string; fix: string; cost: string; policy: string; correction?: string } }) {
  return (
    <dl className="step-facts">
      <dt>The wall</dt>
      <dd>{step.wall}</dd>
      <dt>The fix</dt>
      <dd>{step.fix}</dd>
      <dt>What it gives up</dt>
      <dd>{step.cost}</dd>
      <dt>As an eviction policy</dt>
      <dd className="policy">{step.policy}</dd>
      {step.correction ? (
        <>
          <dt>Often told otherwise</dt>
          <dd>
            <a className="correction-link" href={`#correction-${step.correction}`}>
              See the correction
            </a>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** A step's content; it never changes, so a step change re-renders none of it. */
const StepContent = memo(function StepContent({ step, index }: { step: FigureStep; index: number }) {
  return (
    <>
      <h3 className="lineage-card-title" id={`lineage-card-title-${index + 1}`}>
        <span className="step-year">{step.year}</span> {step.name}
      </h3>
      <div className="lineage-card-body">
        <StepFacts step={step} />
        <div className="lineage-diagram">
          <DiagramView diagram={step.diagram} />
          <p className="lineage-diagram-note">{describeDiagram(step.diagram)}</p>
        </div>
      </div>
      {step.equations.map((eq) => (
        <Fragment key={eq.id}>
          <TypesetMath className="equation" markup={eq} figure={eq} />
          {eq.where ? (
            <p className="equation-where">
              <SymbolText text={eq.where} />
            </p>
          ) : null}
        </Fragment>
      ))}
      <ul className="lineage-papers">
        {step.papers.map((p) => (
          <li key={p.href}>
            <a className="cite" href={p.href}>
              {p.title}
            </a>
            , {p.authors}, {p.year}
            {p.arxiv ? `, arXiv:${p.arxiv}` : ''}.
          </li>
        ))}
      </ul>
    </>
  );
});

function StepCard({ step, index, current }: { step: FigureStep; index: number; current: boolean }) {
  return (
    <article
      className="lineage-card"
      data-step={step.id}
      data-current={current}
      aria-labelledby={`lineage-card-title-${index + 1}`}
      aria-hidden={current ? undefined : true}
      inert={!current}
    >
      <StepContent step={step} index={index} />
    </article>
  );
}

export function LineageFigure({ steps }: LineageFigureProps) {
  const count = steps.length;
  const [index, setStep] = useState(FIRST_STEP);
  // The steps built so far: a card is built when its step is first shown and kept, hidden, when
  // another is, so a step shown again costs a paint rather than a rebuild.
  const [built, setBuilt] = useState<readonly number[]>([FIRST_STEP]);
  const setIndex = useCallback((i: number) => {
    setStep(i);
    setBuilt((b) => (b.includes(i) ? b : [...b, i]));
  }, []);
  // False on the server and in the first render that hydrates its markup.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const markers = useRef<(HTMLButtonElement | null)[]>([]);
  const codec = useMemo(() => stepCodec(count), [count]);
  // A shared link to a step lands on the figure.
  useUrlState(codec, index, FIRST_STEP, setIndex, { hash: 'lineage' });
  // A rung of the eviction ladder above links to its step's card in the list this figure
  // replaces (#lineage-step-N): with script the figure opens that step instead, from a press
  // or from a shared link.
  useEffect(() => {
    const open = (hash: string, scroll: boolean) => {
      const m = /^#lineage-step-(\d+)$/.exec(hash);
      const step = m ? Number(m[1]) - 1 : -1;
      if (step < 0 || step >= count) return;
      setIndex(step);
      if (scroll) document.getElementById('lineage-figure')?.scrollIntoView({ block: 'start' });
      markers.current[step]?.focus({ preventScroll: true });
    };
    open(window.location.hash, true);
    const onClick = (e: MouseEvent) => {
      const rung = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-rung]');
      if (!rung || e.button || e.metaKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      open(rung.hash, true);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [count, setIndex]);

  const go = (next: number, moveFocus: boolean) => {
    const target = Math.max(0, Math.min(count - 1, next));
    if (target === index) return;
    // Focus moves before the new step renders, while layout is still clean, so it forces no reflow.
    if (moveFocus) markers.current[target]?.focus({ preventScroll: true });
    setIndex(target);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[e.key];
    if (!move || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const target = Math.max(0, Math.min(count - 1, move(index, count)));
    const el = e.target as HTMLElement;
    // Focus follows the current marker, and leaves a button that the move is about to disable.
    const dir = el.dataset.dir;
    const disablesButton = (dir === 'prev' && target === 0) || (dir === 'next' && target === count - 1);
    go(target, el.dataset.marker !== undefined || disablesButton);
  };

  const step = steps[index];
  if (!step) return null;

  return (
    <div className="lineage-stepper">
      <div className="lineage-nav" role="group" aria-label="Steps of the lineage" onKeyDown={onKeyDown}>
        <ol className="lineage-markers" style={{ gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` }}>
          {steps.map((s, i) => (
            <li key={s.id}>
              <button
                type="button"
                className="lineage-marker"
                data-marker={i}
                ref={(el) => {
                  markers.current[i] = el;
                }}
                aria-label={`Step ${i + 1}: ${s.short}, ${s.year}`}
                aria-current={i === index ? 'step' : undefined}
                tabIndex={i === index ? 0 : -1}
                onClick={() => go(i, false)}
              >
                <span className="lineage-marker-num">{i + 1}</span>
                <span className="lineage-marker-name">{s.short}</span>
                <span className="lineage-marker-year">{s.year}</span>
              </button>
            </li>
          ))}
        </ol>
        <div className="lineage-controls">
          <button type="button" className="lineage-button" data-dir="prev" disabled={index === 0} onClick={() => go(index - 1, index - 1 <= 0)}>
            <span aria-hidden="true">← </span>Previous
          </button>
          <p className="lineage-status" role="status" aria-live="polite" aria-atomic="true">
            Step {index + 1} of {count}
            <span className="visually-hidden">
              : {step.name}, {step.year}. {step.policy}
            </span>
          </p>
          <button type="button" className="lineage-button" data-dir="next" disabled={index === count - 1} onClick={() => go(index + 1, index + 1 >= count - 1)}>
            Next<span aria-hidden="true"> →</span>
          </button>
        </div>
      </div>

      {/* A card is built only once the figure runs, and only for a step shown: the page already
          holds all seven as the static list (the view without script), so the prerendered page
          carries no second copy of a card. */}
      {live ? steps.map((s, i) => (built.includes(i) ? <StepCard key={s.id} step={s} index={i} current={i === index} /> : null)) : null}

      <div className="lineage-footer">
        <button type="button" className="lineage-button" disabled={index === 0} onClick={() => go(0, true)}>
          Start over
        </button>
      </div>
    </div>
  );
}
