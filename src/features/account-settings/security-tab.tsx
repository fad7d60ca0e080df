/**
 * Security tab (spec part 2 §2, §5 Password): change the password. Needs a connection (it is an
 * identity action, never queued): offline it says so under the button and keeps what was typed.
 *
 * - The spec's rules and messages, checked as the user types; a wrong current password shows the
 *   server's message under its field.
 * - The server signs every other session of the user out; this one stays signed in.
 */
import { useRef, useState } from 'react';
import { ApiError } from '../../api/errors';
import { useSession } from '../../db/use-session';
import { check, matches, messages, password, required } from '../../lib/validation';
import { FormField } from '../../ui/form/form-field';
import { fieldRules } from '../../ui/form/rules-lists';
import { applyServerErrors } from '../../ui/form/server-errors';
import { useRulesForm } from '../../ui/form/use-rules-form';
import { PasswordInput } from '../../ui/inputs/password-input';
import { toastSuccess } from '../../ui/toast';
import { changePassword } from './account-api';
import { TOASTS } from './messages';

const EMPTY = { current_password: '', password: '', confirmed_password: '' };

export const passwordRules = {
  ...fieldRules<typeof EMPTY>({ current_password: [required()], password: [required(), password] }),
  confirmed_password: (value: string, values: { password: string }) =>
    check(
      value,
      required(),
      matches(() => values.password, messages.passwordMismatch),
    ),
};

export function SecurityTab() {
  const { user_id: userId } = useSession();
  const form = useRulesForm({ defaultValues: EMPTY, rules: passwordRules });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const inFlight = useRef(false);

  const submit = form.submitWith(async (values) => {
    if (inFlight.current || userId === null) return;
    inFlight.current = true;
    setBusy(true);
    setNotice(null);
    try {
      await changePassword({ ...values, user_id: String(userId) });
      toastSuccess('Success', TOASTS.password);
      form.reset(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && applyServerErrors(form, error).length === 0) setNotice(error.message);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  });

  return (
    <section className="settings-card" aria-labelledby="security-title">
      <h2 id="security-title" className="settings-card__title">
        Change Password
      </h2>
      <p className="settings-card__hint">
        Changing your password signs you out on every other device. This needs a connection.
      </p>
      <form className="form settings-form" noValidate onSubmit={(event) => void submit(event)}>
        <FormField form={form} name="current_password">
          {(field) => (
            <PasswordInput
              id="security-current_password"
              label="Current Password"
              autoComplete="current-password"
              required
              {...field}
            />
          )}
        </FormField>
        <FormField form={form} name="password">
          {(field) => (
            <PasswordInput
              id="security-password"
              label="New Password"
              autoComplete="new-password"
              required
              meter
              {...field}
            />
          )}
        </FormField>
        <FormField form={form} name="confirmed_password">
          {(field) => (
            <PasswordInput
              id="security-confirmed_password"
              label="Confirm New Password"
              autoComplete="new-password"
              required
              {...field}
            />
          )}
        </FormField>
        {notice ? (
          <p className="form__notice" role="alert">
            {notice}
          </p>
        ) : null}
        <div className="settings-form__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            Update Password
          </button>
        </div>
      </form>
    </section>
  );
}
