/**
 * /login, login mode (spec part 1 §2 /login, §4 Session, §5 Login).
 *
 * - What the user typed is never cleared by a failure: wrong password, field errors, or no
 *   connection. A refusal (wrong password, too many tries) keeps the server's 'Error' toast from the
 *   shared error policy AND says it beside the form (role=alert, announced), since the toast goes
 *   away; focus returns to the password so the user can type it again at once.
 * - Enter in any field submits; one sign-in is in flight at a time.
 * - Tab goes email, password (and its show/hide toggle), Sign in; the Forgot password link comes
 *   after the button, so Enter after tabbing into the password never follows it.
 * - Success goes on to sign-up step 2 when a registration is being resumed, else to the first tab
 *   with 'Login Successful'.
 */
import { type KeyboardEvent, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../api/errors';
import { loginRules } from '../../lib/validation';
import { requireConnection } from '../../sync/connectivity-guard';
import { FormField } from '../../ui/form/form-field';
import { fieldRules } from '../../ui/form/rules-lists';
import { applyServerErrors } from '../../ui/form/server-errors';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { EmailInput } from '../../ui/inputs/email-input';
import { PasswordInput } from '../../ui/inputs/password-input';
import { toastSuccess } from '../../ui/toast';
import { signIn } from './auth-api';
import { texts, toasts } from './messages';
import { SubmitButton } from './submit-button';

type LoginFormProps = {
  initialEmail: string;
  /** A message to show above the button when the page opens (a failed registration link). */
  initialNotice: string | null;
  onForgot: (email: string) => void;
};

export function LoginForm({ initialEmail, initialNotice, onForgot }: LoginFormProps) {
  const [, navigate] = useLocation();
  const form = useRulesForm({
    defaultValues: { email: initialEmail, password: '' },
    rules: fieldRules<{ email: string; password: string }>(loginRules),
    trimmed: ['email'],
  });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const inFlight = useRef(false);

  const submit = form.submitWith(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      requireConnection();
      setNotice(null);
      await signIn(values, (result) => {
        if (!result.registration) toastSuccess(toasts.loginSuccessful);
        navigate(result.to, { replace: true });
      });
    } catch (error) {
      const onFields = applyServerErrors(form, error);
      if (error instanceof ApiError && (error.offline || (error.status !== 0 && onFields.length === 0))) {
        setNotice(error.message);
        if (!error.offline) form.setFocus('password');
      }
      inFlight.current = false;
      setBusy(false);
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={onKeyDown}
      aria-label={texts.loginTitle}
    >
      <FormField form={form} name="email">
        {(field) => <EmailInput id="login-email" label="Email" autoComplete="username" {...field} />}
      </FormField>
      <FormField form={form} name="password">
        {(field) => (
          <PasswordInput id="login-password" label="Password" autoComplete="current-password" {...field} />
        )}
      </FormField>
      {notice ? (
        <p className="form__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <SubmitButton busy={busy}>{texts.loginButton}</SubmitButton>
      <p className="auth-card__forgot">
        <button
          type="button"
          className="link link-button"
          onClick={() => onForgot(form.getValues('email').trim())}
        >
          {texts.forgotLink}
        </button>
      </p>
    </form>
  );
}
