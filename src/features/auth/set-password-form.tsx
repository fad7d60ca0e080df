/**
 * /login, set-password mode (spec part 1 §2, §5 Set password): opened by the link of a reset or
 * welcome mail. The code comes from the link and is read-only; the user chooses the password.
 *
 * - Messages are the spec's, verbatim; the server's 422 field errors (an expired code) show under
 *   their fields, or above the button when they name no field of this form.
 * - Success toasts and goes back to the login mode with the email filled in.
 */
import { useRef, useState } from 'react';
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
  const form = useRulesForm({
    defaultValues: { code: link.code, password: '', confirmed_password: '' },
    rules: setPasswordValidators,
    trimmed: ['code'],
  });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const inFlight = useRef(false);

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
        {(field) => <TextInput id="set-password-code" label="Code" inputMode="numeric" readOnly {...field} />}
      </FormField>
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
