/**
 * /login, login mode (spec part 1 §2 /login, §4 Session, §5 Login).
 *
 * - What the user typed is never cleared by a failure: wrong password (the server's 'Error' toast
 *   comes from the shared error policy), field errors, or no connection (said inline).
 * - Enter in any field submits; one sign-in is in flight at a time.
 * - Success goes on to sign-up step 2 when a registration is being resumed, else to the first tab
 *   with 'Login Successful'.
 */
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { OFFLINE_MESSAGE } from '../../api/error-policy';
import { ApiError } from '../../api/errors';
import { check, loginRules } from '../../lib/validation';
import { toastSuccess } from '../../ui/toast';
import { signIn } from './auth-api';
import { AuthField } from './auth-field';
import { texts, toasts } from './messages';
import { focusField, isOffline, useFieldForm } from './use-field-form';

type LoginFormProps = {
  initialEmail: string;
  /** A message to show above the button when the page opens (a failed registration link). */
  initialNotice: string | null;
  onForgot: (email: string) => void;
};

export function LoginForm({ initialEmail, initialNotice, onForgot }: LoginFormProps) {
  const [, navigate] = useLocation();
  const form = useFieldForm({
    initial: { email: initialEmail, password: '' },
    validators: {
      email: (value) => check(value, ...loginRules.email),
      password: (value) => check(value, ...loginRules.password),
    },
    trimmed: ['email'],
  });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const inFlight = useRef(false);

  async function submit() {
    if (inFlight.current) return;
    const { values, firstInvalid } = form.validate();
    if (!values) {
      focusField(`login-${firstInvalid}`);
      return;
    }
    if (isOffline()) {
      setNotice(OFFLINE_MESSAGE);
      return;
    }
    setNotice(null);
    inFlight.current = true;
    setBusy(true);
    try {
      await signIn(values, (result) => {
        if (!result.registration) toastSuccess(toasts.loginSuccessful);
        navigate(result.to, { replace: true });
      });
    } catch (error) {
      if (error instanceof ApiError && error.offline) setNotice(OFFLINE_MESSAGE);
      if (error instanceof ApiError && error.fieldErrors) form.showServerErrors(error.fieldErrors);
      inFlight.current = false;
      setBusy(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} onKeyDown={onKeyDown} aria-label={texts.loginTitle}>
      <AuthField
        id="login-email"
        label="Email"
        kind="email"
        autoComplete="username"
        value={form.values.email}
        error={form.errors.email}
        onChange={(value) => form.change('email', value)}
        onBlur={() => form.blur('email')}
      />
      <AuthField
        id="login-password"
        label="Password"
        kind="password"
        autoComplete="current-password"
        value={form.values.password}
        error={form.errors.password}
        onChange={(value) => form.change('password', value)}
        aside={
          <button
            type="button"
            className="link link-button"
            onClick={() => onForgot(form.values.email.trim())}
          >
            {texts.forgotLink}
          </button>
        }
      />
      {notice ? (
        <p className="form__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {texts.loginButton}
      </button>
    </form>
  );
}
