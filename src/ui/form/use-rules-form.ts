/**
 * The one form hook: react-hook-form validated by the superstruct resolver over the form's field
 * rules (see rules-struct.ts), with the timing every form of the portal shares:
 *
 * - Nothing is said before the user acts. A field is checked when the user leaves it having typed
 *   something, and on submit; once a message shows it follows the user's corrections live
 *   (form-field.tsx does the per-field part).
 * - `trimmed` fields are trimmed when left and when submitted; the submit handler gets the
 *   trimmed values, and the fields show them.
 * - On an invalid submit the first invalid field (in the form's order) gets focus.
 */
import { superstructResolver } from '@hookform/resolvers/superstruct';
import type { BaseSyntheticEvent } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type PathValue,
  type Resolver,
  type SubmitHandler,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { type FieldRules, rulesStruct } from './rules-struct';

export type FormValues = Record<string, string>;

export type RulesFormOptions<V extends FormValues> = {
  defaultValues: V;
  rules: FieldRules<V>;
  trimmed?: readonly (keyof V & string)[];
};

export type RulesForm<V extends FormValues> = UseFormReturn<V> & {
  trimmed: readonly (keyof V & string)[];
  /** An onSubmit handler: trims, validates, then calls `valid` with the cleaned values. */
  submitWith: (valid: SubmitHandler<V>) => (event?: BaseSyntheticEvent) => Promise<unknown>;
};

export function useRulesForm<V extends FormValues>({
  defaultValues,
  rules,
  trimmed = [],
}: RulesFormOptions<V>): RulesForm<V> {
  const form = useForm<V>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver: superstructResolver(rulesStruct(rules, trimmed), { coerce: true }) as unknown as Resolver<V>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });

  const submitWith = (valid: SubmitHandler<V>) => (event?: BaseSyntheticEvent) => {
    for (const field of trimmed) {
      const name = field as FieldPath<V>;
      const value = form.getValues(name);
      if (typeof value === 'string' && value.trim() !== value) {
        form.setValue(name, value.trim() as PathValue<V, FieldPath<V>>);
      }
    }
    return form.handleSubmit(valid)(event);
  };

  return { ...form, trimmed, submitWith };
}
