/**
 * What a reader sets in a figure, kept in the page address so a link shares it: one codec per
 * figure (parse and clamp, write), one way to read it after hydration and to write it back once
 * the controls rest. Parameters of other figures always stay as they are.
 */
import { useEffect, useRef } from 'react';

/**
 * How long the controls must rest before the address records them: a dragged slider fires
 * dozens of changes a second, a history update costs a few milliseconds of the frame, and
 * browsers throttle (and warn about) rapid ones.
 */
export const URL_WRITE_DELAY_MS = 250;

export interface UrlCodec<S> {
  /** The state the parameters ask for; anything missing or unusable takes its default, numbers are clamped. */
  parse(params: URLSearchParams, defaults: S): S;
  /** Each parameter the codec owns, as text; a value at its default is null, so an untouched page keeps a clean address. */
  write(state: S, defaults: S): Record<string, string | null>;
}

/** The state a query string asks for. */
export function readQuery<S>(codec: UrlCodec<S>, search: string, defaults: S): S {
  return codec.parse(new URLSearchParams(search), defaults);
}

/** The query string (with its "?", or empty) holding `state`, every other parameter kept. */
export function writeQuery<S>(codec: UrlCodec<S>, search: string, state: S, defaults: S): string {
  return withParams(search, codec.write(state, defaults));
}

function withParams(search: string, entries: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(entries)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface UrlStateOptions {
  /** A fragment to write with a changed state (the figure's section, so a shared link lands on it); else the current one stays. */
  hash?: string;
}

/**
 * Reads the address once after hydration (so the server's markup, at the defaults, is what
 * hydrates), hands the state to `load` and rewrites the address as read; from then on writes
 * `state` back whenever it has rested for URL_WRITE_DELAY_MS.
 */
export function useUrlState<S>(codec: UrlCodec<S>, state: S, defaults: S, load: (state: S) => void, options: UrlStateOptions = {}): void {
  const loaded = useRef(false);
  const latest = useRef({ codec, defaults, load });
  latest.current = { codec, defaults, load };

  useEffect(() => {
    const { codec: c, defaults: d, load: l } = latest.current;
    const { pathname, search, hash } = window.location;
    const asked = readQuery(c, search, d);
    l(asked);
    loaded.current = true;
    // A parameter the figure could not use (or had to clamp) leaves the address as the figure reads it.
    const clean = writeQuery(c, search, asked, d);
    if (clean !== search) window.history.replaceState(window.history.state, '', `${pathname}${clean}${hash}`);
  }, []);

  // Keyed on the written text, so a change of state that the address does not hold writes nothing.
  const written = JSON.stringify(codec.write(state, defaults));
  const { hash: fragment } = options;
  useEffect(() => {
    if (!loaded.current) return undefined;
    const timer = window.setTimeout(() => {
      const { pathname, search, hash } = window.location;
      const query = withParams(search, JSON.parse(written) as Record<string, string | null>);
      // Only a change of state touches the address; the fragment moves with it.
      if (query === search) return;
      window.history.replaceState(window.history.state, '', `${pathname}${query}${fragment === undefined ? hash : `#${fragment}`}`);
    }, URL_WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [written, fragment]);
}

/* ---- parsing helpers shared by the codecs ---- */

export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** A finite number, or null for a missing, empty or unreadable parameter. */
export function numberParam(params: URLSearchParams, key: string): number | null {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return null;
  const x = Number(raw);
  return Number.isFinite(x) ? x : null;
}

/** The parameter if it is one of `allowed`, else null. */
export function oneOf<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T | null {
  const raw = params.get(key);
  return raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : null;
}

/** The text to write for a value, or null at its default. */
export function unlessDefault(value: string | number, fallback: string | number): string | null {
  return value === fallback ? null : String(value);
}
