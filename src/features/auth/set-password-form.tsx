/**
 * /login, set-password mode (spec part 1 §2, §5 Set password): opened by the link of a reset or
 * welcome mail. The code comes from the link and is read-only; the user chooses the password.
 *
 * - Messages are the spec's, verbatim; the server's 422 field errors (an expired code) show under
 *   their fields.
 * - Success toasts and goes back to the login mode with the email filled in.
 */
import { type FormEvent, useRef, useState } from 'react';
import { OFFLINE_MESSAGE } from '../../api/error-policy';
import { ApiError } from '../../api/errors';
import { check, matches, messages, password, required } from '../../lib/validation';
import { toastSuccess } from '../../ui/toast';
import { postPassword } from './auth-api';
import { AuthField } from './auth-field';
import { texts, toasts } from './messages';
import { focusField, isOffline, useFieldForm } from './use-field-form';

/** What the mail's link carries (spec: code, email, user_id, first_name, and a welcome flag). */
export type SetPasswordLink = {
  code: string;
  email: string;
  user_id: string;
  first_name: string;
  welcome: boolean;
};

type SetPasswordFormProps = { link: SetPasswordLink; onDone: (email: string) => void; onBack: () => void };

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

export function SetPasswordForm({ link, onDone, onBack }: SetPasswordFormProps) {
  const form = useFieldForm({
    initial: { code: link.code, password: '', confirmed_password: '' },
    validators: setPasswordValidators,
    trimmed: ['code'],
  });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const inFlight = useRef(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return;
    const { values, firstInvalid } = form.validate();
    if (!values) {
      focusField(`set-password-${firstInvalid}`);
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
      await postPassword({ ...values, user_id: link.user_id, welcome: link.welcome });
      const toast = link.welcome ? toasts.passwordSet : toasts.passwordReset;
      toastSuccess(toast.header, toast.body);
      onDone(link.email);
    } catch (error) {
      if (error instanceof ApiError && error.offline) setNotice(OFFLINE_MESSAGE);
      if (error instanceof ApiError && error.fieldErrors) {
        const field = form.showServerErrors(error.fieldErrors);
        if (field) focusField(`set-password-${field}`);
        else setNotice(error.message);
      }
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={texts.setPasswordTitle}
    >
      <AuthField
        id="set-password-code"
        label="Code"
        kind="code"
        readOnly
        value={form.values.code}
        error={form.errors.code}
        onChange={(value) => form.change('code', value)}
      />
      <AuthField
        id="set-password-password"
        label="New password"
        kind="password"
        autoComplete="new-password"
        value={form.values.password}
        error={form.errors.password}
        onChange={(value) => form.change('password', value)}
        onBlur={() => form.blur('password')}
      />
      <AuthField
        id="set-password-confirmed_password"
        label="Confirm password"
        kind="password"
        autoComplete="new-password"
        value={form.values.confirmed_password}
        error={form.errors.confirmed_password}
        onChange={(value) => form.change('confirmed_password', value)}
        onBlur={() => form.blur('confirmed_password')}
      />
      <p className="auth-card__hint">
        At least 8 characters, with upper and lower case letters, a number and a symbol.
      </p>
      {notice ? (
        <p className="form__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {link.welcome ? texts.setPasswordButton : texts.resetPasswordButton}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={onBack}>
        {texts.backToLogin}
      </button>
    </form>
  );
}
