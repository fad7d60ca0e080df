/**
 * One labelled field of the sign-in forms, with its message under it. The message is tied to the
 * input (aria-describedby, aria-invalid) so a screen reader reads it with the field.
 */
import type { ReactNode } from 'react';
import { PasswordInput } from '../../ui/password-input';
import { describedBy } from './use-field-form';

type AuthFieldProps = {
  id: string;
  label: string;
  value: string;
  error?: string | null;
  kind?: 'email' | 'text' | 'password' | 'code';
  autoComplete?: string;
  readOnly?: boolean;
  /** Shown at the end of the label row (the Forgot password link). */
  aside?: ReactNode;
  onChange: (value: string) => void;
  onBlur?: () => void;
};

export function AuthField({
  id,
  label,
  value,
  error,
  kind = 'text',
  autoComplete,
  readOnly,
  aside,
  onChange,
  onBlur,
}: AuthFieldProps) {
  const common = {
    id,
    value,
    autoComplete,
    readOnly,
    onBlur,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    ...describedBy(id, error),
  };
  return (
    <div className="field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {aside}
      </div>
      {kind === 'password' ? (
        <PasswordInput {...common} />
      ) : (
        <input
          {...common}
          className={readOnly ? 'input input--readonly' : 'input'}
          type={kind === 'email' ? 'email' : 'text'}
          inputMode={kind === 'email' ? 'email' : kind === 'code' ? 'numeric' : undefined}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
