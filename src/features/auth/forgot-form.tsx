/**
 * /login, forgot mode (spec part 1 §2, §5 Forgot password): an email, checked here and then by the
 * validation call, before the reset mail is requested. Success toasts 'Email Sent' and moves on to
 * the email-sent mode. The reset answer is the same whether or not the account exists.
 */
import { type FormEvent, useRef, useState } from 'react';
import { OFFLINE_MESSAGE } from '../../api/error-policy';
import { ApiError } from '../../api/errors';
import { check, loginRules, messages } from '../../lib/validation';
import { toastSuccess } from '../../ui/toast';
import { requestPasswordReset } from './auth-api';
import { AuthField } from './auth-field';
import { texts, toasts } from './messages';
import { focusField, isOffline, useFieldForm } from './use-field-form';

type ForgotFormProps = {
  initialEmail: string;
  onSent: (email: string) => void;
  onBack: () => void;
};

export type ResetOutcome = 'sent' | 'invalid' | 'offline' | 'failed';

/** Sends the reset mail and toasts 'Email Sent'. Used by the email-sent mode's Resend too. */
export async function sendResetMail(email: string): Promise<ResetOutcome> {
  if (isOffline()) return 'offline';
  try {
    if ((await requestPasswordReset(email)) === 'invalid') return 'invalid';
    toastSuccess(toasts.emailSent.header, toasts.emailSent.body);
    return 'sent';
  } catch (error) {
    if (error instanceof ApiError && error.fieldErrors) return 'invalid';
    if (error instanceof ApiError && error.offline) return 'offline';
    // Anything else was already toasted by the api client (rate limit, server error).
    return 'failed';
  }
}

export function ForgotForm({ initialEmail, onSent, onBack }: ForgotFormProps) {
  const form = useFieldForm({
    initial: { email: initialEmail },
    validators: { email: (value) => check(value, ...loginRules.email) },
    trimmed: ['email'],
  });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const inFlight = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    const { values } = form.validate();
    if (!values) {
      focusField('forgot-email');
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setNotice(null);
    const outcome = await sendResetMail(values.email);
    inFlight.current = false;
    setBusy(false);
    if (outcome === 'sent') onSent(values.email);
    if (outcome === 'offline') setNotice(OFFLINE_MESSAGE);
    if (outcome === 'invalid') {
      form.setError('email', messages.loginEmailInvalid);
      focusField('forgot-email');
    }
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-label={texts.forgotTitle}>
      <AuthField
        id="forgot-email"
        label="Email"
        kind="email"
        autoComplete="username"
        value={form.values.email}
        error={form.errors.email}
        onChange={(value) => form.change('email', value)}
        onBlur={() => form.blur('email')}
      />
      {notice ? (
        <p className="form__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {texts.sendEmail}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={onBack}>
        {texts.backToLogin}
      </button>
    </form>
  );
}
