/**
 * A choice of one from a short list: a native select (the phone's own picker, the keyboard's own
 * type-ahead), with the shared `.input` look. `onChange` gets the chosen value.
 *
 * - With a `label` it sits on the shared field frame (label, hint, error, aria-invalid): bind it in
 *   a form with FormField like any input here (`{(field) => <Select {...field} ... />}`).
 * - Without one the bare select is rendered and the caller names it: `aria-label`, or a `<label>`
 *   the caller wraps around it (a compact toolbar's "Sort by"). `className` is then the select's.
 * - `placeholder` is a first option with the value '' ("Choose an account"), shown while nothing
 *   is chosen and chosen again to clear the choice.
 * - Other select attributes (disabled, onBlur, a react-hook-form ref) go to the select.
 */
import './inputs.css';
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field } from './field';

export type SelectOption = { value: string; label: string };

type Named =
  | { label: ReactNode; id: string; hint?: ReactNode; error?: string | null; hideLabel?: boolean }
  | { label?: never; id?: string; hint?: never; error?: never; hideLabel?: never };

export type SelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'value' | 'onChange' | 'children' | 'required'
> &
  Named & {
    value: string;
    onChange: (value: string) => void;
    options: readonly SelectOption[];
    placeholder?: string;
    required?: boolean;
    ref?: Ref<HTMLSelectElement>;
  };

export function Select({
  label,
  id,
  hint,
  error,
  hideLabel,
  required,
  value,
  onChange,
  options,
  placeholder,
  className,
  ref,
  ...select
}: SelectProps) {
  const control = (attributes: object, classes: string) => (
    <select
      {...select}
      {...attributes}
      ref={ref}
      className={classes}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  if (label === undefined) return control({ id }, ['input', className ?? ''].filter(Boolean).join(' '));
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      hideLabel={hideLabel}
      className={className}
    >
      {(attributes) => control(attributes, 'input')}
    </Field>
  );
}
