/**
 * No input is lost while a figure loads. From the first moment of the page, each figure's
 * island records what a reader does to its prerendered controls: a value a slider or field
 * takes, a press of a button, a key on anything else that takes keys. When the figure has
 * hydrated, the same actions are replayed on the same elements (hydration keeps the server's
 * DOM), so the figure ends where it would have ended had it been ready.
 */
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export type Pending =
  | { kind: 'value'; target: Control; value: string; checked: boolean }
  | { kind: 'click'; target: HTMLElement }
  | { kind: 'key'; target: HTMLElement; init: KeyboardEventInit };

const CONTROL = 'input, select, textarea';
/** What a press acts on. A select's stand-in is not one: the real select replaces it and takes focus. */
const PRESSABLE = 'button:not(.select-stand-in), [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"]';

export interface Recorder {
  /** Stops recording and hands over what was recorded, oldest first. */
  take(): Pending[];
}

export function recordInput(island: HTMLElement): Recorder {
  const log: Pending[] = [];
  const onValue = (event: Event) => {
    const target = event.target as Control;
    if (!target.matches?.(CONTROL)) return;
    const last = log.at(-1);
    const checked = 'checked' in target ? target.checked : false;
    if (last?.kind === 'value' && last.target === target) {
      last.value = target.value;
      last.checked = checked;
    } else log.push({ kind: 'value', target, value: target.value, checked });
  };
  const onClick = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest?.<HTMLElement>(PRESSABLE);
    if (!target || !island.contains(target) || (target as HTMLButtonElement).disabled) return;
    log.push({ kind: 'click', target });
  };
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    // A control does what a key asks by itself (its value changes, and is recorded); Enter or
    // Space on a button presses it, which arrives as a click.
    if (target.matches?.(`${CONTROL}, .select-stand-in, a[href]`)) return;
    if (target.matches?.(PRESSABLE) && (event.key === 'Enter' || event.key === ' ')) return;
    const { key, code, shiftKey, altKey, ctrlKey, metaKey } = event;
    log.push({ kind: 'key', target, init: { key, code, shiftKey, altKey, ctrlKey, metaKey } });
  };
  island.addEventListener('input', onValue, true);
  island.addEventListener('change', onValue, true);
  island.addEventListener('click', onClick, true);
  island.addEventListener('keydown', onKey, true);
  return {
    take() {
      island.removeEventListener('input', onValue, true);
      island.removeEventListener('change', onValue, true);
      island.removeEventListener('click', onClick, true);
      island.removeEventListener('keydown', onKey, true);
      return log.splice(0);
    },
  };
}

/**
 * Sets a control's value as a reader would, so that the framework sees a change. React tracks
 * the value it last knew through the element's own `value` property; hydration took the value
 * the reader left as known, so that property is first set to the value the figure was rendered
 * with (the markup's default), and the reader's value is then written past it.
 */
function setValue(target: Control, value: string, checked: boolean) {
  if (target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) {
    if (target.checked !== checked) target.click();
    return;
  }
  const rendered = target instanceof HTMLSelectElement ? ([...target.options].find((o) => o.defaultSelected)?.value ?? '') : target.defaultValue;
  target.value = rendered;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target) as object, 'value')?.set?.call(target, value);
  // React hears a field's or slider's change on `input`, and a select's on `change`.
  target.dispatchEvent(new Event(target instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Replays recorded actions on a hydrated figure, skipping any whose element is gone. Each waits
 * for the one before to be rendered: a handler reads the state its last render saw.
 */
export async function replay(pending: Pending[]): Promise<void> {
  for (const action of pending) {
    if (!action.target.isConnected) continue;
    if (action.kind === 'value') setValue(action.target, action.value, action.checked);
    else if (action.kind === 'click') action.target.click();
    else action.target.dispatchEvent(new KeyboardEvent('keydown', { ...action.init, bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
