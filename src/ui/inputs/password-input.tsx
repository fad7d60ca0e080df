/**
 * A password field for forms: label, show/hide toggle (password-control.tsx), an optional live strength meter, and the spec's messages
 * (part 1 §5): 'This field is required*', the password rule, and for a confirmation field
 * 'Does Not match password'.
 *
 * `meter` also turns on the password rule check; a current-password field leaves it off.
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { matches, messages, password, type Rule, required as requiredRule } from '../../lib/validation';
import { Field } from './field';
import { PasswordControl } from './password-control';
import { PasswordMeter } from './password-meter';
import { useBlurError } from './use-blur-error';

export type PasswordInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'value' | 'defaultValue' | 'onChange' | 'required'
> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  requiredMessage?: string;
  /** Show the live strength meter and check the password rule. */
  meter?: boolean;
  /** For a confirmation field: the password it must equal. */
  mustMatch?: string;
  /** The form's message; wins over the field's own check (see use-blur-error.ts). */
  error?: string | null;
  hint?: ReactNode;
  aside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function PasswordInput({
  id,
  label,
  value,
  onChange,
  required,
  requiredMessage = messages.required,
  meter,
  mustMatch,
  error: external,
  hint,
  aside,
  ref,
  onBlur,
  ...input
}: PasswordInputProps) {
  const rules: Rule[] = [];
  if (required) rules.push(requiredRule(requiredMessage));
  if (meter) rules.push(password);
  if (mustMatch !== undefined) rules.push((v) => (v === '' ? null : matches(() => mustMatch)(v)));
  const { error, markTouched } = useBlurError(value, rules, external);
  const meterId = `${id}-meter`;
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      aside={aside}
      describedBy={meter ? meterId : undefined}
      below={meter ? <PasswordMeter id={meterId} value={value} /> : null}
    >
      {(control) => (
        <PasswordControl
          autoComplete={meter ? 'new-password' : 'current-password'}
          {...input}
          {...control}
          ref={ref}
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
