/**
 * /login, forgot mode (spec part 1 §2, §5 Forgot password): an email, checked here and then by the
 * validation call, before the reset mail is requested. Success toasts 'Email Sent' and moves on to
 * the email-sent mode. The reset answer is the same whether or not the account exists.
 */
import { useRef, useState } from 'react';
import { OFFLINE_MESSAGE } from '../../api/error-policy';
import { ApiError } from '../../api/errors';
import { loginRules, messages } from '../../lib/validation';
import { requireConnection } from '../../sync/connectivity-guard';
import { FormField } from '../../ui/form/form-field';
import { fieldRules } from '../../ui/form/rules-lists';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { EmailInput } from '../../ui/inputs/email-input';
import { toastSuccess } from '../../ui/toast';
import { requestPasswordReset } from './auth-api';
import { texts, toasts } from './messages';
import { SubmitButton } from './submit-button';

type ForgotFormProps = {
  initialEmail: string;
  onSent: (email: string) => void;
  onBack: () => void;
};

export type ResetOutcome = 'sent' | 'invalid' | 'offline' | 'failed';

/** Sends the reset mail and toasts 'Email Sent'. Used by the email-sent mode's Resend too. */
export async function sendResetMail(email: string): Promise<ResetOutcome> {
  try {
    requireConnection();
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
  const form = useRulesForm({
    defaultValues: { email: initialEmail },
    rules: fieldRules<{ email: string }>({ email: loginRules.email }),
    trimmed: ['email'],
  });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const inFlight = useRef(false);

  const submit = form.submitWith(async ({ email }) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setNotice(null);
    const outcome = await sendResetMail(email);
    inFlight.current = false;
    setBusy(false);
    if (outcome === 'sent') onSent(email);
    if (outcome === 'offline') setNotice(OFFLINE_MESSAGE);
    if (outcome === 'invalid')
      form.setError('email', { message: messages.loginEmailInvalid }, { shouldFocus: true });
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-label={texts.forgotTitle}>
      <FormField form={form} name="email">
        {(field) => <EmailInput id="forgot-email" label="Email" autoComplete="username" {...field} />}
      </FormField>
      {notice ? (
        <p className="form__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <SubmitButton busy={busy}>{texts.sendEmail}</SubmitButton>
      <button type="button" className="button button--ghost button--block" onClick={onBack}>
        {texts.backToLogin}
      </button>
    </form>
  );
}
