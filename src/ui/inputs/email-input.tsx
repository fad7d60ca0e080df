/**
 * An email field: trimmed on blur (spec part 1 §5), checked for one @ and a dotted domain.
 * The message depends on the form ('Invalid email address' by default; the sign-in form says
 * 'Please enter a valid email', lead transfer 'Enter a valid email address'), so it is a prop.
 *
 * type="email" brings the right mobile keyboard; forms set noValidate so only our messages show.
 * Such an input hides surrounding spaces from `.value` but keeps showing them, so blur also
 * writes the trimmed text back into the control (no indent left by removed spaces).
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { email, messages, required as requiredRule } from '../../lib/validation';
import { Field } from './field';
import { useBlurError } from './use-blur-error';

export type EmailInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'value' | 'defaultValue' | 'onChange' | 'required'
> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  requiredMessage?: string;
  invalidMessage?: string;
  /** The form's message; wins over the field's own check (see use-blur-error.ts). */
  error?: string | null;
  hint?: ReactNode;
  aside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function EmailInput({
  id,
  label,
  value,
  onChange,
  required,
  requiredMessage = messages.required,
  invalidMessage = messages.email,
  error: external,
  hint,
  aside,
  ref,
  onBlur,
  ...input
}: EmailInputProps) {
  const rules = required ? [requiredRule(requiredMessage), email(invalidMessage)] : [email(invalidMessage)];
  const { error, markTouched } = useBlurError(value, rules, external);
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} aside={aside}>
      {(control) => (
        <input
          autoComplete="email"
          {...input}
          {...control}
          ref={ref}
          className="input"
          type="email"
          inputMode="email"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={(event) => {
            const trimmed = value.trim();
            if (trimmed !== value) onChange(trimmed);
            // A type="email" input reports its value already trimmed while still showing the
            // spaces typed around it, so React sees nothing to change: reset the shown text.
            event.currentTarget.value = trimmed;
            markTouched(event);
            onBlur?.(event);
          }}
        />
      )}
    </Field>
  );
}
