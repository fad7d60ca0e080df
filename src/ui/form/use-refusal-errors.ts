/**
 * A queued write's refusal (a 422 the outbox kept, with the server's field errors) put back on the
 * form's fields through applyServerErrors (server-errors.ts), once per refusal: `refusal` names it
 * (e.g. `${item.id}:${item.attempts}`), so a render does not put a message back after the user
 * corrected the field, and a second refusal of the same write does.
 */
import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors, type ServerFieldErrors } from './server-errors';

export function useRefusalErrors<V extends FieldValues>(
  form: UseFormReturn<V>,
  refusal: string | null,
  fieldErrors: ServerFieldErrors | null | undefined,
) {
  const latest = useRef({ form, fieldErrors });
  latest.current = { form, fieldErrors };
  useEffect(() => {
    const { form: current, fieldErrors: errors } = latest.current;
    if (refusal && errors) applyServerErrors(current, { fieldErrors: errors });
  }, [refusal]);
}
