/**
 * An input's own validation: silent until the first blur, then live on every change, so a message
 * appears when the user leaves a field and disappears as soon as it is fixed.
 *
 * A form's message (`external`, e.g. after submit or from a 422) wins whenever it is given; pass
 * null to silence the input's own check.
 */
import { useState } from 'react';
import { check, type Rule } from '../../lib/validation';

export function useBlurError(value: string, rules: Rule[], external: string | null | undefined) {
  const [touched, setTouched] = useState(false);
  const own = touched ? check(value, ...rules) : null;
  return { error: external !== undefined ? external : own, markTouched: () => setTouched(true) };
}
