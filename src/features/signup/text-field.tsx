/**
 * A plain text field of the wizard (names, business name, job title) on the shared field frame:
 * 'This field is required*' after the user leaves it empty, or the form's message when it gives one.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { required as requiredRule } from '../../lib/validation';
import { Field } from '../../ui/inputs/field';
import { useBlurError } from '../../ui/inputs/use-blur-error';

export type TextFieldProps = Omit<
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
};

export function TextField({
  id,
  label,
  value,
  onChange,
  required,
  error: external,
  hint,
  onBlur,
  ...input
}: TextFieldProps) {
  const { error, markTouched } = useBlurError(value, required ? [requiredRule()] : [], external);
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <input
          type="text"
          {...input}
          {...control}
          className="input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={(event) => {
            markTouched();
            onBlur?.(event);
          }}
        />
      )}
    </Field>
  );
}
