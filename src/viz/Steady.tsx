/**
 * A box whose text changes on every move of a control without laying out anything around it.
 *
 * The box takes its height from a hidden template of its longest content, set in the same
 * font and width; the live content sits over the template in a box of its own with strict
 * containment, so new digits lay out and repaint only that box. Screen readers and the
 * find-in-page search see the live content only.
 */
import type { ReactNode, Ref } from 'react';

export interface SteadyProps {
  /** Content at least as long as anything the box will show, in the same structure. */
  template: ReactNode;
  children: ReactNode;
  /** Classes for the outer box, which carries the visual frame (padding, border, background). */
  className?: string;
  /** Attributes for the live box, such as a role. */
  role?: string;
  'aria-live'?: 'polite' | 'off' | 'assertive';
  /** Hides the whole box from assistive technology, for a purely visual line. */
  'aria-hidden'?: boolean;
  /** The live box, for a caller that writes its text directly while a control is dragged. */
  liveRef?: Ref<HTMLDivElement>;
}

export function Steady({ template, children, className, role, 'aria-live': ariaLive, 'aria-hidden': ariaHidden, liveRef }: SteadyProps) {
  return (
    <div className={className ? `steady ${className}` : 'steady'} aria-hidden={ariaHidden || undefined}>
      <div className="steady-template" aria-hidden="true">
        {template}
      </div>
      <div className="steady-live" role={role} aria-live={ariaLive} ref={liveRef}>
        {children}
      </div>
    </div>
  );
}
