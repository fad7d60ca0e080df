/**
 * The bare password control: the input and its show/hide toggle, for a form that renders its own
 * label and message (the sign-in form). Other forms use ui/inputs/password-input.tsx, which wraps
 * this with a label, the spec's messages and the strength meter.
 *
 * The toggle is a real button with an accessible name that says what it will do ('Show password' /
 * 'Hide password') and aria-pressed for its state.
 */
import { type InputHTMLAttributes, type Ref, useState } from 'react';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string;
  ref?: Ref<HTMLInputElement>;
};

export function PasswordInput({ id, className, ref, ...input }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input
        {...input}
        ref={ref}
        id={id}
        type={visible ? 'text' : 'password'}
        className={className ?? 'input'}
      />
      <button
        type="button"
        className="password-input__toggle"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        aria-controls={id}
        onClick={() => setVisible((shown) => !shown)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          {visible ? null : (
            <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          )}
        </svg>
      </button>
    </div>
  );
}
