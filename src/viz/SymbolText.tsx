/**
 * A sentence that names mathematical symbols, written with a light notation: {x} is the symbol x,
 * {x_sub} the symbol x with a subscript. Symbols are set as <var>, subscripts as <sub>, so the
 * words under an equation look like the equation and read as text.
 */
import { Fragment } from 'react';

const SYMBOL = /\{([^{}_]+)(?:_([^{}]+))?\}/g;

export function SymbolText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(SYMBOL)) {
    parts.push(text.slice(at, m.index));
    parts.push(
      <Fragment key={m.index}>
        <var>{m[1]}</var>
        {m[2] ? <sub>{m[2]}</sub> : null}
      </Fragment>,
    );
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
