/**
 * The one form hook: react-hook-form validated by the superstruct resolver, over a contract's
 * struct (`struct`, e.g. a request body that the server checks with the same struct) or over the
 * form's field rules (`rules`, see rules-struct.ts), with the timing every form of the portal shares:
 *
 * - Nothing is said before the user acts. A field is checked when the user leaves it having typed
 *   something, and on submit; once a message shows it follows the user's corrections live
 *   (form-field.tsx does the per-field part).
 * - `trimmed` fields are trimmed when left and when submitted; the submit handler gets the
 *   trimmed values, and the fields show them.
 * - On an invalid submit the first invalid field (in the form's order) gets focus, and the messages
 *   show in the same render as the click: the struct is checked synchronously before
 *   react-hook-form's (asynchronous) submit cycle runs, which then marks the form submitted.
 *   Field checks (checkField) are synchronous too, so a message never lags the keystroke.
 */
import { superstructResolver } from '@hookform/resolvers/superstruct';
import type { BaseSyntheticEvent } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type PathValue,
  type Resolver,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { create, type Struct } from 'superstruct';
import { type FieldRules, rulesStruct, structErrors } from './rules-struct';

/**
 * A form's values. FormField binds a text field, FormListField a list of names (a multi-select),
 * FormFileField one chosen File; other values (rows of a schedule, a list of files) are held and
 * checked by the form (a rule reads them from `values`, its text is '') and shown by the caller.
 */
export type FormValues = Record<string, unknown>;

export type RulesFormOptions<V extends FormValues> = {
  defaultValues: V;
  trimmed?: readonly (keyof V & string)[];
} & (
  | { rules: FieldRules<V>; struct?: never }
  /** A contract struct whose refinements carry the messages (validated with coercion). */
  | { struct: Struct<V, unknown>; rules?: never }
);

export type RulesForm<V extends FormValues> = UseFormReturn<V> & {
  trimmed: readonly (keyof V & string)[];
  /** Checks one field now (synchronously): shows its message, or clears it. Answers the message. */
  checkField: (name: FieldPath<V>) => string | null;
  /**
   * Checks the whole form in the caller's click (synchronously), as a submit does: answers the
   * cleaned values, or null with every message shown and the first invalid field focused.
   */
  checkNow: () => V | null;
  /**
   * An onSubmit handler: trims, validates, then calls `valid` with the cleaned values, or `invalid`
   * with the fields' errors (a form that also toasts its message).
   */
  submitWith: (
    valid: SubmitHandler<V>,
    invalid?: SubmitErrorHandler<V>,
  ) => (event?: BaseSyntheticEvent) => Promise<unknown>;
};

export function useRulesForm<V extends FormValues>(options: RulesFormOptions<V>): RulesForm<V> {
  const { defaultValues, trimmed = [] } = options;
  const struct = options.struct ?? rulesStruct(options.rules, trimmed);
  const form = useForm<V>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver: superstructResolver(struct as Struct<V, unknown>, { coerce: true }) as unknown as Resolver<V>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });

  const messagesNow = () =>
    structErrors(struct, form.getValues()) as Map<FieldPath<V>, { type: string; message: string }>;

  const checkField = (name: FieldPath<V>) => {
    const failure = messagesNow().get(name);
    if (failure) form.setError(name, failure);
    else form.clearErrors(name);
    return failure?.message ?? null;
  };

  /** Trims, then shows every message with focus on the first; answers how many there are. */
  const showAll = () => {
    for (const field of trimmed) {
      const name = field as FieldPath<V>;
      const value = form.getValues(name);
      if (typeof value === 'string' && value.trim() !== value) {
        form.setValue(name, value.trim() as PathValue<V, FieldPath<V>>);
      }
    }
    const found = [...messagesNow()];
    found.forEach(([name, failure], index) => {
      form.setError(name, failure, { shouldFocus: index === 0 });
    });
    return found.length;
  };

  const submitWith =
    (valid: SubmitHandler<V>, invalid?: SubmitErrorHandler<V>) => (event?: BaseSyntheticEvent) => {
      showAll();
      return form.handleSubmit(valid, invalid)(event);
    };

  const checkNow = () => {
    const invalid = showAll() > 0;
    // The same submit cycle, for its state: the messages then follow the user's edits live.
    void form.handleSubmit(() => undefined)();
    return invalid ? null : (create(form.getValues(), struct as Struct<V, unknown>) as V);
  };

  return { ...form, trimmed, checkField, submitWith, checkNow };
}
