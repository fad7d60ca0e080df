/**
 * An input's own validation: silent until the first blur, then live on every change, so a message
 * appears when the user leaves a field and disappears as soon as it is fixed.
 *
 * A form's message (`external`, e.g. after submit or from a 422) wins whenever it is given; pass
 * null to silence the input's own check.
 *
 * Leaving a field for its form's submit button waits for that click (or for the button to lose
 * focus) before showing the message: a message appearing between mousedown and mouseup would move
 * the button from under the pointer and swallow the click.
 */
import { type FocusEvent, useState } from 'react';
import { check, type Rule } from '../../lib/validation';

export function useBlurError(value: string, rules: Rule[], external: string | null | undefined) {
  const [touched, setTouched] = useState(false);
  const own = touched ? check(value, ...rules) : null;
  const markTouched = (event?: FocusEvent) => {
    const next = event?.relatedTarget;
    if (!(next instanceof HTMLButtonElement) || next.type !== 'submit') return setTouched(true);
    const done = () => {
      window.removeEventListener('click', done);
      next.removeEventListener('blur', done);
      setTouched(true);
    };
    // Bubbling on window: runs after the button's own click (and the form's submit) has been handled.
    window.addEventListener('click', done);
    next.addEventListener('blur', done);
  };
  return { error: external !== undefined ? external : own, markTouched };
}
