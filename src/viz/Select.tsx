/**
 * A native select, written by the server as a stand-in button that shows the chosen option
 * and is as wide as the widest one. Chromium lays out every select in the page when the
 * document finishes parsing, even inside sections that skip rendering, which costs a phone
 * the better part of a second; a button costs nothing. The select itself takes the button's
 * place once the figure has hydrated (keeping its focus), so the figure's first render
 * matches the prerendered page.
 */
import { Children, isValidElement, type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';

type OptionElement = ReactElement<{ value: string; children?: ReactNode }>;

export interface SelectProps {
  value: string;
  onChange: (value: string) => void;
  /** `<option value=…>` elements, as inside a select. */
  children: ReactNode;
  id?: string;
}

export function Select({ value, onChange, children, id }: SelectProps) {
  const [live, setLive] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    refocus.current = standIn.current !== null && document.activeElement === standIn.current;
    setLive(true);
  }, []);
  useEffect(() => {
    if (live && refocus.current) select.current?.focus();
  }, [live]);

  if (live) {
    return (
      <select ref={select} id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {children}
      </select>
    );
  }
  const options = Children.toArray(children).filter((c): c is OptionElement => isValidElement(c));
  return (
    <button ref={standIn} type="button" id={id} className="select-stand-in">
      <span className="select-stand-in-labels">
        {options.map((o) => (
          <span key={o.props.value} data-current={o.props.value === value ? '' : undefined} aria-hidden={o.props.value === value ? undefined : true}>
            {o.props.children}
          </span>
        ))}
      </span>
      <span aria-hidden="true" className="select-stand-in-arrow">
        ▾
      </span>
    </button>
  );
}

/** A Select under its label, its options a list of values, each shown as `words` says. */
export function LabelledSelect<T extends string>({
  label,
  value,
  options,
  words = String,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  words?: (option: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <label>
      {label}{' '}
      <Select value={value} onChange={(v) => onChange(v as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {words(o)}
          </option>
        ))}
      </Select>
    </label>
  );
}
