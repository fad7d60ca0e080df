/**
 * /login, email-sent mode (spec part 1 §2): confirms the reset mail went out, offers Resend Email
 * (the same request again, 'Email Sent' toast) and Back to Login.
 */
import { useState } from 'react';
import { OFFLINE_MESSAGE } from '../../api/error-policy';
import { sendResetMail } from './forgot-form';
import { texts } from './messages';

type EmailSentProps = { email: string; onBack: () => void };

export function EmailSent({ email, onBack }: EmailSentProps) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  async function resend() {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    const outcome = await sendResetMail(email);
    setBusy(false);
    if (outcome === 'offline') setNotice(OFFLINE_MESSAGE);
  }

  return (
    <div className="form">
      <p className="auth-card__text">
        We sent a reset link to <strong>{email}</strong>. Open it to choose a new password. It works once, for
        one hour; an earlier link you got still works too.
      </p>
      {notice ? (
        <p className="form__notice" role="alert">
          {notice}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => void resend()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {texts.resendEmail}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={onBack}>
        {texts.backToLogin}
      </button>
    </div>
  );
}
