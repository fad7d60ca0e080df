/**
 * Turns a form's field rules into a superstruct struct, so react-hook-form validates through the
 * superstruct resolver while the rules themselves stay where they are shared with the server
 * (src/api/contracts, src/lib/validation): one rule set, never a second copy for the form.
 *
 * - One message per field, the first rule that fails, reported at the field's path.
 * - Coercion trims the `trimmed` fields, so a valid submit hands the trimmed values on.
 * - Rules see every value (a confirmation compares against the password).
 */
import { any, coerce, refine, type Struct, validate } from 'superstruct';

/** A field's rule: its message, or null when the value is valid. */
export type FieldRule<V> = (value: string, values: V) => string | null | undefined;

export type FieldRules<V> = { [K in keyof V]?: FieldRule<V> };

/**
 * A field's rule taken from a contract's struct for that field (e.g. `Body.schema.title`): the
 * struct's refinement message, or null. The form says what the server will say.
 */
export function contractRule<V, T, S>(struct: Struct<T, S>): FieldRule<V> {
  return (value) => {
    const [error] = validate(value, struct);
    return error ? (error.failures()[0]?.message ?? error.message) : null;
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function trimFields<V extends Record<string, unknown>>(values: V, trimmed: readonly (keyof V)[]): V {
  const out = { ...values };
  for (const field of trimmed) {
    const value = out[field];
    if (typeof value === 'string') out[field] = value.trim() as V[keyof V];
  }
  return out;
}

export function rulesStruct<V extends Record<string, unknown>>(
  rules: FieldRules<V>,
  trimmed: readonly (keyof V)[] = [],
): Struct<V, null> {
  const checked = refine(any() as Struct<V, null>, 'FormRules', function* (values) {
    for (const field of Object.keys(rules) as (keyof V & string)[]) {
      const message = rules[field]?.(text(values[field]), values);
      if (message) yield { path: [field], message };
    }
  });
  return coerce(checked, any(), (values: V) =>
    values && typeof values === 'object' ? trimFields(values, trimmed) : values,
  );
}

/**
 * Every invalid field's first message, by path ('email', 'rows.0.value'), in the struct's order:
 * the synchronous check behind the forms' messages (the resolver says the same, later).
 */
export function structErrors<T, S>(struct: Struct<T, S>, values: unknown) {
  const [invalid] = validate(values, struct, { coerce: true });
  const found = new Map<string, { type: string; message: string }>();
  for (const failure of invalid?.failures() ?? []) {
    const path = failure.path.join('.');
    if (!found.has(path)) found.set(path, { type: failure.type, message: failure.message });
  }
  return found;
}
