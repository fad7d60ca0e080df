/**
 * Server field errors (a 422 `{errors: {field: [messages]}}`, carried by the api client's error as
 * `fieldErrors`) shown under the form's own fields, with focus on the first one.
 *
 * Read structurally, so src/ui stays free of src/api: any error with `fieldErrors` qualifies.
 * Names the form does not have are left out; the caller decides what to say about them.
 */
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

export type ServerFieldErrors = Record<string, string[]>;

/** The 422 field errors an error carries, or null. */
export function fieldErrorsOf(error: unknown): ServerFieldErrors | null {
  if (typeof error !== 'object' || error === null || !('fieldErrors' in error)) return null;
  const found = (error as { fieldErrors: unknown }).fieldErrors;
  return found && typeof found === 'object' ? (found as ServerFieldErrors) : null;
}

/**
 * Puts each known field's first server message on that field and focuses the first of them (in
 * the form's field order). Answers the fields it set, in that order (empty when none applied).
 */
export function applyServerErrors<V extends FieldValues>(
  form: UseFormReturn<V>,
  error: unknown,
): FieldPath<V>[] {
  const errors = fieldErrorsOf(error);
  if (!errors) return [];
  const fields = Object.keys(form.getValues()) as FieldPath<V>[];
  const applied = fields.filter((field) => errors[field]?.[0]);
  applied.forEach((field, index) => {
    form.setError(field, { type: 'server', message: errors[field]?.[0] }, { shouldFocus: index === 0 });
  });
  return applied;
}
