/**
 * A plain text field (names, business name, job title, a code) on the shared field frame:
 * 'This field is required*' after the user leaves it empty, or the form's message when it gives one
 * (see use-blur-error.ts). Read-only fields look read-only; a `className` is added to the input's.
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { required as requiredRule } from '../../lib/validation';
import { Field } from './field';
import { useBlurError } from './use-blur-error';

export type TextInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'required'
> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string | null;
  hint?: ReactNode;
  aside?: ReactNode;
  /** The label is read by screen readers only (a compact row). */
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
};

export function TextInput({
  id,
  label,
  value,
  onChange,
  required,
  error: external,
  hint,
  aside,
  hideLabel,
  ref,
  onBlur,
  className,
  ...input
}: TextInputProps) {
  const { error, markTouched } = useBlurError(value, required ? [requiredRule()] : [], external);
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      aside={aside}
      hideLabel={hideLabel}
    >
      {(control) => (
        <input
          type="text"
          {...input}
          {...control}
          ref={ref}
          className={['input', input.readOnly ? 'input--readonly' : '', className ?? '']
            .filter(Boolean)
            .join(' ')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={(event) => {
            markTouched(event);
            onBlur?.(event);
          }}
        />
      )}
    </Field>
  );
}
