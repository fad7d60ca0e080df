/**
 * Binds one field of a rules form (use-rules-form.ts) to any input of src/ui/inputs: the child
 * gets value, onChange(value), onBlur, error and ref, the props every input there takes.
 *
 * - `error` is always the form's (a string or null), so an input's own blur check never speaks
 *   over the form.
 * - `checkOn="typed"` (the default): a field is checked when left with something typed in it.
 *   `checkOn="touch"` (the payment form, spec part 1 §5): checked on every key up and every blur,
 *   empty or not. Either way, once a field was checked (or the form submitted) it is re-checked on
 *   every change, so its message follows the user's corrections live.
 * - A trimmed field is trimmed when left.
 * - A server message (applyServerErrors) stays until the field's value changes.
 *
 * `FormListField` binds a list field (a multi-select's names) the same way: checked live once the
 * form was submitted or the field shows a message. Such inputs take no ref, so the field names the
 * element that gets focus when it is the first invalid one.
 *
 * `FormFileField` binds one chosen file (an upload field) the same way; a file the input itself
 * refuses (type, size) is reported with `onError` and shows as the field's message.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { type FieldPath, type PathValue, type RefCallBack, useController } from 'react-hook-form';
import type { FormValues, RulesForm } from './use-rules-form';

export type BoundField = {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Only with checkOn="touch". */
  onKeyUp?: () => void;
  error: string | null;
  ref: RefCallBack;
};

type FormFieldProps<V extends FormValues> = {
  form: RulesForm<V>;
  name: FieldPath<V> & keyof V & string;
  checkOn?: 'typed' | 'touch';
  children: (field: BoundField) => ReactNode;
};

export function FormField<V extends FormValues>({
  form,
  name,
  checkOn = 'typed',
  children,
}: FormFieldProps<V>) {
  const { field, fieldState, formState } = useController({ control: form.control, name });
  const [checked, setChecked] = useState(false);
  const value = typeof field.value === 'string' ? field.value : '';
  const check = () => {
    setChecked(true);
    form.checkField(name);
  };

  return children({
    name,
    value,
    ref: field.ref,
    error: fieldState.error?.message ?? null,
    onChange: (next) => {
      field.onChange(next as PathValue<V, typeof name>);
      if (checked || formState.isSubmitted || fieldState.error) check();
    },
    onBlur: () => {
      const raw = form.getValues(name);
      let current = typeof raw === 'string' ? raw : '';
      const trim = form.trimmed.includes(name) && current.trim() !== current;
      if (trim) {
        current = current.trim();
        field.onChange(current as PathValue<V, typeof name>);
      }
      field.onBlur();
      // A server message is about the value as sent: it stays until the value changes (leaving
      // the field, e.g. to press the button again, must not clear it and shift the page).
      if (fieldState.error?.type === 'server' && !trim) return;
      if (checkOn === 'touch' || current !== '' || fieldState.error) check();
    },
    ...(checkOn === 'touch' ? { onKeyUp: check } : {}),
  });
}

export type BoundListField = {
  value: string[];
  onChange: (value: string[]) => void;
  error: string | null;
};

type FormListFieldProps<V extends FormValues> = {
  form: RulesForm<V>;
  name: FieldPath<V> & keyof V & string;
  /** The element focused when this field is the first invalid one on submit. */
  focusId: string;
  children: (field: BoundListField) => ReactNode;
};

export function FormListField<V extends FormValues>({
  form,
  name,
  focusId,
  children,
}: FormListFieldProps<V>) {
  const { field, fieldState, formState } = useController({ control: form.control, name });
  const value = Array.isArray(field.value)
    ? field.value.filter((item): item is string => typeof item === 'string')
    : [];
  // react-hook-form focuses what the ref registered; the element is looked up when it is needed.
  const { ref } = field;
  useEffect(() => ref({ focus: () => document.getElementById(focusId)?.focus() }), [ref, focusId]);
  return children({
    value,
    error: fieldState.error?.message ?? null,
    onChange: (next) => {
      field.onChange(next as PathValue<V, typeof name>);
      if (formState.isSubmitted || fieldState.error) form.checkField(name);
    },
  });
}

export type BoundFileField = {
  value: File | null;
  onChange: (file: File | null) => void;
  /** The input's own refusal of a chosen file (its type or size), or null when it took one. */
  onError: (message: string | null) => void;
  error: string | null;
};

export function FormFileField<V extends FormValues>({
  form,
  name,
  focusId,
  children,
}: Omit<FormListFieldProps<V>, 'children'> & { children: (field: BoundFileField) => ReactNode }) {
  const { field, fieldState, formState } = useController({ control: form.control, name });
  const value = field.value instanceof File ? field.value : null;
  const { ref } = field;
  useEffect(() => ref({ focus: () => document.getElementById(focusId)?.focus() }), [ref, focusId]);
  return children({
    value,
    error: fieldState.error?.message ?? null,
    onChange: (next) => {
      field.onChange(next as PathValue<V, typeof name>);
      if (formState.isSubmitted || fieldState.error) form.checkField(name);
    },
    onError: (message) => {
      if (message) form.setError(name, { type: 'file', message });
      else if (fieldState.error?.type === 'file') form.clearErrors(name);
    },
  });
}
