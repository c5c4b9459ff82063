/**
 * The lineage stepper: one step of the chain at a time, chosen with markers, previous and
 * next, or the arrow, Home and End keys; the step lives in the URL as ?step=N. Everything it
 * shows arrives as props from the build; the prerendered list in the section is the no-script view.
 */
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import './lineage.css';
import { DiagramView, describeDiagram } from './diagrams';
import type { StepView } from './types';

export interface LineageFigureProps {
  steps: StepView[];
}

/** The 0-based step a query string asks for; anything but a whole number 1..count gives step 1. */
export function stepFromQuery(search: string, count: number): number {
  const raw = new URLSearchParams(search).get('step');
  if (raw === null || !/^\d{1,3}$/.test(raw)) return 0;
  const n = Number(raw);
  return n >= 1 && n <= count ? n - 1 : 0;
}

/** The query string with this step in it, other figures' parameters untouched; step 1 is the default and leaves no trace. */
export function queryWithStep(search: string, index: number): string {
  const params = new URLSearchParams(search);
  if (index === 0) params.delete('step');
  else params.set('step', String(index + 1));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** How long the step must stay put before the URL records it. */
export const URL_DELAY_MS = 150;

const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (i) => i - 1,
  ArrowRight: (i) => i + 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** The four facts of a step, shared by the stepper's card and the page's static list. */
export function StepFacts({ step }: { step: { wall: string; fix: string; cost: string; policy: string } }) {
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
    </dl>
  );
}

/** A step's content; it never changes, so a step change re-renders none of it. */
const StepContent = memo(function StepContent({ step, index }: { step: StepView; index: number }) {
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
        <div
          key={eq.id}
          className="equation"
          role="group"
          aria-label={eq.label}
          tabIndex={0}
          data-equation={eq.id}
          data-equation-key={eq.equationKey}
          dangerouslySetInnerHTML={{ __html: eq.html }}
        />
      ))}
      <ul className="lineage-papers">
        {step.papers.map((p) => (
          <li key={p.href}>
            <a className="cite" href={p.href} rel="noopener">
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

function StepCard({ step, index, current }: { step: StepView; index: number; current: boolean }) {
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
  const [index, setIndex] = useState(0);
  const markers = useRef<(HTMLButtonElement | null)[]>([]);
  const urlWrite = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The URL is read only after hydration, so the server's markup (step 1) is what hydrates.
  useEffect(() => {
    setIndex(stepFromQuery(window.location.search, count));
    return () => clearTimeout(urlWrite.current);
  }, [count]);

  const go = (next: number, moveFocus: boolean) => {
    const target = Math.max(0, Math.min(count - 1, next));
    if (target === index) return;
    // Focus moves before the new step renders, while layout is still clean, so it forces no reflow.
    if (moveFocus) markers.current[target]?.focus({ preventScroll: true });
    setIndex(target);
    // The URL follows once the reader pauses, outside the frame that paints the step.
    clearTimeout(urlWrite.current);
    urlWrite.current = setTimeout(() => {
      const { pathname, search } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${queryWithStep(search, target)}#lineage`);
    }, URL_DELAY_MS);
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
                aria-current={i === index ? 'step' : undefined}
                tabIndex={i === index ? 0 : -1}
                onClick={() => go(i, false)}
              >
                <span className="visually-hidden">Step </span>
                <span className="lineage-marker-num">{i + 1}</span>
                <span className="visually-hidden">: </span>
                <span className="lineage-marker-name">{s.short}</span>
                <span className="visually-hidden">, </span>
                <span className="lineage-marker-year">{s.year}</span>
              </button>
            </li>
          ))}
        </ol>
        <div className="lineage-controls">
          <button
            type="button"
            className="lineage-button"
            data-dir="prev"
            disabled={index === 0}
            onClick={() => go(index - 1, index - 1 <= 0)}
          >
            <span aria-hidden="true">← </span>Previous
          </button>
          <p className="lineage-status" role="status" aria-live="polite" aria-atomic="true">
            Step {index + 1} of {count}
            <span className="visually-hidden">
              : {step.name}, {step.year}. {step.policy}
            </span>
          </p>
          <button
            type="button"
            className="lineage-button"
            data-dir="next"
            disabled={index === count - 1}
            onClick={() => go(index + 1, index + 1 >= count - 1)}
          >
            Next<span aria-hidden="true"> →</span>
          </button>
        </div>
      </div>

      {/* Only the current step is built: the page already holds all seven as the static list,
          and keeping one card keeps the prerendered page and each step change small. */}
      <StepCard key={step.id} step={step} index={index} current />

      <div className="lineage-footer">
        <button type="button" className="lineage-button" disabled={index === 0} onClick={() => go(0, true)}>
          Start over
        </button>
      </div>
    </div>
  );
}
