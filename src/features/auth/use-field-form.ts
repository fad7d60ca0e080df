/**
 * Field state for the small sign-in forms: values, messages, and the moments they are checked.
 *
 * - A message appears when the user submits, or leaves a field they typed in; once showing, it
 *   follows the user's corrections live.
 * - Trimmed fields (emails) are trimmed when left and when submitted (spec part 1 §5).
 * - Server field errors (a 422) are shown under the fields they name; unknown names are ignored.
 */
import { useState } from 'react';
import type { FieldErrors } from '../../api/errors';

export type Validator<F extends string> = (value: string, values: Record<F, string>) => string | null;

export type FieldFormOptions<F extends string> = {
  initial: Record<F, string>;
  validators: Record<NoInfer<F>, Validator<NoInfer<F>>>;
  trimmed?: readonly NoInfer<F>[];
};

export function useFieldForm<F extends string>({ initial, validators, trimmed = [] }: FieldFormOptions<F>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string | null>>>({});
  const fields = Object.keys(validators) as F[];
  const clean = (field: F, value: string) => (trimmed.includes(field) ? value.trim() : value);

  const change = (field: F, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validators[field](value, next) }));
  };

  const blur = (field: F) => {
    const value = clean(field, values[field]);
    const next = { ...values, [field]: value };
    setValues(next);
    if (value !== '' || errors[field])
      setErrors((current) => ({ ...current, [field]: validators[field](value, next) }));
  };

  /** Checks every field; answers the cleaned values, or null and the first invalid field. */
  const validate = (): { values: Record<F, string> | null; firstInvalid: F | null } => {
    const cleaned = { ...values };
    for (const field of fields) cleaned[field] = clean(field, values[field]);
    const found: Partial<Record<F, string | null>> = {};
    for (const field of fields) found[field] = validators[field](cleaned[field], cleaned);
    setValues(cleaned);
    setErrors(found);
    const firstInvalid = fields.find((field) => found[field]) ?? null;
    return { values: firstInvalid ? null : cleaned, firstInvalid };
  };

  const showServerErrors = (fieldErrors: FieldErrors) => {
    const found: Partial<Record<F, string | null>> = {};
    for (const field of fields) found[field] = fieldErrors[field]?.[0] ?? null;
    setErrors(found);
    return fields.find((field) => found[field]) ?? null;
  };

  const setError = (field: F, message: string | null) =>
    setErrors((current) => ({ ...current, [field]: message }));

  return { values, errors, change, blur, validate, showServerErrors, setError };
}

/** Props wiring an input to its message: aria-invalid and aria-describedby when a message shows. */
export function describedBy(id: string, message: string | null | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

/** Focuses a field by its element id (after a failed submit). */
export const focusField = (id: string) => document.getElementById(id)?.focus();

export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
