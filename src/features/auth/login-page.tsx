/**
 * /login (spec part 1 §2 /login): the sign-in screen and its four modes, login, forgot,
 * email-sent and set-password, plus the registration link (`?token=`).
 *
 * - The mode lives in this page's state; Back to Login resets every mode (each form remounts).
 * - A set-password link's query (code, email, user_id, first_name, welcome) is read once, then
 *   cleared from the address bar, so the code does not stay in history.
 * - A registration link authenticates its token behind a spinner and goes on to /signup; on
 *   failure the user stays here, query cleared, with the server's message.
 * - A one-time sign-in link (`?sign_in_token=`, mailed while sign-in from new devices is paused on
 *   the account) signs in the same way, behind the same spinner; its token is cleared at once too.
 */
import './login-page.css';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PRODUCT_NAME } from '@/lib/config';
import { OFFLINE_MESSAGE } from '../../api/error-policy';
import { ApiError } from '../../api/errors';
import { toastSuccess } from '../../ui/toast';
import { authenticateRegistration, signInWithLink } from './auth-api';
import { EmailSent } from './email-sent';
import { ForgotForm } from './forgot-form';
import { LoginForm } from './login-form';
import { texts, toasts } from './messages';
import { SetPasswordForm, type SetPasswordLink } from './set-password-form';
import { SisterBrandLinks } from './sister-brand-links';

type Mode =
  | { name: 'login'; email: string; notice: string | null }
  | { name: 'forgot'; email: string }
  | { name: 'email-sent'; email: string }
  | { name: 'set-password'; link: SetPasswordLink }
  | { name: 'registration'; token: string }
  | { name: 'sign-in-link'; token: string };

/** The mode a fresh visit to /login?... opens in. */
export function initialMode(search: string): Mode {
  const query = new URLSearchParams(search);
  const token = query.get('token');
  if (token) return { name: 'registration', token };
  const signInToken = query.get('sign_in_token');
  if (signInToken) return { name: 'sign-in-link', token: signInToken };
  const [code, email, user_id, first_name] = ['code', 'email', 'user_id', 'first_name'].map((key) =>
    query.get(key),
  );
  if (code && email && user_id && first_name) {
    const welcome = ['1', 'true'].includes(query.get('welcome') ?? '');
    return { name: 'set-password', link: { code, email, user_id, first_name, welcome } };
  }
  return { name: 'login', email: '', notice: null };
}

function heading(mode: Mode): { title: string; lead: string } {
  switch (mode.name) {
    case 'forgot':
      return {
        title: texts.forgotTitle,
        lead: 'Enter the email you sign in with and we will send you a reset link.',
      };
    case 'email-sent':
      return { title: texts.emailSentTitle, lead: 'Check your inbox (and your spam folder, just in case).' };
    case 'set-password':
      return mode.link.welcome
        ? {
            title: texts.welcomeTitle,
            lead: `Hi ${mode.link.first_name}, choose a password for ${mode.link.email}.`,
          }
        : {
            title: texts.setPasswordTitle,
            lead: `Hi ${mode.link.first_name}, choose a new password for ${mode.link.email}.`,
          };
    case 'registration':
      return { title: texts.loginTitle, lead: texts.checkingLink };
    case 'sign-in-link':
      return { title: texts.loginTitle, lead: texts.checkingSignInLink };
    default:
      return {
        title: texts.loginTitle,
        lead: 'Welcome back. Sign in to see your leads, campaigns and results.',
      };
  }
}

export default function LoginPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [mode, setMode] = useState<Mode>(() => initialMode(search));
  // Bumped on every mode change so each form starts fresh.
  const [generation, setGeneration] = useState(0);
  const go = (next: Mode) => {
    setMode(next);
    setGeneration((n) => n + 1);
  };
  const backToLogin = (email = '') => go({ name: 'login', email, notice: null });

  const linkToken = mode.name === 'registration' || mode.name === 'sign-in-link' ? mode.token : null;
  const linkKind = mode.name;
  const hasQuery = search !== '';

  useEffect(() => {
    if (!linkToken) {
      if (hasQuery) navigate('/login', { replace: true });
      return;
    }
    let current = true;
    const opened =
      linkKind === 'sign-in-link'
        ? signInWithLink(linkToken, (result) => {
            if (!result.registration) toastSuccess(toasts.loginSuccessful);
            navigate(result.to, { replace: true });
          })
        : authenticateRegistration(linkToken, (to) => navigate(to, { replace: true }));
    opened.catch((error: unknown) => {
      if (!current) return;
      const notice = error instanceof ApiError && error.offline ? OFFLINE_MESSAGE : (error as Error).message;
      navigate('/login', { replace: true });
      setMode({ name: 'login', email: '', notice });
      setGeneration((n) => n + 1);
    });
    return () => {
      current = false;
    };
  }, [linkToken, linkKind, hasQuery, navigate]);

  const { title, lead } = heading(mode);
  return (
    <main className="auth-layout">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <section className="auth-brand" aria-hidden="true">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <p className="auth-brand__name">{PRODUCT_NAME}</p>
        <p className="auth-brand__tagline">
          Your leads, campaigns and results in one place, even on the job site.
        </p>
      </section>
      <section className="auth-panel">
        <div className="auth-card">
          <img className="auth-card__logo" src="/logo.svg" alt={PRODUCT_NAME} width={44} height={44} />
          <h1 className="auth-card__title">{title}</h1>
          <p className="auth-card__lead">{lead}</p>
          {mode.name === 'registration' || mode.name === 'sign-in-link' ? (
            <div className="auth-card__checking" role="status" aria-label={lead}>
              <span className="spinner spinner--large" aria-hidden="true" />
            </div>
          ) : null}
          {mode.name === 'login' ? (
            <LoginForm
              key={generation}
              initialEmail={mode.email}
              initialNotice={mode.notice}
              onForgot={(email) => go({ name: 'forgot', email })}
            />
          ) : null}
          {mode.name === 'forgot' ? (
            <ForgotForm
              key={generation}
              initialEmail={mode.email}
              onSent={(email) => go({ name: 'email-sent', email })}
              onBack={() => backToLogin()}
            />
          ) : null}
          {mode.name === 'email-sent' ? (
            <EmailSent key={generation} email={mode.email} onBack={() => backToLogin()} />
          ) : null}
          {mode.name === 'set-password' ? (
            <SetPasswordForm
              key={generation}
              link={mode.link}
              onDone={backToLogin}
              onBack={() => backToLogin()}
              onNewCode={(email) => go({ name: 'email-sent', email })}
            />
          ) : null}
          {mode.name === 'login' ? (
            <>
              <p className="auth-card__footer">
                New here?{' '}
                <Link className="link" href="/signup">
                  {texts.signUp}
                </Link>
              </p>
              <SisterBrandLinks />
            </>
          ) : null}
        </div>
      </section>
    </main>
  );
}
