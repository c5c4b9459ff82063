/**
 * A slider's short path while it is dragged: each move writes what the slider shows straight
 * into the page (`show`), and the figure's state takes the value once the reader pauses, or
 * before any other control acts (`act`). A render per move costs a figure far more than the
 * handful of nodes that move with its slider.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';

/** How long a drag rests before the figure's state takes the slider's value. */
export const DRAG_PAUSE_MS = 150;

// useLayoutEffect warns when rendered on the server, where it would not run anyway.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** Writes into the node's one text child where it has one, as React does, so both keep it. */
export function setText(el: HTMLElement | null, text: string) {
  if (!el) return;
  const only = el.firstChild;
  if (only && only === el.lastChild && only.nodeType === Node.TEXT_NODE) {
    if (only.nodeValue !== text) only.nodeValue = text;
  } else el.textContent = text;
}

export interface PausedDrag<A> {
  /** The slider's input handler: a value on the slider's own scale. */
  drag: (value: number) => void;
  /** Dispatches another control's action after handing the state a drag's last value. */
  act: (action: A) => void;
  /** For the slider's ref: after a render, it shows the state's value. */
  input: (el: HTMLInputElement | null) => void;
  /** The value the slider shows: a drag's, until the state has taken it. */
  at: () => number;
}

/**
 * `value` is the state's value, `commit(to)` the action that sets it, `show(to, slider)` writes
 * what the page shows at `to` (the same strings the render writes), `clampTo` brings a raw value
 * onto the slider's steps.
 */
export function usePausedDrag<A>(
  value: number,
  dispatch: (action: A) => void,
  commit: (to: number) => A,
  show: (to: number, slider: HTMLInputElement | null) => void,
  clampTo: (raw: number) => number,
): PausedDrag<A> {
  const input = useRef<HTMLInputElement | null>(null);
  const pending = useRef<number | null>(null);
  const pause = useRef<number | undefined>(undefined);
  const lastMove = useRef(0);
  const latest = useRef({ value, dispatch, commit, show, clampTo });
  latest.current = { value, dispatch, commit, show, clampTo };

  const settle = useCallback(() => {
    window.clearTimeout(pause.current);
    pause.current = undefined;
    const to = pending.current;
    if (to === null) return;
    pending.current = null;
    latest.current.dispatch(latest.current.commit(to));
  }, []);
  // Drawn before the action, so that the action's render redraws what the drag wrote even when
  // it leaves the state as it was before the drag (a reset to the defaults the figure showed):
  // React, finding the state unchanged, would render nothing.
  const act = useCallback(
    (action: A) => {
      if (pending.current !== null) flushSync(settle);
      latest.current.dispatch(action);
    },
    [settle],
  );
  useEffect(() => () => window.clearTimeout(pause.current), []);

  const drag = useCallback(
    (raw: number) => {
      if (!Number.isFinite(raw)) return;
      const to = latest.current.clampTo(raw);
      pending.current = to;
      latest.current.show(to, input.current);
      // One timer per drag, not one per move: it looks again when it fires.
      lastMove.current = performance.now();
      if (pause.current !== undefined) return;
      const wait = (ms: number) => {
        pause.current = window.setTimeout(() => {
          const rest = lastMove.current + DRAG_PAUSE_MS - performance.now();
          if (rest > 1) wait(rest);
          else flushSync(settle);
        }, ms);
      };
      wait(DRAG_PAUSE_MS);
    },
    [settle],
  );

  const ref = useCallback((el: HTMLInputElement | null) => {
    input.current = el;
  }, []);

  // After each render, once no drag is under way, the slider shows the state's value: it is
  // left to itself (a drag moves it), so a value that comes from elsewhere is put there.
  useBrowserLayoutEffect(() => {
    if (pending.current !== null) return;
    const el = input.current;
    const at = String(latest.current.value);
    if (el && el.value !== at) el.value = at;
  });

  const at = useCallback(() => pending.current ?? latest.current.value, []);

  return { drag, act, input: ref, at };
}
