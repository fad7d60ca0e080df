/**
 * Binds one field of a rules form (use-rules-form.ts) to any input of src/ui/inputs: the child
 * gets value, onChange(value), onBlur, error and ref, the props every input there takes.
 *
 * - `error` is always the form's (a string or null), so an input's own blur check never speaks
 *   over the form.
 * - Before the first submit: a field is checked when left with something typed in it, and re-checked
 *   on every change while it shows a message. After a submit react-hook-form re-checks on change.
 * - A trimmed field is trimmed when left.
 */
import type { ReactNode } from 'react';
import { type FieldPath, type PathValue, type RefCallBack, useController } from 'react-hook-form';
import type { FormValues, RulesForm } from './use-rules-form';

export type BoundField = {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | null;
  ref: RefCallBack;
};

type FormFieldProps<V extends FormValues> = {
  form: RulesForm<V>;
  name: FieldPath<V> & keyof V & string;
  children: (field: BoundField) => ReactNode;
};

export function FormField<V extends FormValues>({ form, name, children }: FormFieldProps<V>) {
  const { field, fieldState, formState } = useController({ control: form.control, name });
  const value = typeof field.value === 'string' ? field.value : '';
  const checkNow = () => {
    if (!formState.isSubmitted) void form.trigger(name);
  };

  return children({
    name,
    value,
    ref: field.ref,
    error: fieldState.error?.message ?? null,
    onChange: (next) => {
      field.onChange(next as PathValue<V, typeof name>);
      if (fieldState.error) checkNow();
    },
    onBlur: () => {
      let current = form.getValues(name) as string;
      if (form.trimmed.includes(name) && current.trim() !== current) {
        current = current.trim();
        field.onChange(current as PathValue<V, typeof name>);
      }
      field.onBlur();
      if (current !== '' || fieldState.error) checkNow();
    },
  });
}
