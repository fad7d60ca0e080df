/**
 * /login, set-password mode (spec part 1 §2, §5 Set password): opened by the link of a reset or
 * welcome mail. The code comes from the link and is read-only; the user chooses the password.
 *
 * - Messages are the spec's, verbatim; the server's 422 field errors (an expired code) show under
 *   their fields, or above the button when they name no field of this form.
 * - Success toasts and goes back to the login mode with the email filled in.
 * - A used or expired code is not a dead end: under the code's error, "Send a new code" mails a
 *   fresh link to the same address and moves on to the email-sent mode.
 */
import { useRef, useState } from 'react';
import { OFFLINE_MESSAGE } from '../../api/error-policy';
import { ApiError } from '../../api/errors';
import { check, matches, messages, password, required } from '../../lib/validation';
import { requireConnection } from '../../sync/connectivity-guard';
import { FormField } from '../../ui/form/form-field';
import { applyServerErrors } from '../../ui/form/server-errors';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { PasswordInput } from '../../ui/inputs/password-input';
import { TextInput } from '../../ui/inputs/text-input';
import { toastSuccess } from '../../ui/toast';
import { postPassword } from './auth-api';
import { sendResetMail } from './forgot-form';
import { texts, toasts } from './messages';
import { SubmitButton } from './submit-button';

/** What the mail's link carries (spec: code, email, user_id, first_name, and a welcome flag). */
export type SetPasswordLink = {
  code: string;
  email: string;
  user_id: string;
  first_name: string;
  welcome: boolean;
};

type SetPasswordFormProps = {
  link: SetPasswordLink;
  onDone: (email: string) => void;
  onBack: () => void;
  /** A new code was mailed to this address. */
  onNewCode: (email: string) => void;
};

export const setPasswordValidators = {
  code: (value: string) => check(value, required(messages.codeRequired)),
  password: (value: string) => check(value, required(messages.required), password),
  confirmed_password: (value: string, values: { password: string }) =>
    check(
      value,
      required(messages.required),
      matches(() => values.password),
    ),
};

export function SetPasswordForm({ link, onDone, onBack, onNewCode }: SetPasswordFormProps) {
  const form = useRulesForm({
    defaultValues: { code: link.code, password: '', confirmed_password: '' },
    rules: setPasswordValidators,
    trimmed: ['code'],
  });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const codeRefused = Boolean(form.formState.errors.code?.message) && link.code !== '';

  const sendNewCode = async () => {
    setSending(true);
    const outcome = await sendResetMail(link.email);
    setSending(false);
    if (outcome === 'sent') onNewCode(link.email);
    else if (outcome === 'offline') setNotice(OFFLINE_MESSAGE);
  };

  const submit = form.submitWith(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      requireConnection();
      setNotice(null);
      await postPassword({ ...values, user_id: link.user_id, welcome: link.welcome });
      const toast = link.welcome ? toasts.passwordSet : toasts.passwordReset;
      toastSuccess(toast.header, toast.body);
      onDone(link.email);
    } catch (error) {
      if (error instanceof ApiError && error.offline) setNotice(error.message);
      if (error instanceof ApiError && error.fieldErrors && applyServerErrors(form, error).length === 0) {
        setNotice(error.message);
      }
      inFlight.current = false;
      setBusy(false);
    }
  });

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={texts.setPasswordTitle}
    >
      <FormField form={form} name="code">
        {(field) => <TextInput id="set-password-code" label="Code" readOnly {...field} />}
      </FormField>
      {codeRefused ? (
        <div className="auth-card__new-code">
          <p>Codes work once and for an hour. We can send a new one to {link.email}.</p>
          <button
            type="button"
            className="button button--ghost button--block"
            disabled={sending}
            onClick={() => void sendNewCode()}
          >
            {sending ? 'Sending…' : texts.sendNewCode}
          </button>
        </div>
      ) : null}
      <FormField form={form} name="password">
        {(field) => (
          <PasswordInput
            id="set-password-password"
            label="New password"
            autoComplete="new-password"
            {...field}
          />
        )}
      </FormField>
      <FormField form={form} name="confirmed_password">
        {(field) => (
          <PasswordInput
            id="set-password-confirmed_password"
            label="Confirm password"
            autoComplete="new-password"
            {...field}
          />
        )}
      </FormField>
      <p className="auth-card__hint">
        At least 8 characters, with upper and lower case letters, a number and a symbol.
      </p>
      {notice ? (
        <p className="form__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <SubmitButton busy={busy}>
        {link.welcome ? texts.setPasswordButton : texts.resetPasswordButton}
      </SubmitButton>
      <button type="button" className="button button--ghost button--block" onClick={onBack}>
        {texts.backToLogin}
      </button>
    </form>
  );
}
