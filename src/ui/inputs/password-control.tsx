/**
 * The bare password control: the input and its show/hide toggle. Only password-input.tsx renders
 * it (with the label, the messages and the strength meter): forms use that one PasswordInput.
 *
 * The toggle is a real button with an accessible name that says what it will do ('Show password' /
 * 'Hide password') and aria-pressed for its state.
 */
import { type InputHTMLAttributes, type Ref, useState } from 'react';

type PasswordControlProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string;
  ref?: Ref<HTMLInputElement>;
};

export function PasswordControl({ id, className, ref, ...input }: PasswordControlProps) {
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
